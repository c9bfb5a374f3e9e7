import { fromPromise } from 'xstate';
import {
  readDeviceNetStats,
  readDeviceTunnelStats,
  readIndividualNetStats,
  readIndividualTunnelStats,
  readTeamNetStats,
  readTeamTunnelStats,
} from '../../../contract/calls/stats';
import type {
  RangePreset,
  Report,
  ReportRange,
  ReportScope,
  ReportsInput,
  ReportTable,
  TableOrder,
} from '../../../machines/reports/reports.machine';
import { callApi, explained } from '../../lib/api-client';
import { downloadText } from '../../lib/download';
import { reportCsv, reportCsvFileName } from './report-csv';

const hourMs = 3600 * 1000;
const presetSpans: Record<RangePreset, number> = {
  '24h': 24 * hourMs,
  '7d': 7 * 24 * hourMs,
  '30d': 30 * 24 * hourMs,
  '90d': 90 * 24 * hourMs,
};

/** A local calendar day (`YYYY-MM-DD`) at midnight in the browser's time zone, `offsetDays` later. */
function localMidnight(day: string, offsetDays = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + offsetDays);
}

/**
 * The times a range covers. A preset ends at the next whole minute (the finest bucket), so reading
 * it twice within a minute asks the same question; a custom range runs from the first day's local
 * midnight to the midnight after the last day.
 */
export function resolveRange(range: ReportRange, now: Date): { from: Date; to: Date } {
  if (range.preset === 'custom') return { from: localMidnight(range.fromDay), to: localMidnight(range.toDay, 1) };
  const to = new Date(Math.ceil(now.getTime() / 60_000) * 60_000);
  return { from: new Date(to.getTime() - presetSpans[range.preset]), to };
}

/** The two stats calls of a scope (net, then tunnel), over the range. */
function statsCalls(scope: ReportScope, range: { from: string; to: string }, signal: AbortSignal) {
  switch (scope.kind) {
    case 'team': {
      const params = { teamId: scope.teamId };
      return Promise.all([
        callApi(readTeamNetStats, { params, query: range, signal }),
        callApi(readTeamTunnelStats, { params, query: range, signal }),
      ]);
    }
    case 'device': {
      const query = { ...range, device: scope.deviceId };
      return Promise.all([
        callApi(readDeviceNetStats, { query, signal }),
        callApi(readDeviceTunnelStats, { query, signal }),
      ]);
    }
    case 'me':
      return Promise.all([
        callApi(readIndividualNetStats, { query: range, signal }),
        callApi(readIndividualTunnelStats, { query: range, signal }),
      ]);
  }
}

/** The calls of the Reports page: the two stats calls of a scope, and the CSV of a shown table. */
export const reportsActors = {
  loadReport: fromPromise<Report, ReportsInput>(async ({ input, signal }) => {
    const { from, to } = resolveRange(input.range, new Date());
    const range = { from: from.toISOString(), to: to.toISOString() };
    const [net, tunnel] = await explained(() => statsCalls(input.scope, range, signal));
    return { ...range, net, tunnel };
  }),
  exportTable: fromPromise<void, { table: ReportTable; report: Report; scope: ReportScope; order: TableOrder }>(
    async ({ input }) =>
      downloadText(
        reportCsvFileName(input.table, input.report),
        reportCsv(input.table, input.report, input.order),
        'text/csv;charset=utf-8',
      ),
  ),
};
