import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentColorMode, setColorMode, startThemeSync } from '../../src/app/theme-sync';
import { activateLocale, type LayoutCatalog, loadCatalog } from '../../src/lib/i18n';
import { locales } from '../../src/lib/locales';

/** A system colour scheme the test can change, as `prefers-color-scheme` changes in a browser. */
function stubSystemColourScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      get matches() {
        return dark;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (nowDark: boolean) => {
    dark = nowDark;
    for (const listener of listeners) listener();
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie
  document.cookie = 'colorMode=; Max-Age=0; Path=/';
  document.documentElement.className = '';
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

describe('colour mode in the page', () => {
  it('in auto follows the system live, setting `dark` on <html> while it is dark', () => {
    const systemTurns = stubSystemColourScheme(false);
    startThemeSync();
    expect(currentColorMode()).toBe('auto');
    expect(document.documentElement).toHaveClass('light');
    systemTurns(true);
    expect(document.documentElement).toHaveClass('dark');
    systemTurns(false);
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('a chosen mode holds whatever the system does, and is remembered', () => {
    const systemTurns = stubSystemColourScheme(false);
    startThemeSync();
    setColorMode('dark');
    expect(document.documentElement).toHaveClass('dark');
    systemTurns(false);
    expect(document.documentElement).toHaveClass('dark');
    expect(currentColorMode()).toBe('dark');
  });

  it('starts from the remembered mode', () => {
    stubSystemColourScheme(true);
    // biome-ignore lint/suspicious/noDocumentCookie: setting up the test document's cookie
    document.cookie = 'colorMode=light; Path=/';
    startThemeSync();
    expect(document.documentElement).toHaveClass('light');
  });
});

describe('catalogs', () => {
  it.each(locales)('%s has a catalog that loads', async (locale) => {
    const i18n = setupI18n();
    await activateLocale(locale, i18n);
    expect(i18n.locale).toBe(locale);
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(0);
  });

  const layoutCatalogs: LayoutCatalog[] = ['signed-in', 'visitor'];
  it.each(locales.flatMap((locale) => layoutCatalogs.map((name) => [locale, name] as const)))(
    '%s has a %s catalog that adds its messages to the public ones',
    async (locale, name) => {
      const i18n = setupI18n();
      await activateLocale(locale, i18n);
      const publicCount = Object.keys(i18n.messages).length;
      let changes = 0;
      i18n.on('change', () => {
        changes += 1;
      });
      await loadCatalog(name, i18n);
      expect(Object.keys(i18n.messages).length).toBeGreaterThan(publicCount);
      // A second call, on the next navigation, loads nothing and re-renders nothing.
      await loadCatalog(name, i18n);
      expect(changes).toBe(1);
    },
  );

  it('sets <html lang dir>: Arabic right to left, others left to right', async () => {
    await activateLocale('ar', setupI18n());
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await activateLocale('zh-CN', setupI18n());
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
