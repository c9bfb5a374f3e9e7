import { css, sva } from '../../../styled-system/css';

/**
 * The look of every field's control: text inputs and native `<select>`s (the browser's own list,
 * which works by keyboard and on phones). The invalid border follows `aria-invalid`.
 */
export const fieldControl = css({
  minHeight: '10',
  paddingInline: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'canvas',
  color: 'fg.default',
  fontSize: 'md',
  transition: 'border-color token(durations.normal)',
  _invalid: { borderColor: 'danger.default' },
  _disabled: { opacity: 0.7 },
});

/** A field: its label, its control, a description under it and its error (Ark UI's Field parts). */
export const field = sva({
  slots: ['root', 'label', 'helperText', 'errorText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', border: 'none', minWidth: '0' },
    label: { fontWeight: 'medium', color: 'fg.default' },
    helperText: { color: 'fg.muted', fontSize: 'sm' },
    errorText: { color: 'danger.default', fontSize: 'sm' },
  },
});
