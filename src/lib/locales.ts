// The list lives in contract/ because the server writes mails in these languages too.
export { defaultLocale, isLocale, type Locale, locales } from '../../contract/locales';
