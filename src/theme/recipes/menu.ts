import { sva } from '../../../styled-system/css';

/** An Ark UI menu (Park UI's shape, in the portal's role tokens): its frame, items, group labels, separators. */
export const menu = sva({
  slots: ['content', 'item', 'itemGroupLabel', 'separator'],
  base: {
    content: {
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
    },
    item: {
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
    },
    itemGroupLabel: {
      paddingInline: '2.5',
      paddingBlock: '1.5',
      color: 'fg.muted',
      fontSize: 'sm',
      overflowWrap: 'anywhere',
    },
    separator: { borderBlockStartWidth: '1px', borderColor: 'border', marginBlock: '1' },
  },
});
