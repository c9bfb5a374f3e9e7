import { css } from '../../../styled-system/css';

/**
 * A QR code (qrcode.react's SVG): dark modules on a light square with its quiet zone in every
 * theme, which is what cameras read, in a thin frame.
 */
export const qrCode = css({ display: 'block', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border' });
