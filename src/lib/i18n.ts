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
// pages below the signed-in layout and below the visitor layout (public pages other than sign-in and
// sign-up) have catalogs of their own, so sign-in never carries their messages; so does the reports
// page, the one signed-in page whose messages the others do not need. The ways to sign in have a
// catalog of their own too, whose loaders live with the parts that load it (security-catalog.ts),
// not in every page's entry.
export type Catalog = { messages: Record<string, string> };
const catalogs = import.meta.glob<Catalog>('../../locales/*/messages.po');
const layoutCatalogs = {
  'signed-in': import.meta.glob<Catalog>('../../locales/*/signed-in.po'),
  visitor: import.meta.glob<Catalog>('../../locales/*/visitor.po'),
  reports: import.meta.glob<Catalog>('../../locales/*/reports.po'),
};

/** A catalog that a layout (or a lazily loaded part of a page) adds to the public one. */
export type LayoutCatalog = keyof typeof layoutCatalogs;

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

const loadedCatalogs = new WeakMap<I18n, Set<string>>();

/**
 * Adds a layout's messages in the active language, once per catalog, language and target: a layout
 * asks on every navigation, and each load would re-render the whole page.
 */
export function loadCatalog(name: LayoutCatalog, target: I18n = i18n): Promise<void> {
  return loadCatalogOf(name, layoutCatalogs[name], target);
}

/** The same for a catalog whose loaders (one per language, `../../locales/{locale}/{name}.po`) a lazily loaded part holds. */
export async function loadCatalogOf(
  name: string,
  loaders: Record<string, () => Promise<Catalog>>,
  target: I18n = i18n,
): Promise<void> {
  const locale = target.locale as Locale;
  const loaded = loadedCatalogs.get(target) ?? new Set<string>();
  loadedCatalogs.set(target, loaded);
  if (loaded.has(`${name}/${locale}`)) return;
  const load = loaders[`../../locales/${locale}/${name}.po`];
  if (!load) throw new Error(`No ${name} catalog for locale ${locale}`);
  const { messages } = await load();
  // Lingui merges what it loads into the language's messages and re-renders its provider.
  target.load(locale, messages);
  loaded.add(`${name}/${locale}`);
}
