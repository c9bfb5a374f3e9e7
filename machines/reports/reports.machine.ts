import { assertEvent, assign, setup } from 'xstate';
import {
  customRangeProblem,
  type RangePreset,
  type RangeProblem,
  type ReportScope,
  type ReportsInput,
} from '../../contract/report-filter';
import type { NetStats, TeamTunnelStats, TunnelStats } from '../../contract/stats';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export * from '../../contract/report-filter';

/** A report as read: the range it covers (ISO, resolved) and the two calls' answers. */
export type Report = {
  from: string;
  to: string;
  net: NetStats;
  tunnel: TunnelStats | TeamTunnelStats;
};

/** The two tables of the page; each sorts and pages on its own. */
export type ReportTable = 'traffic' | 'connections';
export type TableOrder = { column: string; direction: 'ascending' | 'descending'; page: number };

export type ReportsContext = ReportsInput & {
  report: Report | null;
  /** Why the last read failed; null while none did. */
  failure: Refusal | null;
  rangeProblem: RangeProblem | null;
  order: Record<ReportTable, TableOrder>;
  /** The last export could not be written; cleared by the next. */
  exportFailed: boolean;
};

export type ReportsEvent =
  | { type: 'user.choosePreset'; preset: RangePreset }
  | { type: 'user.chooseCustomRange'; fromDay: string; toDay: string }
  | { type: 'user.chooseScope'; scope: ReportScope }
  | { type: 'user.sort'; table: ReportTable; column: string }
  | { type: 'user.goToPage'; table: ReportTable; page: number }
  | { type: 'user.export'; table: ReportTable }
  | { type: 'user.retry' };

/** Rows per page of each table. */
export const reportPageSize = 25;

/** How many rows a table of the report has. */
const rowCountOf = (report: Report, table: ReportTable) =>
  table === 'traffic' ? report.net.rows.length : report.tunnel.rows.length;

/** The first order of each table: the latest first, on the first page. */
export const initialOrder: Record<ReportTable, TableOrder> = {
  traffic: { column: 'time', direction: 'descending', page: 1 },
  connections: { column: 'time', direction: 'descending', page: 1 },
};

/** A report with no traffic and no connections says so instead of drawing empty charts. */
export const isEmptyReport = (report: Report) =>
  report.tunnel.rows.length === 0 && report.net.rows.every(([, rx, tx]) => rx === 0 && tx === 0);

const sameScope = (a: ReportScope, b: ReportScope) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The Reports page (issue 12): the person picks a range and a scope; each choice reads the report
 * again (the net and tunnel calls of that scope), which is then shown, or said to be empty or to
 * have failed. Shown tables sort and page; a table exports as CSV. Every taken choice is announced
 * (`filterChanged`), so the app can keep it in the address.
 */
