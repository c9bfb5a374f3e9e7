import { css } from '../../../styled-system/css';

/**
 * The look of every modal dialog (Ark UI's Dialog parts): a dimmed page, the dialog centred, its
 * title. The content scrolls within the screen; a wider dialog adds its own width.
 */
export const dialogBackdrop = css({ position: 'fixed', inset: '0', bg: 'rgba(0, 0, 0, 0.45)', zIndex: 'overlay' });
export const dialogPositioner = css({
  position: 'fixed',
  inset: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 'modal',
  padding: '4',
});
export const dialogContent = css({
  bg: 'canvas',
  color: 'fg.default',
  borderRadius: 'l3',
  boxShadow: 'xl',
  padding: '6',
  width: 'min(28rem, 100%)',
  maxHeight: '100%',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
});
export const dialogTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });
