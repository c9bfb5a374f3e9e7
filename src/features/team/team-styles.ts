import { css } from '../../../styled-system/css';

/** Styles the team section's views share. */
export const muted = css({ color: 'fg.muted' });
export const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
export const subheading = css({ fontSize: 'md', fontWeight: 'semibold' });
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    textAlign: 'start',
    paddingBlock: '2',
    paddingInline: '2',
    borderBlockEndWidth: '1px',
    borderColor: 'border',
    verticalAlign: 'middle',
  },
  '& th': { fontWeight: 'semibold', color: 'fg.muted', whiteSpace: 'nowrap' },
});
/** Wide tables scroll on their own rather than widening the page. */
export const tableScroller = css({ overflowX: 'auto' });
