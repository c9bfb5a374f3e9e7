const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/** Data sizes in base 1024, from B up to EB (spec section 9), in the reader's number format. */
export function formatBytes(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

export function gigabytesToBytes(gigabytes: number): number {
  return gigabytes * 1024 ** 3;
}
