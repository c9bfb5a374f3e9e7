/** The portal's languages (spec section 1), English first: the source and the fallback. */
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
