import { css } from '../../../styled-system/css';

/** A `<dl>` of terms and their values: side by side from small screens up, stacked on phones. */
export const detailsList = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '4',
  rowGap: '1',
  '& dt': { color: 'fg.muted' },
  '& dd': { marginBlockEnd: { base: '2', sm: '0' } },
});

/**
 * A `<dl>` of a few short terms ("Status", "Seats") and short values, side by side on every screen:
 * stacked, a card of them would grow twice as tall on a phone.
 */
export const compactDetailsList = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '4',
  rowGap: '1',
  '& dt': { color: 'fg.muted' },
});
