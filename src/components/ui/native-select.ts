import { css } from '../../../styled-system/css';

/** A native `<select>` styled like the text fields: the browser's own list works by keyboard and on phones. */
export const nativeSelect = css({
  minHeight: '10',
  paddingInline: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'canvas',
  color: 'fg.default',
  fontSize: 'md',
  _disabled: { opacity: 0.7 },
});
