import { css } from '../../styled-system/css';
import { config } from '../lib/config';
import { partnerThemeFor } from '../lib/theme';

/** The product's mark, or the partner's on a partner host (the miri theme swaps the icons). */
export function BrandLogo({ hostname = window.location.hostname }: { hostname?: string }) {
  const partner = partnerThemeFor(hostname, config.partnerThemeHosts);
  if (partner === 'miri') {
    return (
      <svg
        role="img"
        aria-label={`Miri × ${config.productName}`}
        viewBox="0 0 40 40"
        width="36"
        height="36"
        className={css({ color: 'accent.default' })}
      >
        <circle cx="20" cy="20" r="18" fill="currentColor" />
        <path d="M11 27V14l9 8 9-8v13" stroke="#fff" strokeWidth="3" fill="none" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg
      role="img"
      aria-label={config.productName}
      viewBox="0 0 32 32"
      width="36"
      height="36"
      className={css({ color: 'accent.default' })}
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M8 20c4-8 12-8 16 0M11 22c2.5-4.5 7.5-4.5 10 0"
        stroke="#fff"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
