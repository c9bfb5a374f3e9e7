import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../contract/csv';

describe('the one CSV writer', () => {
  it('quotes a cell with a quote, comma or line break, as RFC 4180 asks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a text that starts a formula as text, and numbers, booleans and nothing as they are', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
  });

  it('ends every row, the last too, with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
    expect(toCsv([])).toBe('');
  });
});
