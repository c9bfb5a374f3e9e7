import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type FormEvent, lazy, type ReactNode, Suspense, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { SecondFactorMessage } from '../../../contract/second-factor-messages';
import { StatsMessage } from '../../../contract/stats';
import {
  type RangePreset,
  type RangeProblem,
  type Report,
  type ReportScope,
  type ReportsFilterEvent,
  type ReportTable,
  rangePresets,
  type reportsFilterMachine,
  type TableOrder,
} from '../../../machines/reportsFilter/reportsFilter.machine';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { fieldControl } from '../../components/ui/field-control';
import { Pager } from '../../components/ui/pager';
import { table as dataTable, tableScroller } from '../../components/ui/table';
import { dayInZone, formatBytes, formatCount, formatReportTime } from './report-format';
import {
  type ConnectionColumn,
  type ConnectionRow,
  chartData,
  connectionColumns,
  connectionRows,
  pageCount,
  pageOf,
  reportDeviceNames,
  reportTotals,
  sortRows,
  type TrafficColumn,
  type TrafficRow,
  trafficColumns,
  trafficRows,
} from './report-rows';

/** The chart draws on a canvas (uPlot): loaded only once a report is shown. */
const UsageChart = lazy(() => import('./usage-chart'));

/** A scope the picker offers: a team by its name, a device by its nickname. */
export type ScopeOption = { scope: ReportScope; label: string };

export type ReportsViewProps = {
  snapshot: SnapshotFrom<typeof reportsFilterMachine>;
  send: (event: ReportsFilterEvent) => void;
  /** The teams this person administers. */
  teams: readonly { teamId: number; name: string }[];
  /** This person's linked devices. */
  devices: readonly { deviceId: string; name: string }[];
  /** IANA, e.g. `Europe/Berlin`: every time of the page is shown in it. */
  timeZone: string;
};

const presetLabels: Record<RangePreset, MessageDescriptor> = {
  '24h': msg`Last 24 hours`,
  '7d': msg`Last 7 days`,
  '30d': msg`Last 30 days`,
  '90d': msg`Last 90 days`,
};

const rangeProblemText: Record<RangeProblem, MessageDescriptor> = {
  reversed: msg`The end date must be on or after the start date.`,
  tooLong: msg`A report covers at most a year. Choose a shorter range.`,
  malformed: msg`Enter a start and an end date.`,
};

/** The server's refusals the page words itself; any other failure reads as the general one. */
const failureText: Record<string, MessageDescriptor> = {
  [StatsMessage.notYours]: msg`You cannot see the statistics of this device or team.`,
  // A team whose owner requires two-step sign-in, of a member without it (the banner above links to the setup).
  [SecondFactorMessage.setupRequired]: msg`Your team requires two-step sign-in. Set up an authenticator app to reach its pages.`,
};

const trafficHeadings: Record<TrafficColumn, MessageDescriptor> = {
  time: msg`Time`,
  received: msg`Received`,
  sent: msg`Sent`,
  total: msg`Total`,
};

const connectionHeadings: Record<ConnectionColumn, MessageDescriptor> = {
  time: msg`Time`,
  event: msg`Event`,
  device: msg`Device`,
  user: msg`User`,
  server: msg`Server`,
};

const scopeValue = (scope: ReportScope) =>
  scope.kind === 'team' ? `team:${scope.teamId}` : scope.kind === 'device' ? `device:${scope.deviceId}` : 'me';

function scopeOfValue(value: string): ReportScope {
  if (value.startsWith('team:')) return { kind: 'team', teamId: Number(value.slice('team:'.length)) };
  if (value.startsWith('device:')) return { kind: 'device', deviceId: value.slice('device:'.length) };
  return { kind: 'me' };
}

