import { type I18n, i18n } from '@lingui/core';

import { defaultLocale, type Locale, locales } from './locales';

export type { Locale };

const rightToLeft = new Set<Locale>(['ar']);

/** Browser tags that name one of our languages by another name. */
const aliases: Record<string, Locale> = { no: 'nb', nn: 'nb', zh: 'zh-CN' };

/** The first of the browser's languages we speak, else English. */
export function detectLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const normalized = tag.trim();
    const exact = locales.find((locale) => locale.toLowerCase() === normalized.toLowerCase());
    if (exact) return exact;
    const [language = '', script] = normalized.split('-');
    // Traditional Chinese is not Simplified Chinese; English serves those readers better than a wrong script.
    if (language.toLowerCase() === 'zh' && /^(hant|tw|hk|mo)$/i.test(script ?? '')) continue;
    const base = language.toLowerCase();
    const match = locales.find((locale) => locale === base) ?? aliases[base];
    if (match) return match;
  }
  return defaultLocale;
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr';
}

// One dynamic import per catalog, so each language is its own small chunk loaded on demand.
const catalogs = import.meta.glob<{ messages: Record<string, string> }>('../../locales/*/messages.po');

/** Loads a language's catalog and makes it the active one; sets <html lang dir>. */
export async function activateLocale(locale: Locale, target: I18n = i18n): Promise<void> {
  const load = catalogs[`../../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog for locale ${locale}`);
  const { messages } = await load();
  target.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
}
