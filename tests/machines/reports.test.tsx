import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { StatsMessage } from '../../contract/stats';
import {
  initialOrder,
  isEmptyReport,
  type RangePreset,
  type RangeProblem,
  type Report,
  type ReportScope,
  type ReportsContext,
  type ReportsInput,
  type ReportTable,
  reportPageSize,
  reportsMachine,
  type TableOrder,
} from '../../machines/reports/reports.machine';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import {
  emptyReport,
  reportsInput,
  reportsModel,
  sampleReport,
  sampleTotals,
  teamScope,
  trafficBuckets,
  validCustomRange,
} from './reports.cases';

// The charts draw on canvases jsdom does not have; the tables hold the same figures.
vi.mock('../../src/features/reports/usage-chart', () => ({ default: () => null }));

type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['drivers'][string]>>[0]['screen'];
// biome-ignore lint/suspicious/noExplicitAny: recognisers see any machine's snapshot
const contextOf = (snapshot: any) => snapshot.context as ReportsContext;

const presetNames = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
} as const;
const rangeProblemText: Record<RangeProblem, string> = {
  reversed: 'The end date must be on or after the start date.',
  tooLong: 'A report covers at most a year. Choose a shorter range.',
  malformed: 'Enter a start and an end date.',
};
const columnNames: Record<ReportTable, Record<string, string>> = {
  traffic: { time: 'Time', received: 'Received', sent: 'Sent', total: 'Total' },
  connections: { time: 'Time', event: 'Event', device: 'Device', user: 'User', server: 'Server' },
};
const tableNames: Record<ReportTable, string> = { traffic: 'Traffic', connections: 'Connections' };
const exportNames: Record<ReportTable, string> = {
  traffic: 'Export traffic as CSV',
  connections: 'Export connections as CSV',
};
const loadUnavailable = 'We could not load the report right now. Please try again.';
const knownFailures: Record<string, string> = {
  [StatsMessage.notYours]: 'You cannot see the statistics of this device or team.',
};
const exportFailedText = 'The CSV file could not be made. Please try again.';
const emptyText =
  'Your devices did not connect or move data between these times. Choose a longer range or another scope.';

const scopeValue = (scope: ReportScope) =>
  scope.kind === 'me' ? 'me' : scope.kind === 'team' ? `team:${scope.teamId}` : `device:${scope.deviceId}`;

type NetRow = (typeof sampleReport.net.rows)[number];
const trafficValues = {
  time: ([time]: NetRow) => time,
  received: ([, received]: NetRow) => received,
  sent: ([, , sent]: NetRow) => sent,
};

const bucketTime = (iso: string) =>
  new Intl.DateTimeFormat('en', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const dateInput = (screen: Screen, name: 'From' | 'To') => screen.getByLabelText(name, { selector: 'input' });

/** The filters, in every state: the range and scope as the machine holds them, and a refused custom range. */
function expectFilters(screen: Screen, context: ReportsContext) {
  expect(screen.getByRole('heading', { level: 1, name: 'Usage reports' })).toBeVisible();
  expect(screen.getByText('Traffic and connections of your bonded devices.')).toBeVisible();
  for (const [preset, name] of Object.entries(presetNames)) {
    const radio = screen.getByRole('radio', { name });
    if (context.range.preset === preset) expect(radio).toBeChecked();
    else expect(radio).not.toBeChecked();
  }
  expect(screen.getByRole('combobox', { name: 'Show usage of' })).toHaveValue(scopeValue(context.scope));
  for (const name of ['From', 'To'] as const) {
    const input = dateInput(screen, name);
    expect(input).toHaveAttribute('type', 'date');
    if (context.range.preset === 'custom')
      expect(input).toHaveValue(name === 'From' ? context.range.fromDay : context.range.toDay);
    if (context.rangeProblem) {
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(rangeProblemText[context.rangeProblem]));
    } else expect(input).not.toHaveAttribute('aria-invalid', 'true');
  }
  if (!context.rangeProblem)
    for (const text of Object.values(rangeProblemText)) expect(screen.queryByText(text)).toBeNull();
}

/** Only a read report says which times it covers (one line, or two sentences of one paragraph). */
const rangeLine = /^From .+ to .+\s*Times are in UTC\.$/;

