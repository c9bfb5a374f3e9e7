import { config } from '../lib/config';
import {
  applyTheme,
  type ColorMode,
  colorModeCookieValue,
  colorModeFromCookie,
  partnerThemeFor,
  resolveTheme,
} from '../lib/theme';

const darkQuery = '(prefers-color-scheme: dark)';

function currentTheme(mode: ColorMode) {
  return resolveTheme({
    partner: partnerThemeFor(window.location.hostname, config.partnerThemeHosts),
    mode,
    systemPrefersDark: window.matchMedia(darkQuery).matches,
  });
}

/** Applies the theme at start and follows the system while the mode is `auto`. */
export function startThemeSync(): void {
  const root = document.documentElement;
  applyTheme(root, currentTheme(colorModeFromCookie(document.cookie)));
  window.matchMedia(darkQuery).addEventListener('change', () => {
    applyTheme(root, currentTheme(colorModeFromCookie(document.cookie)));
  });
}

/** The colour-mode switch: remembered in a cookie for a year, applied at once. */
export function setColorMode(mode: ColorMode): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve yet
  document.cookie = colorModeCookieValue(mode);
  applyTheme(document.documentElement, currentTheme(mode));
}

export function currentColorMode(): ColorMode {
  return colorModeFromCookie(document.cookie);
}
