/** Money and dates in the reader's language (Intl), shared by the subscription screens. */

/** Minor units (cents) in a currency, as the reader writes money: "$12.99", "12,99 $". */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** An ISO time as a calendar date in the reader's language and time zone: "22 December 2026". */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}
