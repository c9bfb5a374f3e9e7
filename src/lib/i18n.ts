import { type I18n, i18n } from '@lingui/core';

import { preferredLocale } from '../../contract/locales';
import type { Locale } from './locales';

export type { Locale };

const rightToLeft = new Set<Locale>(['ar']);

/** The first of the browser's languages we speak, else English: the rule the server preloads by. */
export const detectLocale = (preferred: readonly string[]): Locale => preferredLocale(preferred);

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