export const reportsMachine = setup({
  types: {
    context: {} as ReportsContext,
    events: {} as ReportsEvent,
    input: {} as ReportsInput,
  },
  actors: {
    loadReport: providedByApp<Report, ReportsInput>('loadReport'),
    exportTable: providedByApp<void, { table: ReportTable; report: Report; scope: ReportScope; order: TableOrder }>(
      'exportTable',
    ),
  },
  guards: {
    customRangeValid: ({ event }) => {
      assertEvent(event, 'user.chooseCustomRange');
      return customRangeProblem(event.fromDay, event.toDay) === null;
    },
    presetChanged: ({ context, event }) => {
      assertEvent(event, 'user.choosePreset');
      return context.range.preset !== event.preset;
    },
    scopeChanged: ({ context, event }) => {
      assertEvent(event, 'user.chooseScope');
      return !sameScope(context.scope, event.scope);
    },
    reportEmpty: ({ event }) => 'output' in event && isEmptyReport(event.output as Report),
    pageExists: ({ context, event }) => {
      assertEvent(event, 'user.goToPage');
      const pages = context.report ? Math.ceil(rowCountOf(context.report, event.table) / reportPageSize) : 0;
      return (
        Number.isInteger(event.page) &&
        event.page >= 1 &&
        event.page <= pages &&
        event.page !== context.order[event.table].page
      );
    },
  },
  actions: {
    takePreset: assign(({ event }) => {
      assertEvent(event, 'user.choosePreset');
      return { range: { preset: event.preset }, rangeProblem: null };
    }),
    takeCustomRange: assign(({ event }) => {
      assertEvent(event, 'user.chooseCustomRange');
      return { range: { preset: 'custom' as const, fromDay: event.fromDay, toDay: event.toDay }, rangeProblem: null };
    }),
    refuseCustomRange: assign(({ event }) => {
      assertEvent(event, 'user.chooseCustomRange');
      return { rangeProblem: customRangeProblem(event.fromDay, event.toDay) };
    }),
    takeScope: assign(({ event }) => {
      assertEvent(event, 'user.chooseScope');
      return { scope: event.scope };
    }),
    startReading: assign({ failure: null, exportFailed: false, order: initialOrder }),
    keepReport: assign({ report: ({ event }) => ('output' in event ? (event.output as Report) : null) }),
    forgetReport: assign({ report: null }),
    showFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
    sort: assign(({ context, event }) => {
      assertEvent(event, 'user.sort');
      const current = context.order[event.table];
      // The same column again reverses it; another column starts with its largest values.
      const direction: TableOrder['direction'] =
        current.column === event.column && current.direction === 'descending' ? 'ascending' : 'descending';
      return { order: { ...context.order, [event.table]: { column: event.column, direction, page: 1 } } };
    }),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'user.goToPage');
      return { order: { ...context.order, [event.table]: { ...context.order[event.table], page: event.page } } };
    }),
    clearExportFailure: assign({ exportFailed: false }),
    showExportFailure: assign({ exportFailed: true }),
    /** The app keeps the range and scope in the address. */
    filterChanged: () => {},
  },
}).createMachine({
  id: 'reports',
  context: ({ input }) => ({
    ...input,
    report: null,
    failure: null,
    rangeProblem: null,
    order: initialOrder,
    exportFailed: false,
  }),
  initial: 'loading',
  // Range and scope can change in every state; a change while reading starts the read again.
  on: {
    'user.choosePreset': {
      guard: 'presetChanged',
      target: '.loading',
      reenter: true,
      actions: ['takePreset', 'filterChanged'],
    },
    'user.chooseCustomRange': [
      { guard: 'customRangeValid', target: '.loading', reenter: true, actions: ['takeCustomRange', 'filterChanged'] },
      { actions: 'refuseCustomRange' },
    ],
    'user.chooseScope': {
      guard: 'scopeChanged',
      target: '.loading',
      reenter: true,
      actions: ['takeScope', 'filterChanged'],
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'startReading',
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ range: context.range, scope: context.scope }),
        onDone: [
          { guard: 'reportEmpty', target: 'empty', actions: 'keepReport' },
          { target: 'shown', actions: 'keepReport' },
        ],
        onError: { target: 'failed', actions: ['forgetReport', 'showFailure'] },
      },
    },
    shown: {
      on: {
        'user.sort': { actions: 'sort' },
        'user.goToPage': { guard: 'pageExists', actions: 'goToPage' },
        'user.export': { target: 'exporting' },
      },
    },
    exporting: {
      tags: ['busy'],
      entry: 'clearExportFailure',
      invoke: {
        id: 'exportTable',
        src: 'exportTable',
        input: ({ context, event }) => {
          assertEvent(event, 'user.export');
          return {
            table: event.table,
            report: context.report as Report,
            scope: context.scope,
            order: context.order[event.table],
          };
        },
        onDone: { target: 'shown' },
        onError: { target: 'shown', actions: 'showExportFailure' },
      },
    },
    empty: {},
    failed: {
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});
