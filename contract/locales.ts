/**
 * The portal's languages (docs/spec.md §1), English first: the source and the fallback. The UI
 * follows the browser's languages; the server writes its mails in the one the sign-up came in.
 */
export const locales = [
  'en',
  'ar',
  'de',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'nb',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'tr',
  'uk',
  'zh-CN',
] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => locales.some((locale) => locale === value);

/** Tags that name one of our languages by another name. */
const aliases: Record<string, Locale> = { no: 'nb', nn: 'nb', zh: 'zh-CN' };

/** Which of our languages one BCP 47 tag (`de-AT`, `zh-Hans-CN`, `nb`) names, if any. */
function matchLocale(tag: string): Locale | undefined {
  const normalized = tag.trim().toLowerCase();
  const exact = locales.find((locale) => locale.toLowerCase() === normalized);
  if (exact) return exact;
  const [language = '', script] = normalized.split('-');
  // Traditional Chinese is not Simplified Chinese; English serves those readers better than a wrong script.
  if (language === 'zh' && /^(hant|tw|hk|mo)$/.test(script ?? '')) return undefined;
  return locales.find((locale) => locale === language) ?? aliases[language];
}

/**
 * The first of a reader's languages, in order of preference, that the portal speaks; else English.
 * The browser asks with `navigator.languages`, the server with the request's Accept-Language: one
 * rule, so the page preloads the catalogue the app then loads.
 */
export function preferredLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}
