import { numberFormat } from './intl-cache';

/**
 * An amount in minor units of an ISO 4217 currency (as the contract carries money), as the reader
 * writes money: 1299 USD is "$12.99" in English, "12,99 $" in German. The currency says how many
 * minor units make one: 100 cents a dollar, none for the yen (1299 JPY is "¥1,299").
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const format = numberFormat(locale, { style: 'currency', currency });
  const { maximumFractionDigits = 2 } = format.resolvedOptions();
  return format.format(minorUnits / 10 ** maximumFractionDigits);
}
