import { cva } from '../../../styled-system/css';

/** Running text: its tone (muted for secondary text, danger and success for a state), size and weight. */
export const text = cva({
  base: {},
  variants: {
    tone: {
      default: { color: 'fg.default' },
      muted: { color: 'fg.muted' },
      danger: { color: 'danger.default' },
      success: { color: 'success.default' },
      accent: { color: 'accent.default' },
    },
    size: {
      sm: { fontSize: 'sm' },
      md: { fontSize: 'md' },
      lg: { fontSize: 'lg' },
      /** A figure that stands out: a price, a total. */
      xl: { fontSize: 'xl' },
    },
    weight: {
      normal: { fontWeight: 'normal' },
      medium: { fontWeight: 'medium' },
      semibold: { fontWeight: 'semibold' },
      bold: { fontWeight: 'bold' },
    },
    /** Keys, addresses, codes: a fixed-width face, a little smaller. */
    mono: { true: { fontFamily: 'mono', fontSize: 'sm' } },
  },
});

/** Headings by their place: a page's title, a group of cards', a section's, a part within a section. */
export const heading = cva({
  base: { color: 'fg.default', _focusVisible: { outline: 'none' } },
  variants: {
    level: {
      page: { fontSize: '2xl', fontWeight: 'bold' },
      group: { fontSize: 'xl', fontWeight: 'semibold' },
      section: { fontSize: 'lg', fontWeight: 'semibold' },
      subsection: { fontSize: 'md', fontWeight: 'semibold' },
    },
  },
  defaultVariants: { level: 'section' },
});
