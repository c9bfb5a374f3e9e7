import { css } from '../../../styled-system/css';

/**
 * A part of a card or panel set off by a rule above it: a step shown in place (setting up an
 * app, renaming a passkey), another way to sign in.
 */
export const subsection = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  paddingBlockStart: '4',
  borderBlockStartWidth: '1px',
  borderColor: 'border',
});
