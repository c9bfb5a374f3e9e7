/**
 * The views' messages in one language: every catalogue the portal loads by page (public,
 * signed-in, visitor, reports and the ways to sign in) at once, since the explorer shows any view.
 */
import { type I18n, setupI18n } from '@lingui/core';
import { directionOf } from '../../src/lib/i18n';
import { type Locale, locales } from '../../src/lib/locales';

type Catalog = { messages: Record<string, string> };
const catalogs = import.meta.glob<Catalog>('../../locales/*/{messages,signed-in,visitor,reports,security}.po');

export { directionOf, type Locale, locales };

const loaded = new Map<Locale, Promise<I18n>>();

/** An i18n instance of its own per language, so switching back is instant and the explorer's page keeps English. */
export function viewI18n(locale: Locale): Promise<I18n> {
  let instance = loaded.get(locale);
  if (!instance) {
    instance = Promise.all(
      Object.entries(catalogs)
        .filter(([file]) => file.startsWith(`../../locales/${locale}/`))
        .map(([, load]) => load()),
    ).then((parts) => {
      const i18n = setupI18n();
      i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((part) => part.messages)) });
      return i18n;
    });
    loaded.set(locale, instance);
  }
  return instance;
}
