import { cva } from '../../../styled-system/css';

/** A short state beside a name ("This session", "Active", "Expired"): a word, never colour alone. */
export const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    paddingInline: '2',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'sm',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      neutral: { borderColor: 'border', color: 'fg.default' },
      accent: { borderColor: 'accent.default', color: 'accent.default', bg: 'accent.subtle' },
      success: { borderColor: 'success.default', color: 'success.default', bg: 'success.subtle' },
      danger: { borderColor: 'danger.default', color: 'danger.default', bg: 'danger.subtle' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
