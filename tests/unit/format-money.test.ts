import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format/money';

describe('formatMoney', () => {
  it('writes minor units as the reader writes money', () => {
    expect(formatMoney(1299, 'USD', 'en')).toBe('$12.99');
    expect(formatMoney(1299, 'EUR', 'de')).toBe('12,99\u00a0€');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
    expect(formatMoney(-500, 'USD', 'en')).toBe('-$5.00');
  });

  it('counts as many minor units to one as the currency has', () => {
    expect(formatMoney(1299, 'JPY', 'en')).toBe('¥1,299');
    expect(formatMoney(1299, 'KWD', 'en')).toBe('KWD\u00a01.299');
  });

  it('uses the reader’s digits', () => {
    expect(formatMoney(123_456, 'EUR', 'ar-EG')).toContain('١٬٢٣٤٫٥٦');
  });
});