const muted = css({ color: 'fg.muted' });
const page = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const fieldset = css({ minWidth: '0' });
const legend = css({ fontWeight: 'medium', marginBlockEnd: '1.5' });
const fieldsetBody = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' });
const field = css({ display: 'grid', gap: '1.5' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
const choice = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '10',
  paddingInline: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'canvas',
  cursor: 'pointer',
  '&:has(:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& input': { accentColor: 'accent.default', _focusVisible: { outline: 'none' } },
});
const problemStyle = css({ color: 'danger.default', fontWeight: 'medium', width: '100%' });
const totalsList = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: '3',
});
const totalCard = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  padding: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l2',
  bg: 'surface',
  '& dt': { color: 'fg.muted', fontSize: 'sm' },
  '& dd': { fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
});
const chartBox = css({ width: '100%', height: '220px' });
const tableStyle = cx(
  dataTable,
  css({
    '& caption': { textAlign: 'start', fontSize: 'lg', fontWeight: 'semibold', marginBlockEnd: '2' },
    '& td': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    '& [data-numeric]': { textAlign: 'end' },
  }),
);
const sortButton = css({
  display: 'inline-flex',
  gap: '1',
  alignItems: 'center',
  fontWeight: 'semibold',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  '&[data-sorted]': { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});

/** The teams or the devices among the scopes; left out when there are none. */
function ScopeGroup({ label, options }: { label: string; options: readonly { value: string; label: string }[] }) {
  if (options.length === 0) return null;
  return (
    <optgroup label={label}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </optgroup>
  );
}

/** A day of the custom range; uncontrolled, and started again from `day` whenever the range changes. */
function DayField(props: {
  id: string;
  name: 'fromDay' | 'toDay';
  label: ReactNode;
  day: string;
  resetKey: string;
  problemId: string | null;
}) {
  return (
    <div className={field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        key={`${props.name}|${props.resetKey}`}
        id={props.id}
        name={props.name}
        type="date"
        defaultValue={props.day}
        aria-invalid={props.problemId ? true : undefined}
        aria-describedby={props.problemId ?? undefined}
        className={fieldControl}
      />
    </div>
  );
}

/** The range, scope and custom days the person chooses; every choice is an event to the machine. */
function Filters({ snapshot, send, teams, devices, timeZone }: ReportsViewProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const problemId = useId();
  const fromId = useId();
  const toId = useId();
  const scopeId = useId();
  const { range, scope, rangeProblem, report } = snapshot.context;
  // The days the custom inputs start from: the custom range, or the days the shown preset covers.
  const fromDay = range.preset === 'custom' ? range.fromDay : report ? dayInZone(report.from, timeZone) : '';
  const toDay =
    range.preset === 'custom'
      ? range.toDay
      : report
        ? dayInZone(new Date(Date.parse(report.to) - 1).toISOString(), timeZone)
        : '';
  const daysKey = `${range.preset}|${fromDay}|${toDay}`;
  const problem = rangeProblem ? i18n._(rangeProblemText[rangeProblem]) : null;

  const chooseCustomRange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    send({
      type: 'user.chooseCustomRange',
      fromDay: String(form.get('fromDay') ?? ''),
      toDay: String(form.get('toDay') ?? ''),
    });
  };

  // A scope from the address that the lists do not (yet) hold is still the one shown.
  const current = scopeValue(scope);
  const teamOptions = teams.map((team) => ({ value: `team:${team.teamId}`, label: team.name }));
  const deviceOptions = devices.map((device) => ({ value: `device:${device.deviceId}`, label: device.name }));
  if (scope.kind === 'team' && !teamOptions.some((option) => option.value === current))
    teamOptions.push({ value: current, label: t`Team ${scope.teamId}` });
  if (scope.kind === 'device' && !deviceOptions.some((option) => option.value === current))
    deviceOptions.push({ value: current, label: scope.deviceId });

  return (
    <section aria-labelledby={titleId} className={card}>
      <h2 id={titleId} className={cardTitle}>
        <Trans>Filters</Trans>
      </h2>
      <form onSubmit={chooseCustomRange} className={css({ display: 'flex', flexWrap: 'wrap', gap: '5' })}>
        <fieldset className={fieldset}>
          <legend className={legend}>
            <Trans>Range</Trans>
          </legend>
          <div className={fieldsetBody}>
            {rangePresets.map((preset) => (
              <label key={preset} className={choice}>
                <input
                  type="radio"
                  name="range"
                  value={preset}
                  checked={range.preset === preset}
                  onChange={() => send({ type: 'user.choosePreset', preset })}
                />
                {i18n._(presetLabels[preset])}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>
            <Trans>Custom range</Trans>
          </legend>
          <div className={fieldsetBody}>
            <DayField
              id={fromId}
              name="fromDay"
              label={<Trans>From</Trans>}
              day={fromDay}
              resetKey={daysKey}
              problemId={problem ? problemId : null}
            />
            <DayField
              id={toId}
              name="toDay"
              label={<Trans>To</Trans>}
              day={toDay}
              resetKey={daysKey}
              problemId={problem ? problemId : null}
            />
            <Button type="submit" variant="outline">
              <Trans>Show range</Trans>
            </Button>
            {problem ? (
              <p id={problemId} className={problemStyle}>
                {problem}
              </p>
            ) : null}
          </div>
        </fieldset>
        <div className={field}>
          <label htmlFor={scopeId} className={css({ fontWeight: 'medium' })}>
            <Trans>Show usage of</Trans>
          </label>
          <select
            id={scopeId}
            className={fieldControl}
            value={current}
            onChange={(event) => send({ type: 'user.chooseScope', scope: scopeOfValue(event.currentTarget.value) })}
          >
            <option value="me">{t`My devices`}</option>
            <ScopeGroup label={t`Teams`} options={teamOptions} />
            <ScopeGroup label={t`Devices`} options={deviceOptions} />
          </select>
        </div>
      </form>
    </section>
  );
}

/** A chart that fails to load (a lost chunk) leaves its box empty: the table below has the figures. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <div className={chartBox} /> : this.props.children;
  }
}

function ChartFigure({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const captionId = useId();
  // The figcaption names the figure; aria-labelledby says so to tools that do not derive it.
  return (
    <figure
      aria-labelledby={captionId}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', margin: '0' })}
    >
      <figcaption id={captionId} className={css({ fontWeight: 'semibold' })}>
        {caption}
      </figcaption>
      <ChartBoundary>
        <Suspense fallback={<div className={chartBox} />}>{children}</Suspense>
      </ChartBoundary>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        <Trans>The table below lists the same figures.</Trans>
      </p>
    </figure>
  );
}

function Charts({ report, timeZone }: { report: Report; timeZone: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const data = chartData(report);
  const formatTime = (seconds: number) =>
    formatReportTime(new Date(seconds * 1000).toISOString(), locale, timeZone, report.net.bucketSeconds);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <ChartFigure caption={<Trans>Traffic over time</Trans>}>
        <UsageChart
          times={data.times}
          series={[
            { label: t`Received`, values: data.received },
            { label: t`Sent`, values: data.sent },
          ]}
          formatValue={(value) => formatBytes(value, locale)}
          formatTime={formatTime}
        />
      </ChartFigure>
      <ChartFigure caption={<Trans>Connections over time</Trans>}>
        <UsageChart
          times={data.times}
          series={[{ label: t`Connections`, values: data.connections }]}
          formatValue={(value) => formatCount(value, locale)}
          formatTime={formatTime}
        />
      </ChartFigure>
    </div>
  );
}

function Totals({ report }: { report: Report }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const totals = reportTotals(report);
  const locale = i18n.locale;
  const items: { term: ReactNode; value: string }[] = [
    { term: <Trans>Received</Trans>, value: formatBytes(totals.received, locale) },
    { term: <Trans>Sent</Trans>, value: formatBytes(totals.sent, locale) },
    { term: <Trans>Total traffic</Trans>, value: formatBytes(totals.total, locale) },
    { term: <Trans>Connections</Trans>, value: formatCount(totals.connections, locale) },
    { term: <Trans>Devices</Trans>, value: formatCount(totals.devices, locale) },
  ];
  return (
    <section aria-labelledby={titleId} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id={titleId} className={cardTitle}>
        <Trans>Totals</Trans>
      </h2>
      <dl className={totalsList}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of five
          <div key={index} className={totalCard}>
            <dt>{item.term}</dt>
            <dd>
              <Figure>{item.value}</Figure>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A figure with its Latin unit ("1.5 GB") kept in that order in right-to-left pages, where the
 * unit would otherwise be laid out before the number.
 */
function Figure({ children }: { children: string }) {
  return <span dir="ltr">{children}</span>;
}

type Column<Row> = { key: string; heading: MessageDescriptor; numeric?: boolean; cell: (row: Row) => ReactNode };

/** A sortable, paged table of the report with its CSV export. */
function ReportDataTable<Row extends { time: string }>({
  table,
  caption,
  pagesLabel,
  exportLabel,
  columns,
  rows,
  order,
  exporting,
  note,
  send,
}: {
  table: ReportTable;
  caption: ReactNode;
  pagesLabel: string;
  exportLabel: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  order: TableOrder;
  exporting: boolean;
  note?: ReactNode;
  send: ReportsViewProps['send'];
}) {
  const { i18n } = useLingui();
  const pages = pageCount(rows.length);
  const current = Math.min(Math.max(1, order.page), pages);
  const shown = pageOf(rows, current);
  return (
    <section className={card}>
      <div className={tableScroller}>
        <table className={tableStyle}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = order.column === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sorted ? order.direction : undefined}
                    data-numeric={column.numeric ? '' : undefined}
                  >
                    <button
                      type="button"
                      className={sortButton}
                      data-sorted={sorted ? '' : undefined}
                      onClick={() => send({ type: 'user.sort', table, column: column.key })}
                    >
                      {i18n._(column.heading)}
                      <span aria-hidden="true">{sorted ? (order.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              // Rows of a report have no id of their own; a page is redrawn whole when it changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={`${row.time}|${index}`}>
                {columns.map((column) => (
                  <td key={column.key} data-numeric={column.numeric ? '' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className={muted}>{note}</p> : null}
      <div className={row}>
        {pages > 1 ? (
          <Pager
            label={pagesLabel}
            page={current}
            pages={pages}
            onPage={(next) => send({ type: 'user.goToPage', table, page: next })}
          />
        ) : null}
        <Button
          variant="outline"
          className={css({ marginInlineStart: 'auto' })}
          disabled={exporting}
          aria-busy={exporting}
          onClick={() => send({ type: 'user.export', table })}
        >
          {exportLabel}
        </Button>
      </div>
    </section>
  );
}

function TimeCell({ iso, timeZone, bucketSeconds }: { iso: string; timeZone: string; bucketSeconds?: number }) {
  const { i18n } = useLingui();
  return <time dateTime={iso}>{formatReportTime(iso, i18n.locale, timeZone, bucketSeconds)}</time>;
}

function ServerCell({ row }: { row: ConnectionRow }) {
  if (row.server === null)
    return row.serverIsPrivate ? (
      <Trans>Private server</Trans>
    ) : (
      <span className={muted} aria-hidden="true">
        —
      </span>
    );
  return (
    <>
      <bdi>{row.server}</bdi>
      {row.serverIsPrivate ? (
        <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>
          <Trans>Private server</Trans>
        </span>
      ) : null}
    </>
  );
}

/** What a shown report holds: totals, the charts and the two tables. */
function ShownReport({
  report,
  order,
  exporting,
  exportFailed,
  deviceNames,
  timeZone,
  send,
}: {
  report: Report;
  order: Record<ReportTable, TableOrder>;
  exporting: boolean;
  exportFailed: boolean;
  deviceNames: ReadonlyMap<string, string>;
  timeZone: string;
  send: ReportsViewProps['send'];
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const bucketSeconds = report.net.bucketSeconds;
  const traffic = sortRows(trafficRows(report), order.traffic, locale);
  const connections = sortRows(connectionRows(report, deviceNames), order.connections, locale);
  const trafficColumnsShown: Column<TrafficRow>[] = trafficColumns.map((key) => ({
    key,
    heading: trafficHeadings[key],
    numeric: key !== 'time',
    cell: (row) =>
      key === 'time' ? (
        <TimeCell iso={row.time} timeZone={timeZone} bucketSeconds={bucketSeconds} />
      ) : (
        <Figure>{formatBytes(row[key], locale)}</Figure>
      ),
  }));
  const connectionCells: Record<ConnectionColumn, (row: ConnectionRow) => ReactNode> = {
    time: (row) => <TimeCell iso={row.time} timeZone={timeZone} />,
    event: (row) => (row.event === 'connect' ? <Trans>Connected</Trans> : <Trans>Disconnected</Trans>),
    device: (row) => <bdi>{row.device}</bdi>,
    user: (row) => <bdi dir="ltr">{row.user}</bdi>,
    server: (row) => <ServerCell row={row} />,
  };
  const connectionColumnsShown: Column<ConnectionRow>[] = connectionColumns.map((key) => ({
    key,
    heading: connectionHeadings[key],
    cell: connectionCells[key],
  }));
  return (
    <>
      {exportFailed ? (
        <Alert>
          <Trans>The CSV file could not be made. Please try again.</Trans>
        </Alert>
      ) : null}
      <Totals report={report} />
      <Charts report={report} timeZone={timeZone} />
      <ReportDataTable
        table="traffic"
        caption={<Trans>Traffic</Trans>}
        pagesLabel={t`Traffic pages`}
        exportLabel={<Trans>Export traffic as CSV</Trans>}
        columns={trafficColumnsShown}
        rows={traffic}
        order={order.traffic}
        exporting={exporting}
        send={send}
      />
      <ReportDataTable
        table="connections"
        caption={<Trans>Connections</Trans>}
        pagesLabel={t`Connection pages`}
        exportLabel={<Trans>Export connections as CSV</Trans>}
        columns={connectionColumnsShown}
        rows={connections}
        order={order.connections}
        exporting={exporting}
        note={
          'truncated' in report.tunnel && report.tunnel.truncated ? (
            <Trans>Only the latest 1,000 connections of this range are listed.</Trans>
          ) : undefined
        }
        send={send}
      />
    </>
  );
}

/**
 * The Reports page (issue 12): traffic and connections of the person's devices, a team's or one
 * device's, over a range; totals, two charts and two sortable, paged tables that export as CSV.
 */
export function ReportsView(props: ReportsViewProps) {
  const { snapshot, send, devices, timeZone } = props;
  const { i18n } = useLingui();
  const { report, failure, order, exportFailed } = snapshot.context;
  const loading = snapshot.matches('loading');
  const exporting = snapshot.matches('exporting');
  const read = report && (snapshot.matches('shown') || exporting || snapshot.matches('empty'));
  const deviceNames = new Map([
    ...devices.map((device) => [device.deviceId, device.name] as const),
    ...(report ? reportDeviceNames(report) : []),
  ]);
  const failureMessage = failure?.message ? failureText[failure.message] : undefined;
  const from = report ? formatReportTime(report.from, i18n.locale, timeZone) : '';
  const to = report ? formatReportTime(report.to, i18n.locale, timeZone) : '';

  return (
    <div className={page}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          <Trans>Usage reports</Trans>
        </h1>
        <p className={muted}>
          <Trans>Traffic and connections of your bonded devices.</Trans>
        </p>
      </header>
      <Filters {...props} />
      <div aria-busy={loading} className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        {read ? (
          <p className={muted}>
            <Trans>
              From <time dateTime={report.from}>{from}</time> to <time dateTime={report.to}>{to}</time>
            </Trans>{' '}
            <span className={css({ display: 'block' })}>
              <Trans>Times are in {timeZone}.</Trans>
            </span>
          </p>
        ) : null}
        {loading ? (
          <p role="status" className={muted}>
            <Trans>Loading the report…</Trans>
          </p>
        ) : snapshot.matches('failed') ? (
          <Alert>
            <span className={row}>
              {failureMessage ? (
                i18n._(failureMessage)
              ) : (
                <Trans>We could not load the report right now. Please try again.</Trans>
              )}
              <Button variant="link" onClick={() => send({ type: 'user.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </span>
          </Alert>
        ) : snapshot.matches('empty') ? (
          <section className={card}>
            <h2 className={cardTitle}>
              <Trans>No usage in this range</Trans>
            </h2>
            <p className={muted}>
              <Trans>
                Your devices did not connect or move data between these times. Choose a longer range or another scope.
              </Trans>
            </p>
          </section>
        ) : report ? (
          <ShownReport
            report={report}
            order={order}
            exporting={exporting}
            exportFailed={exportFailed}
            deviceNames={deviceNames}
            timeZone={timeZone}
            send={send}
          />
        ) : null}
      </div>
    </div>
  );
}
