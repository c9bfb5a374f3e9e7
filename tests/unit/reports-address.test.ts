import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { customRangeProblem } from '../../contract/report-filter';
import { resolveRange } from '../../src/features/reports/reports.actors';
import { filterOfSearch, searchOfFilter } from '../../src/features/reports/reports-address';
import { ReportsSearch } from '../../src/features/reports/reports-search';

const parse = (search: Record<string, unknown>) => filterOfSearch(v.parse(ReportsSearch, search));

describe('the reports filter in the address', () => {
  it('reads a preset and a team, and writes them back the same', () => {
    const filter = parse({ range: '30d', scope: 'team:7' });
    expect(filter).toEqual({ range: { preset: '30d' }, scope: { kind: 'team', teamId: 7 } });
    expect(searchOfFilter(filter)).toEqual({ range: '30d', scope: 'team:7' });
  });

  it('reads a custom range and a device, the device id in lower case', () => {
    const filter = parse({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-07',
      scope: 'device:5B0F7C1E-2A3D-4E5F-8A9B-0C1D2E3F4A5B',
    });
    expect(filter).toEqual({
      range: { preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-07' },
      scope: { kind: 'device', deviceId: '5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b' },
    });
    expect(searchOfFilter(filter)).toEqual({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-07',
      scope: 'device:5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b',
    });
  });

  it('leaves "my devices" out of the address', () => {
    expect(searchOfFilter({ range: { preset: '7d' }, scope: { kind: 'me' } })).toEqual({
      range: '7d',
      scope: undefined,
    });
  });

  it.each([
    [{}, 'nothing'],
    [{ range: 'forever', scope: 'team:abc' }, 'an unknown preset and a malformed team'],
    [{ range: 'custom', from: '2026-11-07', to: '2026-11-01' }, 'a reversed custom range'],
    [{ range: 'custom', from: '2025-01-01', to: '2026-06-01' }, 'a custom range longer than a year'],
    [{ range: 'custom', from: '2026-11-01' }, 'a custom range without its end'],
    [{ scope: 'device:not-a-uuid' }, 'a malformed device'],
    [{ range: ['7d', '30d'], scope: 42 }, 'values of the wrong type'],
  ])('falls back to the last 7 days of my devices for %j (%s)', (search: Record<string, unknown>, _case: string) => {
    expect(parse(search)).toEqual({ range: { preset: '7d' }, scope: { kind: 'me' } });
  });
});

describe('resolveRange', () => {
  const now = new Date('2026-11-25T12:00:30.000Z');

  it('counts a preset back from the next whole minute', () => {
    expect(resolveRange({ preset: '24h' }, now)).toEqual({
      from: new Date('2026-11-24T12:01:00.000Z'),
      to: new Date('2026-11-25T12:01:00.000Z'),
    });
    const { from, to } = resolveRange({ preset: '90d' }, now);
    expect(to.getTime() - from.getTime()).toBe(90 * 24 * 3600 * 1000);
  });

  it('runs a custom range from the first day’s local midnight to the midnight after the last', () => {
    const { from, to } = resolveRange({ preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-07' }, now);
    expect(from).toEqual(new Date(2026, 10, 1));
    expect(to).toEqual(new Date(2026, 10, 8));
  });
});

describe('customRangeProblem', () => {
  it.each([
    ['2026-11-01', '2026-11-01', null],
    ['2026-11-01', '2026-11-07', null],
    ['2025-11-25', '2026-11-24', null],
    ['2025-11-24', '2026-11-24', 'tooLong'],
    ['2026-11-07', '2026-11-06', 'reversed'],
    ['2026-11-01', '', 'malformed'],
    ['11/01/2026', '2026-11-07', 'malformed'],
  ])('from %s to %s: %s', (fromDay, toDay, problem) => {
    expect(customRangeProblem(fromDay, toDay)).toBe(problem);
  });
});