function expectRangeLine(screen: Screen, context: ReportsContext, shown: boolean) {
  const line = screen.queryByText(
    (_, element) => element?.tagName === 'P' && rangeLine.test(element.textContent ?? ''),
  );
  if (!shown) {
    expect(line).toBeNull();
    return;
  }
  expect(line).toBeVisible();
  // A preset offers its days for a custom range: the report's first and last day (it ends at a midnight).
  const { report, range } = context;
  if (range.preset !== 'custom' && report) {
    expect(dateInput(screen, 'From')).toHaveValue(report.from.slice(0, 10));
    expect(dateInput(screen, 'To')).toHaveValue(new Date(Date.parse(report.to) - 1).toISOString().slice(0, 10));
  }
}

function expectNoResults(screen: Screen) {
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Totals' })).toBeNull();
}

/** The value of a term of the totals list. */
const totalOf = (screen: Screen, term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent?.trim();

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('columnheader').length === 0);

/** A table as ordered and paged by the machine: its sorted column, its page, and its export button. */
function expectTable(screen: Screen, table: ReportTable, order: TableOrder, rowCount: number, busy: boolean) {
  const element = screen.getByRole('table', { name: tableNames[table] });
  for (const [column, name] of Object.entries(columnNames[table])) {
    const header = within(element).getByRole('columnheader', { name });
    expect(within(header).getByRole('button', { name })).toBeEnabled();
    if (column === order.column) expect(header).toHaveAttribute('aria-sort', order.direction);
    else expect(header).not.toHaveAttribute('aria-sort');
  }
  const pages = Math.ceil(rowCount / reportPageSize);
  expect(bodyRows(element)).toHaveLength(Math.min(reportPageSize, rowCount - (order.page - 1) * reportPageSize));
  const navName = table === 'traffic' ? 'Traffic pages' : 'Connection pages';
  if (pages > 1) {
    const nav = within(screen.getByRole('navigation', { name: navName }));
    expect(nav.getByText(`Page ${order.page} of ${pages}`)).toBeVisible();
    expect(nav.getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      String(order.page === 1),
    );
    expect(nav.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      String(order.page === pages),
    );
  } else expect(screen.queryByRole('navigation', { name: navName })).toBeNull();
  const exportButton = screen.getByRole('button', { name: exportNames[table] });
  if (busy) {
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAttribute('aria-busy', 'true');
  } else {
    expect(exportButton).toBeEnabled();
    expect(exportButton).not.toHaveAttribute('aria-busy', 'true');
  }
  return element;
}

/** A shown report (also while exporting): range line, totals, charts' captions, both tables. */
function expectReport(screen: Screen, context: ReportsContext, busy: boolean) {
  expect(screen.queryByText('Loading the report…')).toBeNull();
  expectRangeLine(screen, context, true);
  expect(screen.getByRole('heading', { name: 'Totals' })).toBeVisible();
  expect(totalOf(screen, 'Received')).toBe(sampleTotals.received);
  expect(totalOf(screen, 'Sent')).toBe(sampleTotals.sent);
  expect(totalOf(screen, 'Total traffic')).toBe(sampleTotals.total);
  expect(totalOf(screen, 'Connections')).toBe(sampleTotals.connections);
  expect(totalOf(screen, 'Devices')).toBe(sampleTotals.devices);
  expect(screen.getByText('Traffic over time')).toBeVisible();
  expect(screen.getByText('Connections over time')).toBeVisible();
  expect(screen.getAllByText('The table below lists the same figures.')).toHaveLength(2);

  const traffic = expectTable(screen, 'traffic', context.order.traffic, trafficBuckets, busy);
  // The first row of the page is the bucket the machine's order puts there (times and bytes differ in every bucket).
  const { column, direction, page } = context.order.traffic;
  const value = trafficValues[column as keyof typeof trafficValues];
  const sign = direction === 'ascending' ? 1 : -1;
  const sorted = [...sampleReport.net.rows].sort((a, b) => sign * (value(a) < value(b) ? -1 : 1));
  const [iso = ''] = sorted[(page - 1) * reportPageSize] ?? [];
  const time = bodyRows(traffic)[0]?.querySelector('time');
  expect(time).toHaveAttribute('dateTime', iso);
  expect(time).toHaveTextContent(bucketTime(iso));

  const connections = expectTable(screen, 'connections', context.order.connections, 3, busy);
  // The latest connect is the field kit's; by device name, descending, the studio encoder's come first.
  expect(bodyRows(connections)[0]).toHaveTextContent(
    context.order.connections.column === 'device' ? 'Studio encoder' : 'Field kit',
  );
  expect(within(connections).getAllByText('Connected')).toHaveLength(2);
  expect(within(connections).getByText('Disconnected')).toBeVisible();
  expect(within(connections).getAllByText('Studio encoder')).toHaveLength(2);
  expect(within(connections).getByText('Field kit')).toBeVisible();
  expect(within(connections).getAllByText('Frankfurt 1')).toHaveLength(2);
  expect(screen.queryByText('Only the latest 1,000 connections of this range are listed.')).toBeNull();

  if (context.exportFailed) expect(screen.getByRole('alert')).toHaveTextContent(exportFailedText);
  else expect(screen.queryByRole('alert')).toBeNull();
}

