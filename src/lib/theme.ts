/** Themes of the portal (docs/spec.md §4): a class on <html>. */
export type Theme = 'light' | 'dark' | 'miri';
export type ColorMode = 'light' | 'dark' | 'auto';

const colorModeCookie = 'colorMode';
const oneYearInSeconds = 365 * 24 * 60 * 60;

/** The partner theme is chosen by the host name the portal is reached on. */
export function partnerThemeFor(hostname: string, partnerHosts: Record<'miri', readonly string[]>): 'miri' | null {
  const host = hostname.toLowerCase();
  return partnerHosts.miri.some((candidate) => host === candidate || host.endsWith(`.${candidate}`)) ? 'miri' : null;
}

/**
 * The theme to apply: a partner host always shows its partner's theme (a light brand theme);
 * otherwise the colour mode decides, `auto` following the system.
 */
export function resolveTheme(options: { partner: 'miri' | null; mode: ColorMode; systemPrefersDark: boolean }): Theme {
  if (options.partner) return options.partner;
  if (options.mode === 'auto') return options.systemPrefersDark ? 'dark' : 'light';
  return options.mode;
}

export function colorModeFromCookie(cookieHeader: string): ColorMode {
  const value = cookieHeader
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === colorModeCookie)?.[1];
  return value === 'light' || value === 'dark' || value === 'auto' ? value : 'auto';
}

/** Remembered for one year (docs/spec.md §9). */
export function colorModeCookieValue(mode: ColorMode): string {
  return `${colorModeCookie}=${mode}; Max-Age=${oneYearInSeconds}; Path=/; SameSite=Lax`;
}

export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.classList.remove('light', 'dark', 'miri');
  root.classList.add(theme);
  root.dataset.theme = theme;
}
