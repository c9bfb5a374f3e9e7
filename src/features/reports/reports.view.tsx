import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Report, ReportsEvent, ReportTable, TableOrder } from '../../../machines/reports/reports.machine';
import { unexplained } from '../../../machines/support/refusal';
import { stack } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/stats';
import { formatDateTime } from '../../lib/format/dates';
import { ReportChartsView } from './report-charts.view';
import { ReportFiltersView, type ReportFiltersViewProps } from './report-filters.view';
import { reportDeviceNames } from './report-rows';
import { ReportTablesView } from './report-tables.view';
import { ReportTotalsView } from './report-totals.view';

/** What the filters need is what the page needs: the rest is in the snapshot. */
export type ReportsViewProps = ReportFiltersViewProps;

/** A read that failed without the server's word (network, a 5xx). */
const loadUnavailable = msg`We could not load the report right now. Please try again.`;

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
  send: (event: ReportsEvent) => void;
}) {
  return (
    <>
      {exportFailed ? (
        <Alert>
          <Trans>The CSV file could not be made. Please try again.</Trans>
        </Alert>
      ) : null}
      <ReportTotalsView report={report} />
      <ReportChartsView report={report} timeZone={timeZone} />
      <ReportTablesView
        report={report}
        order={order}
        exporting={exporting}
        deviceNames={deviceNames}
        timeZone={timeZone}
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
  const from = report ? formatDateTime(report.from, i18n.locale, { timeZone }) : '';
  const to = report ? formatDateTime(report.to, i18n.locale, { timeZone }) : '';

  return (
    <div className={stack({ gap: '6' })}>
      <PageHeader
        title={<Trans>Usage reports</Trans>}
        description={<Trans>Traffic and connections of your bonded devices.</Trans>}
      />
      <ReportFiltersView {...props} />
      <div aria-busy={loading} className={stack({ gap: '6' })}>
        {read ? (
          <Text tone="muted">
            <Trans>
              From <time dateTime={report.from}>{from}</time> to <time dateTime={report.to}>{to}</time>
            </Trans>
            <br />
            <Trans>Times are in {timeZone}.</Trans>
          </Text>
        ) : null}
        {loading ? (
          <Text role="status" tone="muted">
            <Trans>Loading the report…</Trans>
          </Text>
        ) : snapshot.matches('failed') ? (
          <Alert onRetry={() => send({ type: 'user.retry' })}>
            {refusalText(i18n, failure ?? unexplained, { unavailable: loadUnavailable })}
          </Alert>
        ) : snapshot.matches('empty') ? (
          <Card
            title={<Trans>No usage in this range</Trans>}
            description={
              <Trans>
                Your devices did not connect or move data between these times. Choose a longer range or another scope.
              </Trans>
            }
          />
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
