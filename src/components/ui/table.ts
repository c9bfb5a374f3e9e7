import { css } from '../../../styled-system/css';

/** A data table: full width, rows ruled, headings muted. */
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
