import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../src/app/page-title';
import { detectLocale, directionOf } from '../../src/lib/i18n';
import {
  applyTheme,
  colorModeCookieValue,
  colorModeFromCookie,
  partnerThemeFor,
  resolveTheme,
} from '../../src/lib/theme';

describe('language from the browser', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['pt-BR'], 'pt'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-CN'], 'zh-CN'],
    [['zh-TW', 'ja'], 'ja'],
    [['no'], 'nb'],
    [['nn-NO'], 'nb'],
    [['ar-EG'], 'ar'],
    [['xx', 'yy'], 'en'],
    [[], 'en'],
  ])('%j → %s', (preferred, expected) => {
    expect(detectLocale(preferred)).toBe(expected);
  });

  it('lays out Arabic right to left, every other language left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});

describe('themes', () => {
  const partnerHosts = { miri: ['miri.localhost', 'portal.miri.example'] };

  it('chooses the partner theme by host name', () => {
    expect(partnerThemeFor('miri.localhost', partnerHosts)).toBe('miri');
    expect(partnerThemeFor('eu.portal.miri.example', partnerHosts)).toBe('miri');
    expect(partnerThemeFor('localhost', partnerHosts)).toBeNull();
    expect(partnerThemeFor('notmiri.localhost', partnerHosts)).toBeNull();
  });

  it('resolves light, dark and auto (following the system); a partner host keeps its theme', () => {
    expect(resolveTheme({ partner: null, mode: 'light', systemPrefersDark: true })).toBe('light');
    expect(resolveTheme({ partner: null, mode: 'dark', systemPrefersDark: false })).toBe('dark');
    expect(resolveTheme({ partner: null, mode: 'auto', systemPrefersDark: true })).toBe('dark');
    expect(resolveTheme({ partner: null, mode: 'auto', systemPrefersDark: false })).toBe('light');
    expect(resolveTheme({ partner: 'miri', mode: 'dark', systemPrefersDark: true })).toBe('miri');
  });

  it('remembers the colour mode in a cookie for one year', () => {
    expect(colorModeCookieValue('dark')).toBe('colorMode=dark; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(colorModeFromCookie('a=1; colorMode=dark; b=2')).toBe('dark');
    expect(colorModeFromCookie('colorMode=purple')).toBe('auto');
    expect(colorModeFromCookie('')).toBe('auto');
  });

  it('applies the theme as the one theme class on the root', () => {
    const root = document.createElement('html');
    applyTheme(root, 'dark');
    applyTheme(root, 'miri');
    expect([...root.classList]).toEqual(['miri']);
  });
});

describe('page titles', () => {
  it('put the route title first, then the product', () => {
    expect(pageTitle('Device Activation', 'Bondline')).toBe('Device Activation | Bondline');
  });
});
