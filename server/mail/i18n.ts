import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { defaultLocale, isLocale, type Locale, locales, preferredLocale } from '../../contract/locales';
import { readPoTranslations } from './po';

const catalogsDir = join(dirname(fileURLToPath(import.meta.url)), '../../locales');

/**
 * The language of a mail or of the page from a request's Accept-Language: the first of the reader's
 * languages, by preference (`q`), that the portal speaks; else English. The UI picks its language
 * from the same browser list with the same rule.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, position) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), position };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position)
    .map(({ tag }) => tag);
  return preferredLocale(tags);
}

/** A stored language (a database column) as one of ours, or null when unset or unknown. */
export const storedLocale = (value: string | null | undefined): Locale | null => (isLocale(value) ? value : null);

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

export type Translate = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => string;

let translators: Map<Locale, I18n> | null = null;

/**
 * One Lingui instance per language, with the translations of locales/{locale}/mail.po compiled
 * once, on the first mail. The catalogs are read as they are in the repository (no build step), so
 * `npm start`, `npm run dev` and the tests all see the same, current translations.
 */
function loadTranslators(): Map<Locale, I18n> {
  const loaded = new Map<Locale, I18n>();
  for (const locale of locales) {
    const file = join(catalogsDir, locale, 'mail.po');
    const translations = existsSync(file) ? readPoTranslations(readFileSync(file, 'utf8')) : {};
    const messages = Object.fromEntries(
      Object.entries(translations).map(([id, translation]) => [id, compileMessage(translation)]),
    );
    // The compiler also serves a message a catalog lacks: its English text from the descriptor.
    loaded.set(locale, setupI18n({ locale, messages: { [locale]: messages } }).setMessagesCompiler(compileMessage));
  }
  return loaded;
}

/** Translates mail messages into one language. */
export function translatorFor(locale: Locale): Translate {
  translators ??= loadTranslators();
  // Not named `i18n`: the extractor reads every `i18n._(…)` call as a message to extract.
  const translator = translators.get(locale) ?? translators.get(defaultLocale);
  if (!translator) throw new Error('mail catalogs not loaded');
  return (descriptor, values) => translator._({ ...descriptor, values });
}
