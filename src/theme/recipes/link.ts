import { css } from '../../../styled-system/css';

/** A link within text: the accent colour, underlined. */
export const textLink = css({ color: 'accent.default', textDecoration: 'underline' });
