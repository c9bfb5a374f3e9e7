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

// One dynamic import per catalog, so each language is its own small chunk loaded on demand. The
// signed-in pages' messages are a catalog of their own, so public pages never carry them.
type Catalog = { messages: Record<string, string> };
const catalogs = import.meta.glob<Catalog>('../../locales/*/messages.po');
const signedInCatalogs = import.meta.glob<Catalog>('../../locales/*/signed-in.po');

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

const signedInLoaded = new WeakMap<I18n, Set<string>>();

/**
 * Adds the signed-in pages' messages of the active language, once per language and target: the
 * signed-in layout asks on every navigation, and each load would re-render the whole page.
 */
export async function loadSignedInCatalogue(target: I18n = i18n): Promise<void> {
  const locale = target.locale as Locale;
  const loaded = signedInLoaded.get(target) ?? new Set<string>();
  signedInLoaded.set(target, loaded);
  if (loaded.has(locale)) return;
  const load = signedInCatalogs[`../../locales/${locale}/signed-in.po`];
  if (!load) throw new Error(`No signed-in catalog for locale ${locale}`);
  const { messages } = await load();
  // Lingui merges what it loads into the language's messages and re-renders its provider.
  target.load(locale, messages);
  loaded.add(locale);
}
