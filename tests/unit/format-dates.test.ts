import { describe, expect, it } from 'vitest';
import {
  dayInZone,
  formatBucketTime,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatRelativeTime,
} from '../../src/lib/format/dates';

describe('formatDate', () => {
  it('writes a calendar date in the reader’s language', () => {
    expect(formatDate('2026-12-22T12:00:00.000Z', 'en')).toBe('December 22, 2026');
    expect(formatDate(new Date('2026-12-22T12:00:00.000Z'), 'de')).toBe('22. Dezember 2026');
  });
});

describe('formatDateTime', () => {
  const iso = '2026-11-20T23:30:05.000Z';

  it('writes a date and time to the minute, in a time zone when one is named', () => {
    expect(formatDateTime(iso, 'en', { timeZone: 'UTC' })).toBe('Nov 20, 2026, 11:30 PM');
    expect(formatDateTime(iso, 'de', { timeZone: 'Asia/Tokyo' })).toBe('21.11.2026, 08:30');
  });

  it('writes the seconds when asked', () => {
    expect(formatDateTime(iso, 'en', { timeZone: 'UTC', seconds: true })).toBe('Nov 20, 2026, 11:30:05 PM');
  });

  it('uses the reader’s digits', () => {
    expect(formatDateTime(iso, 'ar-EG', { timeZone: 'UTC' })).toMatch(/٢٠٢٦/);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('is relative within a week, in whole minutes, hours or days', () => {
    expect(formatRelativeTime(ago(30_000), now, 'en')).toBe('this minute');
    expect(formatRelativeTime(ago(12 * 60_000), now, 'en')).toBe('12 minutes ago');
    expect(formatRelativeTime(ago(12 * 60_000), now, 'de')).toBe('vor 12 Minuten');
    expect(formatRelativeTime(ago(3 * 3_600_000 + 59 * 60_000), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400_000), now, 'de')).toBe('vor 3 Tagen');
    expect(formatRelativeTime(ago(-2 * 3_600_000), now, 'en')).toBe('in 2 hours');
  });

  it('is a date and time a week away or more', () => {
    expect(formatRelativeTime(ago(8 * 86_400_000), now, 'en')).toMatch(/^Nov 17, 2026/);
  });
});

describe('formatBucketTime', () => {
  const iso = '2026-11-20T23:30:00.000Z';

  it('shows a time in the person’s time zone', () => {
    expect(formatBucketTime(iso, 'en', 'UTC')).toBe('Nov 20, 2026, 11:30 PM');
    expect(formatBucketTime(iso, 'en', 'Asia/Tokyo')).toBe('Nov 21, 2026, 8:30 AM');
    expect(formatBucketTime(iso, 'en', 'Asia/Tokyo', 3600)).toBe('Nov 21, 2026, 8:30 AM');
  });

  it('shows a day bucket as its date, the UTC day it covers', () => {
    const day = '2026-11-03T00:00:00.000Z';
    expect(formatBucketTime(day, 'en', 'America/New_York', 86_400)).toBe('Nov 3, 2026');
    expect(formatBucketTime(day, 'en', 'Asia/Tokyo', 86_400)).toBe('Nov 3, 2026');
  });

  it('uses the reader’s language', () => {
    expect(formatBucketTime(iso, 'de', 'Asia/Tokyo')).toBe('21.11.2026, 08:30');
  });
});

describe('dayInZone', () => {
  it('is the calendar day in that zone', () => {
    expect(dayInZone('2026-11-20T23:30:00.000Z', 'UTC')).toBe('2026-11-20');
    expect(dayInZone('2026-11-20T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-21');
    expect(dayInZone('2026-11-20T03:30:00.000Z', 'America/Los_Angeles')).toBe('2026-11-19');
  });
});

describe('formatCountdown', () => {
  it('writes minutes and two-digit seconds in the reader’s digits', () => {
    expect(formatCountdown(245, 'en')).toBe('4:05');
    expect(formatCountdown(59, 'en')).toBe('0:59');
    expect(formatCountdown(300, 'de')).toBe('5:00');
    expect(formatCountdown(245, 'ar-EG')).toBe('٤:٠٥');
  });
});
