import { numberFormat } from './intl-cache';

/**
 * Data sizes, one rule on every page (docs/spec.md §9): base 1024, from B up to EB; the unit symbols
 * are the same in every language, the number is in the reader's format ("1.5 KB", "1,5 KB").
 *
 * - A size reads with up to three significant digits: "1.23 GB", "12.3 GB", "123 GB" (1,000 to 1,023
 *   keep their four); bytes are whole ("1,023 B") and trailing zeros go ("1 GB", "1.5 KB").
 * - A figure that would round to 1024 reads one unit up: "1 MB", never "1,024 KB". Past EB the figure
 *   grows: 2^70 bytes is "1,024 EB".
 * - A negative size keeps its sign ("-1.5 KB"); a size that is not a number reads "—".
 * - A column of sizes (a table's) reads in one unit with fixed decimals, so its figures line up and
 *   compare: `bytesUnitFor(values)` chooses the unit its largest value would read in, with that
 *   value's decimals, and `formatBytesIn` writes each figure in it ("29.0 KB", "0.5 KB").
 */

const byteSymbols = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/** A unit of sizes and the decimals its figures are written with. */
type BytesUnit = { symbol: (typeof byteSymbols)[number]; decimals: number };

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The decimals that leave at most three significant digits to a figure in a unit (none to bytes). */
function decimalsFor(figure: number, power: number): number {
  if (power === 0) return 0;
  if (roundTo(figure, 2) < 10) return 2;
  if (roundTo(figure, 1) < 100) return 1;
  return 0;
}

/** The unit a size of this magnitude reads in: the largest one in which it still reads at least 1. */
function unitOf(magnitude: number): BytesUnit {
  let power = 0;
  const figure = () => magnitude / 1024 ** power;
  while (power < byteSymbols.length - 1 && roundTo(figure(), decimalsFor(figure(), power)) >= 1024) power += 1;
  return { symbol: byteSymbols[power] ?? 'B', decimals: decimalsFor(figure(), power) };
}

function write(bytes: number, unit: BytesUnit, locale: string, minimumFractionDigits: number): string {
  if (!Number.isFinite(bytes)) return '—';
  const figure = bytes / 1024 ** byteSymbols.indexOf(unit.symbol);
  // A negative figure that rounds to zero reads "0", not "-0".
  const shown = roundTo(figure, unit.decimals) === 0 ? 0 : figure;
  const format = numberFormat(locale, { minimumFractionDigits, maximumFractionDigits: unit.decimals });
  return `${format.format(shown)} ${unit.symbol}`;
}

/** One size in the unit that suits it: "1.23 GB". */
export function formatBytes(bytes: number, locale: string): string {
  return write(bytes, unitOf(Math.abs(bytes)), locale, 0);
}

/** The one unit for a column of sizes: the one its largest value reads in, with that value's decimals. */
export function bytesUnitFor(values: readonly number[]): BytesUnit {
  const largest = values.reduce((max, value) => (Number.isFinite(value) ? Math.max(max, Math.abs(value)) : max), 0);
  return unitOf(largest);
}

/** A size of a column in the column's unit, with its fixed decimals: "0.50 MB" beside "1.23 MB". */
export function formatBytesIn(bytes: number, unit: BytesUnit, locale: string): string {
  return write(bytes, unit, locale, unit.decimals);
}

/** The account's figures come in GB (base 1024, as everywhere). */
export function gigabytesToBytes(gigabytes: number): number {
  return gigabytes * 1024 ** 3;
}