describeModel('reports', {
  machine: reportsMachine,
  ...reportsModel,
  states: {
    loading: {
      machine: (snapshot) => {
        const context = contextOf(snapshot);
        expect(snapshot.hasTag('busy')).toBe(true);
        expect(context.failure).toBeNull();
        expect(context.exportFailed).toBe(false);
        expect(context.order).toEqual(initialOrder);
      },
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expectFilters(screen, context);
        const status = screen.getByRole('status');
        expect(status).toHaveTextContent('Loading the report…');
        expect(status.closest('[aria-busy="true"]')).not.toBeNull();
        expectRangeLine(screen, context, false);
        expectNoResults(screen);
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    shown: {
      machine: (snapshot) => {
        const { report, failure } = contextOf(snapshot);
        expect(snapshot.hasTag('busy')).toBe(false);
        expect(report).not.toBeNull();
        expect(isEmptyReport(report as Report)).toBe(false);
        expect(failure).toBeNull();
      },
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expectFilters(screen, context);
        expectReport(screen, context, false);
      },
    },
    exporting: {
      machine: (snapshot) => {
        const { report, exportFailed } = contextOf(snapshot);
        expect(snapshot.hasTag('busy')).toBe(true);
        expect(report).not.toBeNull();
        expect(exportFailed).toBe(false);
      },
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expectFilters(screen, context);
        expectReport(screen, context, true);
      },
    },
    empty: {
      machine: (snapshot) => {
        const { report, failure } = contextOf(snapshot);
        expect(report).not.toBeNull();
        expect(isEmptyReport(report as Report)).toBe(true);
        expect(failure).toBeNull();
      },
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expectFilters(screen, context);
        expect(screen.getByRole('heading', { name: 'No usage in this range' })).toBeVisible();
        expect(screen.getByText(emptyText)).toBeVisible();
        expectRangeLine(screen, context, true);
        expectNoResults(screen);
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    failed: {
      machine: (snapshot) => {
        const { report, failure } = contextOf(snapshot);
        expect(report).toBeNull();
        expect(failure).not.toBeNull();
      },
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expectFilters(screen, context);
        const message = context.failure?.message;
        expect(screen.getByRole('alert')).toHaveTextContent(
          message ? (knownFailures[message] ?? message) : loadUnavailable,
        );
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(screen.queryByText('Loading the report…')).toBeNull();
        expectRangeLine(screen, context, false);
        expectNoResults(screen);
      },
    },
  },
  drivers: {
    'user.choosePreset': ({ user, screen, event }) =>
      user.click(screen.getByRole('radio', { name: presetNames[(event as { preset: RangePreset }).preset] })),
    'user.chooseCustomRange': async ({ user, screen, event }) => {
      const { fromDay, toDay } = event as { fromDay: string; toDay: string };
      for (const [name, day] of [
        ['From', fromDay],
        ['To', toDay],
      ] as const) {
        const input = dateInput(screen, name);
        await user.clear(input);
        await user.type(input, day);
      }
      await user.click(screen.getByRole('button', { name: 'Show range' }));
    },
    'user.chooseScope': ({ user, screen, event }) =>
      user.selectOptions(
        screen.getByRole('combobox', { name: 'Show usage of' }),
        scopeValue((event as { scope: ReportScope }).scope),
      ),
    'user.sort': ({ user, screen, event }) => {
      const { table, column } = event as { table: ReportTable; column: string };
      const header = within(screen.getByRole('table', { name: tableNames[table] })).getByRole('columnheader', {
        name: columnNames[table][column],
      });
      return user.click(within(header).getByRole('button'));
    },
    'user.goToPage': ({ user, screen, event, snapshot }) => {
      const { table, page } = event as { table: ReportTable; page: number };
      const current = contextOf(snapshot).order[table].page;
      const nav = screen.getByRole('navigation', { name: table === 'traffic' ? 'Traffic pages' : 'Connection pages' });
      return user.click(within(nav).getByRole('button', { name: page > current ? 'Next page' : 'Previous page' }));
    },
    'user.export': ({ user, screen, event }) =>
      user.click(screen.getByRole('button', { name: exportNames[(event as { table: ReportTable }).table] })),
    'user.retry': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
});

