import { numberFormat } from './intl-cache';

/** A count (connections, devices) in the reader's digits and grouping: "1,234", "1.234", "١٬٢٣٤". */
export function formatCount(count: number, locale: string): string {
  return numberFormat(locale, {}).format(count);
}
