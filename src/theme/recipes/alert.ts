import { sva } from '../../../styled-system/css';

/** A message the person must notice, with an optional way on ("Try again"). */
export const alert = sva({
  slots: ['root', 'content', 'action'],
  base: {
    root: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '3',
      paddingBlock: '2.5',
      paddingInline: '3',
      borderRadius: 'l2',
      borderInlineStartWidth: '4px',
      color: 'fg.default',
    },
    content: { flex: '1', minWidth: '12rem' },
    action: { display: 'flex', flexWrap: 'wrap', gap: '3' },
  },
  variants: {
    tone: {
      danger: { root: { borderColor: 'danger.default', bg: 'danger.subtle' } },
      success: { root: { borderColor: 'success.default', bg: 'success.subtle' } },
      /** Something to know rather than news (`Note`): a requirement, a way on. */
      accent: { root: { borderColor: 'accent.default', bg: 'accent.subtle' } },
    },
  },
  defaultVariants: { tone: 'danger' },
});
