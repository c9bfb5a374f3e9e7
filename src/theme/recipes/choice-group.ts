import { sva } from '../../../styled-system/css';

/**
 * A question answered with native radios or checkboxes (a `<fieldset>` named by its `<legend>`):
 * the browser's own controls, which work by keyboard and are announced as a group.
 */
export const choiceGroup = sva({
  slots: ['root', 'legend', 'item', 'control'],
  base: {
    root: { display: 'grid', gap: '2', border: 'none', minWidth: '0' },
    legend: { fontWeight: 'medium', marginBlockEnd: '2' },
    item: { display: 'flex', gap: '2', alignItems: 'baseline' },
    control: {
      accentColor: 'accent.default',
      width: '4',
      height: '4',
      flexShrink: '0',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
      '&[aria-busy=true]': { cursor: 'progress' },
    },
  },
});
