import { css } from '../../../styled-system/css';

/** A framed section of a signed-in page, and its heading. */
export const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  padding: '5',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l3',
  bg: 'canvas',
});
export const cardTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });
