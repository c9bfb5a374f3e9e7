import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { SecondFactorMessage } from '../../contract/second-factor';
import { StatsMessage } from '../../contract/stats';
import { initialOrder, type Report, type ReportsContext, reportsMachine } from '../../machines/reports/reports.machine';
import { refusal, unexplained } from '../../machines/support/refusal';
import { ReportsView } from '../../src/features/reports/reports.view';
import { TestI18n } from '../support/i18n';

// The chart is another module's (and draws nothing in jsdom): these tests read the figures and tables.
vi.mock('../../src/features/reports/usage-chart', () => ({ default: () => null }));

const hour = 3600 * 1000;
const start = Date.parse('2026-11-20T00:00:00Z');
const deviceId = '0b5f3c1e-8a7d-4c2b-9e6f-1a2b3c4d5e6f';

/** 30 hourly buckets (two pages of traffic) and three connection events. */
const report: Report = {
  from: '2026-11-20T00:00:00.000Z',
  to: '2026-11-21T06:00:00.000Z',
  net: {
    columns: [{ name: 'time' }, { name: 'rxBytes' }, { name: 'txBytes' }],
    rows: Array.from({ length: 30 }, (_, index) => [new Date(start + index * hour).toISOString(), index * 1024, 512]),
    bucketSeconds: 3600,
  },
  tunnel: {
    columns: [],
    rows: [
      ['2026-11-20T01:10:00.000Z', 'connect', deviceId, 'ann@example.com', 'u1', 'Frankfurt 1', false],
      ['2026-11-20T02:00:00.000Z', 'disconnect', deviceId, 'ann@example.com', 'u1', 'Frankfurt 1', false],
      ['2026-11-20T03:00:00.000Z', 'connect', 'Studio laptop', 'bob@example.com', 'u2', 'Own box', true],
    ],
    truncated: true,
  },
};

const baseContext: ReportsContext = {
  range: { preset: '24h' },
  scope: { kind: 'me' },
  report: null,
  failure: null,
  rangeProblem: null,
  order: initialOrder,
  exportFailed: false,
};

function renderView(value: string, context: Partial<ReportsContext> = {}) {
  const snapshot = reportsMachine.resolveState({ value, context: { ...baseContext, ...context } });
  const send = vi.fn();
  render(
    <TestI18n>
      <ReportsView
        snapshot={snapshot}
        send={send}
        teams={[{ teamId: 7, name: 'Northwind Broadcast' }]}
        devices={[{ deviceId, name: 'Field kit' }]}
        timeZone="UTC"
      />
    </TestI18n>,
  );
  return send;
}

