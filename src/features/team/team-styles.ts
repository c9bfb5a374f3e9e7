import { css } from '../../../styled-system/css';

/** Styles the team section's views share. */
export const muted = css({ color: 'fg.muted' });
export const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
export const subheading = css({ fontSize: 'md', fontWeight: 'semibold' });
