import { describe, expect, it } from 'vitest';
import { dayInZone, formatBytes, formatReportTime } from '../../src/features/reports/report-format';

describe('formatBytes', () => {
  it('counts in base-1024 units with at most one decimal', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
    expect(formatBytes(1024, 'en')).toBe('1 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(1024 ** 2 * 2.25, 'en')).toBe('2.3 MB');
    expect(formatBytes(1024 ** 3, 'en')).toBe('1 GB');
    expect(formatBytes(1024 ** 4 * 5, 'en')).toBe('5 TB');
    expect(formatBytes(1024 ** 5, 'en')).toBe('1 PB');
  });

  it('steps up rather than reading 1,024 of a unit', () => {
    expect(formatBytes(1024 * 1024 - 1, 'en')).toBe('1 MB');
    expect(formatBytes(1024 ** 6 - 1024 ** 4, 'en')).toBe('1 EB');
  });

  it('stops at EB', () => {
    expect(formatBytes(1024 ** 6, 'en')).toBe('1 EB');
    expect(formatBytes(2 ** 70, 'en')).toBe('1,024 EB');
  });

  it('writes the number in the reader’s language, the unit as is', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(1023, 'de')).toBe('1.023 B');
  });
});

describe('formatReportTime', () => {
  const iso = '2026-11-20T23:30:00.000Z';

  it('shows a time in the person’s time zone', () => {
    expect(formatReportTime(iso, 'en', 'UTC')).toBe('Nov 20, 2026, 11:30 PM');
    expect(formatReportTime(iso, 'en', 'Asia/Tokyo')).toBe('Nov 21, 2026, 8:30 AM');
    expect(formatReportTime(iso, 'en', 'Asia/Tokyo', 3600)).toBe('Nov 21, 2026, 8:30 AM');
  });

  it('shows a day bucket as its date, the UTC day it covers', () => {
    const day = '2026-11-03T00:00:00.000Z';
    expect(formatReportTime(day, 'en', 'America/New_York', 86_400)).toBe('Nov 3, 2026');
    expect(formatReportTime(day, 'en', 'Asia/Tokyo', 86_400)).toBe('Nov 3, 2026');
  });

  it('uses the reader’s language', () => {
    expect(formatReportTime(iso, 'de', 'Asia/Tokyo')).toBe('21.11.2026, 08:30');
  });
});

describe('dayInZone', () => {
  it('is the calendar day in that zone', () => {
    expect(dayInZone('2026-11-20T23:30:00.000Z', 'UTC')).toBe('2026-11-20');
    expect(dayInZone('2026-11-20T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-21');
    expect(dayInZone('2026-11-20T03:30:00.000Z', 'America/Los_Angeles')).toBe('2026-11-19');
  });
});
