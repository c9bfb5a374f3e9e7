import { sva } from '../../../styled-system/css';

/** A framed section of a signed-in page: its header (title, description, actions) and its body. */
export const card = sva({
  slots: ['root', 'header', 'title', 'description', 'actions'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      padding: '5',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'l3',
      bg: 'canvas',
      minWidth: '0',
    },
    header: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '3' },
    // Focused from script only (`titleRef`), where a ring would look like a control.
    title: {
      fontSize: 'lg',
      fontWeight: 'semibold',
      flex: '1',
      minWidth: 'max-content',
      _focusVisible: { outline: 'none' },
    },
    description: { color: 'fg.muted', flexBasis: '100%' },
    actions: { display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' },
  },
});