/** A running machine with the calls answered as given, recording what they were asked. */
function reportsActor(answers: { load?: (input: ReportsInput) => Promise<Report> } = {}) {
  const filterChanged = vi.fn();
  const loads: ReportsInput[] = [];
  const exports: { table: ReportTable; order: TableOrder }[] = [];
  const actor = createActor(
    reportsMachine.provide({
      actors: {
        loadReport: fromPromise<Report, ReportsInput>(async ({ input }) => {
          loads.push(input);
          return answers.load ? answers.load(input) : sampleReport;
        }),
        exportTable: fromPromise<void, { table: ReportTable; report: Report; scope: ReportScope; order: TableOrder }>(
          async ({ input }) => {
            exports.push({ table: input.table, order: input.order });
          },
        ),
      },
      actions: { filterChanged },
    }),
    { input: reportsInput },
  ).start();
  return { actor, filterChanged, loads, exports };
}

describe('reports machine', () => {
  it('reads the report of each taken choice and announces the choice, not a refused or unchanged one', async () => {
    const { actor, filterChanged, loads } = reportsActor();
    await waitFor(actor, (state) => state.matches('shown'));
    actor.send({ type: 'user.choosePreset', preset: '7d' });
    actor.send({ type: 'user.chooseCustomRange', fromDay: '2026-11-10', toDay: '2026-11-01' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.rangeProblem).toBe('reversed');
    actor.send({ type: 'user.chooseCustomRange', ...validCustomRange });
    actor.send({ type: 'user.chooseScope', scope: teamScope });
    await waitFor(actor, (state) => state.matches('shown'));
    expect(actor.getSnapshot().context.rangeProblem).toBeNull();
    expect(filterChanged).toHaveBeenCalledTimes(2);
    // The read begun for the custom range was replaced by the one for the team.
    expect(loads).toEqual([
      reportsInput,
      { range: { preset: 'custom', ...validCustomRange }, scope: { kind: 'me' } },
      { range: { preset: 'custom', ...validCustomRange }, scope: teamScope },
    ]);
  });

  it('exports a table in the order shown, and a new read starts the tables over', async () => {
    const { actor, exports } = reportsActor();
    await waitFor(actor, (state) => state.matches('shown'));
    actor.send({ type: 'user.sort', table: 'traffic', column: 'received' });
    actor.send({ type: 'user.sort', table: 'traffic', column: 'received' });
    actor.send({ type: 'user.goToPage', table: 'traffic', page: 2 });
    actor.send({ type: 'user.goToPage', table: 'connections', page: 2 });
    actor.send({ type: 'user.export', table: 'traffic' });
    await waitFor(actor, (state) => state.matches('shown'));
    expect(exports).toEqual([{ table: 'traffic', order: { column: 'received', direction: 'ascending', page: 2 } }]);
    expect(actor.getSnapshot().context.order.connections).toEqual(initialOrder.connections);
    actor.send({ type: 'user.choosePreset', preset: '90d' });
    expect(actor.getSnapshot().context.order).toEqual(initialOrder);
  });

  it('keeps the server’s reason for a refusal, and reads again on retry', async () => {
    let refuse = true;
    const { actor, loads } = reportsActor({
      load: async () => {
        if (refuse) throw refused(ErrorCode.forbidden, StatsMessage.notYours);
        return emptyReport;
      },
    });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.failure?.message).toBe(StatsMessage.notYours);
    refuse = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (state) => state.matches('empty'));
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(loads).toHaveLength(2);
  });
});