describe('ReportsView', () => {
  it('offers the range presets, a custom range and the scopes', async () => {
    const send = renderView('shown', { report });
    expect(screen.getByRole('heading', { level: 1, name: 'Usage reports' })).toBeVisible();
    const range = within(screen.getByRole('group', { name: 'Range' }));
    expect(range.getByRole('radio', { name: 'Last 24 hours' })).toBeChecked();
    expect(range.getByRole('radio', { name: 'Last 7 days' })).not.toBeChecked();
    await userEvent.click(range.getByRole('radio', { name: 'Last 30 days' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.choosePreset', preset: '30d' });

    // The custom days start at the days the shown preset covers.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(send).toHaveBeenLastCalledWith({
      type: 'user.chooseCustomRange',
      fromDay: '2026-11-20',
      toDay: '2026-11-21',
    });

    const scope = screen.getByRole('combobox', { name: 'Show usage of' });
    expect(within(scope).getByRole('group', { name: 'Teams' })).toBeInTheDocument();
    await userEvent.selectOptions(scope, 'Northwind Broadcast');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.chooseScope', scope: { kind: 'team', teamId: 7 } });
    await userEvent.selectOptions(scope, 'Field kit');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.chooseScope', scope: { kind: 'device', deviceId } });
  });

  it('says why a custom range was not taken, and checks no preset', () => {
    renderView('shown', {
      report,
      range: { preset: 'custom', fromDay: '2026-11-10', toDay: '2026-11-01' },
      rangeProblem: 'reversed',
    });
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('2026-11-10');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('The end date must be on or after the start date.');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date must be on or after the start date.');
  });

  it('shows only that it is loading', () => {
    renderView('loading', { report });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the report…');
    expect(screen.getByRole('status').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Times are in/)).toBeNull();
  });

  it('shows the totals and the first page of each table', async () => {
    const send = renderView('shown', { report });
    expect(screen.getByText(/Times are in UTC\./)).toBeVisible();
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    // 0 + 1 + … + 29 KB received, 30 × 512 B sent.
    expect(totals.getByText('Received').nextSibling).toHaveTextContent('435 KB');
    expect(totals.getByText('Sent').nextSibling).toHaveTextContent('15 KB');
    expect(totals.getByText('Total traffic').nextSibling).toHaveTextContent('450 KB');
    expect(totals.getByText('Connections').nextSibling).toHaveTextContent('2');
    expect(totals.getByText('Devices').nextSibling).toHaveTextContent('2');
    expect(screen.getByRole('figure', { name: 'Traffic over time' })).toBeVisible();
    expect(screen.getByRole('figure', { name: 'Connections over time' })).toBeVisible();

    const traffic = screen.getByRole('table', { name: 'Traffic' });
    expect(within(traffic).getAllByRole('row')).toHaveLength(26);
    // The latest bucket first: 29 KB received, 512 B sent; each column in one unit with fixed decimals.
    const first = within(within(traffic).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(first.map((cell) => cell.textContent)).toEqual(['Nov 21, 2026, 5:00 AM', '29.0 KB', '512 B', '29.5 KB']);
    const column = (index: number) =>
      within(traffic)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? '');
    expect(column(1).filter((text) => !/^\d+\.\d KB$/.test(text))).toEqual([]);
    expect(new Set(column(2))).toEqual(new Set(['512 B']));
    expect(within(traffic).getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(traffic).getByRole('columnheader', { name: /Received/ })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(traffic).getByRole('button', { name: /Received/ }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.sort', table: 'traffic', column: 'received' });

    const pages = within(screen.getByRole('navigation', { name: 'Traffic pages' }));
    expect(pages.getByText('Page 1 of 2')).toBeVisible();
    const previous = pages.getByRole('button', { name: 'Previous page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    // At the first page "Previous page" does nothing, and keeps the focus it was pressed with.
    send.mockClear();
    await userEvent.click(previous);
    expect(send).not.toHaveBeenCalled();
    expect(previous).toHaveFocus();
    await userEvent.click(pages.getByRole('button', { name: 'Next page' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.goToPage', table: 'traffic', page: 2 });
    expect(screen.queryByRole('navigation', { name: 'Connection pages' })).toBeNull();

    const connections = within(screen.getByRole('table', { name: 'Connections' }));
    const cells = connections.getAllByRole('row').map((row) => row.textContent);
    expect(cells[1]).toContain('Connected');
    expect(cells[1]).toContain('Studio laptop');
    expect(cells[1]).toContain('Private server');
    expect(cells[3]).toContain('Field kit');
    expect(screen.getByText('Only the latest 1,000 connections of this range are listed.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Export connections as CSV' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.export', table: 'connections' });
  });

  it('keeps both export buttons busy while a table exports, and says when the file failed', () => {
    renderView('exporting', { report, exportFailed: true });
    for (const name of ['Export traffic as CSV', 'Export connections as CSV']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
    }
    expect(screen.getByRole('alert')).toHaveTextContent('The CSV file could not be made. Please try again.');
  });

  it('says when the range holds no usage', () => {
    renderView('empty', {
      report: { ...report, net: { ...report.net, rows: [] }, tunnel: { ...report.tunnel, rows: [] } },
    });
    expect(screen.getByRole('heading', { name: 'No usage in this range' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('words a refusal it knows, and offers to try again', async () => {
    const send = renderView('failed', { failure: refusal(ErrorCode.forbidden, StatsMessage.notYours) });
    expect(screen.getByRole('alert')).toHaveTextContent('You cannot see the statistics of this device or team.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.retry' });
  });

  it("words a team's refusal of a member without two-step sign-in", () => {
    renderView('failed', { failure: refusal(ErrorCode.secondFactorSetupRequired, SecondFactorMessage.setupRequired) });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your team requires two-step sign-in. Set up an authenticator app to reach its pages.',
    );
  });

  it('reads any other failure as the general one', () => {
    renderView('failed', { failure: unexplained });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the report right now. Please try again.');
  });
});
