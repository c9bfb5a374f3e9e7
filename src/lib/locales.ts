// The list lives in contract/ because the server writes mails in these languages too.
export { type Locale, locales } from '../../contract/locales';
