import { sva } from '../../../styled-system/css';

/**
 * A data table: it scrolls on its own rather than widening the page, rows ruled, headings muted,
 * numbers aligned to the end in tabular figures, headers that sort.
 */
export const table = sva({
  slots: ['scroller', 'table', 'caption', 'header', 'cell', 'sortButton', 'footer', 'actions'],
  base: {
    // Positioned, so what is visually hidden in a cell ("Actions") is clipped with the table rather
    // than widening the page on a phone.
    scroller: { overflowX: 'auto', maxWidth: '100%', position: 'relative' },
    table: { width: '100%', borderCollapse: 'collapse' },
    caption: { textAlign: 'start', fontWeight: 'semibold', paddingBlockEnd: '2' },
    header: {
      textAlign: 'start',
      paddingBlock: '2',
      paddingInline: '2',
      borderBlockEndWidth: '1px',
      borderColor: 'border',
      fontWeight: 'semibold',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      verticalAlign: 'bottom',
    },
    cell: {
      textAlign: 'start',
      paddingBlock: '2',
      paddingInline: '2',
      borderBlockEndWidth: '1px',
      borderColor: 'border',
      verticalAlign: 'middle',
    },
    sortButton: {
      display: 'inline-flex',
      gap: '1',
      alignItems: 'center',
      fontWeight: 'semibold',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { color: 'fg.default' },
      '&[data-sorted]': { color: 'fg.default' },
    },
    footer: { display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', paddingBlockStart: '3' },
    actions: { display: 'flex', flexWrap: 'wrap', gap: '3', marginInlineStart: 'auto' },
  },
  variants: {
    numeric: {
      true: {
        header: { textAlign: 'end' },
        cell: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      },
    },
    /** Every cell on one line: the table scrolls sideways rather than its rows growing (a log, a report). */
    nowrap: { true: { cell: { whiteSpace: 'nowrap' } } },
  },
});
