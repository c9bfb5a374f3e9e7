import {
  customRangeProblem,
  type RangePreset,
  type ReportRange,
  type ReportScope,
  type ReportsInput,
} from '../../../contract/report-filter';
import type { ReportsSearch } from './reports-search';

/** The Reports page's filter in its address and back: `?range=30d&scope=team:7`. */
const defaultPreset: RangePreset = '7d';
const teamScope = /^team:(\d{1,9})$/;
const deviceScope = /^device:([0-9a-f-]{36})$/i;

function rangeOf({ range, from, to }: ReportsSearch): ReportRange {
  if (range === 'custom' && from && to && customRangeProblem(from, to) === null)
    return { preset: 'custom', fromDay: from, toDay: to };
  return { preset: range && range !== 'custom' ? range : defaultPreset };
}

function scopeOf(scope: string | undefined): ReportScope {
  const team = teamScope.exec(scope ?? '');
  if (team) return { kind: 'team', teamId: Number(team[1]) };
  const device = deviceScope.exec(scope ?? '');
  if (device?.[1]) return { kind: 'device', deviceId: device[1].toLowerCase() };
  return { kind: 'me' };
}

export const filterOfSearch = (search: ReportsSearch): ReportsInput => ({
  range: rangeOf(search),
  scope: scopeOf(search.scope),
});

export function searchOfFilter({ range, scope }: ReportsInput): ReportsSearch {
  const scopeText =
    scope.kind === 'team' ? `team:${scope.teamId}` : scope.kind === 'device' ? `device:${scope.deviceId}` : undefined;
  return range.preset === 'custom'
    ? { range: 'custom', from: range.fromDay, to: range.toDay, scope: scopeText }
    : { range: range.preset, scope: scopeText };
}
