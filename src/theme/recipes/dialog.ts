import { sva } from '../../../styled-system/css';

/**
 * Every modal dialog (Ark UI's Dialog parts): a dimmed page, the dialog centred, its title, and its
 * buttons at the end. The content scrolls within the screen; `size: wide` for a dialog with a form.
 */
export const dialog = sva({
  slots: ['backdrop', 'positioner', 'content', 'title', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(0, 0, 0, 0.45)', zIndex: 'overlay' },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      zIndex: 'modal',
      padding: '4',
    },
    content: {
      bg: 'canvas',
      color: 'fg.default',
      borderRadius: 'l3',
      boxShadow: 'xl',
      padding: '6',
      maxHeight: '100%',
      overflowY: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
    },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    footer: { display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' },
  },
  variants: {
    size: { normal: { content: { width: 'min(28rem, 100%)' } }, wide: { content: { width: 'min(32rem, 100%)' } } },
  },
  defaultVariants: { size: 'normal' },
});
