import { cva } from '../../../styled-system/css';

/**
 * A button, and a link that acts as one. `danger` is for actions that remove or sign out: outlined
 * in the danger tone, so they do not look like the harmless ones beside them.
 */
export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minHeight: '10',
    paddingInline: '4',
    borderRadius: 'l2',
    fontWeight: 'semibold',
    fontSize: 'md',
    cursor: 'pointer',
    transition: 'background-color token(durations.normal), border-color token(durations.normal)',
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'accent.fg',
        // `:not(:disabled)` rather than `:enabled`, which no link matches.
        _hover: { '&:not(:disabled)': { bg: 'accent.emphasis' } },
      },
      outline: {
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'canvas',
        color: 'fg.default',
        _hover: { '&:not(:disabled)': { bg: 'surface' } },
      },
      danger: {
        borderWidth: '1px',
        borderColor: 'danger.default',
        bg: 'canvas',
        color: 'danger.default',
        _hover: { '&:not(:disabled)': { bg: 'danger.subtle' } },
      },
      link: {
        minHeight: 'auto',
        paddingInline: '0',
        color: 'accent.default',
        textDecoration: 'underline',
        fontWeight: 'medium',
      },
    },
    width: { full: { width: '100%' }, auto: {} },
  },
  defaultVariants: { variant: 'solid', width: 'auto' },
});
