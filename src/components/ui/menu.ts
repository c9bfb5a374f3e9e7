import { css } from '../../../styled-system/css';

/** The frame and the items of an Ark UI menu (Park UI's shape, in the portal's role tokens). */
export const menuContent = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  minWidth: '14rem',
  maxWidth: 'min(22rem, calc(100vw - 2rem))',
  padding: '1.5',
  bg: 'canvas',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  boxShadow: 'lg',
  zIndex: 30,
  _focusVisible: { outline: 'none' },
});

export const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '9',
  paddingInline: '2.5',
  borderRadius: 'l1',
  color: 'fg.default',
  textDecoration: 'none',
  cursor: 'pointer',
  _highlighted: { bg: 'accent.subtle' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  '&[aria-current=page]': { fontWeight: 'semibold' },
});

export const menuGroupLabel = css({
  paddingInline: '2.5',
  paddingBlock: '1.5',
  color: 'fg.muted',
  fontSize: 'sm',
  overflowWrap: 'anywhere',
});

export const menuSeparator = css({ borderBlockStartWidth: '1px', borderColor: 'border', marginBlock: '1' });
