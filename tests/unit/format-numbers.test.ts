import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/lib/format/numbers';

describe('formatCount', () => {
  it('writes a count in the reader’s digits and grouping', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234, 'de')).toBe('1.234');
    expect(formatCount(1234, 'ar-EG')).toBe('١٬٢٣٤');
  });
});
