import { describe, expect, it } from 'vitest';
import { bytesUnitFor, formatBytes, formatBytesIn, gigabytesToBytes } from '../../src/lib/format/bytes';

describe('formatBytes', () => {
  it('counts in base-1024 units with up to three significant digits', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
    expect(formatBytes(1024, 'en')).toBe('1 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(1024 ** 2 * 2.25, 'en')).toBe('2.25 MB');
    expect(formatBytes(1024 ** 3, 'en')).toBe('1 GB');
    expect(formatBytes(1.234 * 1024 ** 3, 'en')).toBe('1.23 GB');
    expect(formatBytes(12.34 * 1024 ** 3, 'en')).toBe('12.3 GB');
    expect(formatBytes(12.75 * 1024 ** 3, 'en')).toBe('12.8 GB');
    expect(formatBytes(123.4 * 1024 ** 3, 'en')).toBe('123 GB');
    expect(formatBytes(183.2 * 1024 ** 3, 'en')).toBe('183 GB');
    expect(formatBytes(1024 ** 4 * 5, 'en')).toBe('5 TB');
    expect(formatBytes(1024 ** 5, 'en')).toBe('1 PB');
  });

  it('names every unit from B to EB', () => {
    const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'];
    expect(units.map((_, power) => formatBytes(3 * 1024 ** power, 'en'))).toEqual(units.map((unit) => `3 ${unit}`));
  });

  it('steps up rather than reading 1,024 of a unit', () => {
    expect(formatBytes(1024 * 1024 - 1, 'en')).toBe('1 MB');
    expect(formatBytes(1023.96 * 1024, 'en')).toBe('1 MB');
    expect(formatBytes(1023.4 * 1024, 'en')).toBe('1,023 KB');
    expect(formatBytes(1024 ** 6 - 1024 ** 4, 'en')).toBe('1 EB');
    expect(formatBytes(9.999 * 1024, 'en')).toBe('10 KB');
  });

  it('stops at EB', () => {
    expect(formatBytes(1024 ** 6, 'en')).toBe('1 EB');
    expect(formatBytes(2 * 1024 ** 6, 'en')).toBe('2 EB');
    expect(formatBytes(2 ** 70, 'en')).toBe('1,024 EB');
    expect(formatBytes(5 * 1024 ** 7, 'en')).toBe('5,120 EB');
  });

  it('keeps the sign of a negative size, and shows no figure for what is not a number', () => {
    expect(formatBytes(-1536, 'en')).toBe('-1.5 KB');
    expect(formatBytes(-0, 'en')).toBe('0 B');
    expect(formatBytes(Number.NaN, 'en')).toBe('—');
    expect(formatBytes(Number.POSITIVE_INFINITY, 'en')).toBe('—');
  });

  it('writes the number in the reader’s language, the unit as is', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(1023, 'de')).toBe('1.023 B');
    expect(formatBytes(1.234 * 1024 ** 3, 'ar-EG')).toBe('١٫٢٣ GB');
    expect(formatBytes(1023, 'ar-EG')).toBe('١٬٠٢٣ B');
  });
});

describe('one unit for a column', () => {
  it('is the unit its largest value reads in, with that value’s decimals', () => {
    expect(bytesUnitFor([512, 29 * 1024, 0])).toEqual({ symbol: 'KB', decimals: 1 });
    expect(bytesUnitFor([512, 1.5 * 1024 ** 2])).toEqual({ symbol: 'MB', decimals: 2 });
    expect(bytesUnitFor([-300 * 1024 ** 3, 2])).toEqual({ symbol: 'GB', decimals: 0 });
    expect(bytesUnitFor([512, 512])).toEqual({ symbol: 'B', decimals: 0 });
    expect(bytesUnitFor([1024 * 1024 - 1])).toEqual({ symbol: 'MB', decimals: 2 });
  });

  it('is bytes for an empty column, and leaves out what is not a number', () => {
    expect(bytesUnitFor([])).toEqual({ symbol: 'B', decimals: 0 });
    expect(bytesUnitFor([Number.NaN, Number.POSITIVE_INFINITY, 2048])).toEqual({ symbol: 'KB', decimals: 2 });
  });

  it('writes every figure in that unit with the same decimals', () => {
    const values = [29 * 1024, 512, 0, 29.5 * 1024];
    const unit = bytesUnitFor(values);
    expect(values.map((value) => formatBytesIn(value, unit, 'en'))).toEqual(['29.0 KB', '0.5 KB', '0.0 KB', '29.5 KB']);
    expect(formatBytesIn(1536, unit, 'de')).toBe('1,5 KB');
    expect(formatBytesIn(-0.01, unit, 'en')).toBe('0.0 KB');
    expect(formatBytesIn(Number.NaN, unit, 'en')).toBe('—');
  });

  it('reads its largest value as formatBytes does, trailing zeros kept', () => {
    const largest = 1.234 * 1024 ** 3;
    const unit = bytesUnitFor([largest, 50 * 1024 ** 2]);
    expect(formatBytesIn(largest, unit, 'en')).toBe(formatBytes(largest, 'en'));
    expect(formatBytesIn(50 * 1024 ** 2, unit, 'en')).toBe('0.05 GB');
    expect(formatBytesIn(1024 ** 3, unit, 'en')).toBe('1.00 GB');
  });
});

describe('gigabytesToBytes', () => {
  it('counts a GB as 1024³ bytes', () => {
    expect(gigabytesToBytes(1.5)).toBe(1.5 * 1024 ** 3);
    expect(formatBytes(gigabytesToBytes(50), 'en')).toBe('50 GB');
  });
});
