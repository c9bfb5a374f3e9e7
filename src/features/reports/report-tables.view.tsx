import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Report, ReportsEvent, ReportTable, TableOrder } from '../../../machines/reports/reports.machine';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { Text } from '../../components/ui/text';
import { bytesUnitFor, formatBytesIn } from '../../lib/format/bytes';
import { formatBucketTime } from '../../lib/format/dates';
import { Figure } from './report-figure';
import {
  type ConnectionColumn,
  type ConnectionRow,
  connectionColumns,
  connectionRows,
  pageCount,
  pageOf,
  sortRows,
  type TrafficColumn,
  type TrafficRow,
  trafficColumns,
  trafficRows,
} from './report-rows';

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

/** A sortable, paged table of the report in a card named by its caption, with its CSV export. */
function ReportDataTable<Row extends { time: string }, Column extends string>({
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
  columns: DataTableColumn<Row, Column>[];
  rows: Row[];
  order: TableOrder;
  exporting: boolean;
  note?: ReactNode;
  send: (event: ReportsEvent) => void;
}) {
  const pages = pageCount(rows.length);
  const current = Math.min(Math.max(1, order.page), pages);
  return (
    <Card title={caption} description={note}>
      <DataTable
        caption={caption}
        captionHidden
        inNamedSection
        sortedHeaderOnly
        nowrap
        columns={columns}
        rows={pageOf(rows, current)}
        // Rows of a report have no id of their own; a page is redrawn whole when it changes.
        rowKey={(row, index) => `${row.time}|${index}`}
        sort={{ column: order.column as Column, direction: order.direction }}
        onSort={(column) => send({ type: 'user.sort', table, column })}
        pager={
          pages > 1
            ? {
                label: pagesLabel,
                page: current,
                pages,
                onPage: (next) => send({ type: 'user.goToPage', table, page: next }),
              }
            : undefined
        }
        actions={
          <Button
            variant="outline"
            disabled={exporting}
            aria-busy={exporting}
            onClick={() => send({ type: 'user.export', table })}
          >
            {exportLabel}
          </Button>
        }
      />
    </Card>
  );
}

function TimeCell({ iso, timeZone, bucketSeconds }: { iso: string; timeZone: string; bucketSeconds?: number }) {
  const { i18n } = useLingui();
  return <time dateTime={iso}>{formatBucketTime(iso, i18n.locale, timeZone, bucketSeconds)}</time>;
}

function ServerCell({ row }: { row: ConnectionRow }) {
  if (row.server === null)
    return row.serverIsPrivate ? (
      <Trans>Private server</Trans>
    ) : (
      <Text as="span" tone="muted" aria-hidden="true">
        —
      </Text>
    );
  return (
    <>
      <bdi>{row.server}</bdi>
      {row.serverIsPrivate ? (
        <Text as="div" tone="muted" size="sm">
          <Trans>Private server</Trans>
        </Text>
      ) : null}
    </>
  );
}

/** The report's traffic by bucket and its connections by event, each sorted and paged as the machine says. */
export function ReportTablesView({
  report,
  order,
  exporting,
  deviceNames,
  timeZone,
  send,
}: {
  report: Report;
  order: Record<ReportTable, TableOrder>;
  exporting: boolean;
  deviceNames: ReadonlyMap<string, string>;
  timeZone: string;
  send: (event: ReportsEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const bucketSeconds = report.net.bucketSeconds;
  const traffic = sortRows(trafficRows(report), order.traffic, locale);
  const connections = sortRows(connectionRows(report, deviceNames), order.connections, locale);
  // One unit per byte column, the largest its values fit, so its figures line up and compare.
  const byteUnits = {
    received: bytesUnitFor(traffic.map((row) => row.received)),
    sent: bytesUnitFor(traffic.map((row) => row.sent)),
    total: bytesUnitFor(traffic.map((row) => row.total)),
  };
  const trafficTableColumns: DataTableColumn<TrafficRow, TrafficColumn>[] = trafficColumns.map((key) => ({
    key,
    header: i18n._(trafficHeadings[key]),
    sortable: true,
    numeric: key !== 'time',
    cell: (row) =>
      key === 'time' ? (
        <TimeCell iso={row.time} timeZone={timeZone} bucketSeconds={bucketSeconds} />
      ) : (
        <Figure>{formatBytesIn(row[key], byteUnits[key], locale)}</Figure>
      ),
  }));
  const connectionCells: Record<ConnectionColumn, (row: ConnectionRow) => ReactNode> = {
    time: (row) => <TimeCell iso={row.time} timeZone={timeZone} />,
    event: (row) => (row.event === 'connect' ? <Trans>Connected</Trans> : <Trans>Disconnected</Trans>),
    device: (row) => <bdi>{row.device}</bdi>,
    user: (row) => <bdi dir="ltr">{row.user}</bdi>,
    server: (row) => <ServerCell row={row} />,
  };
  const connectionTableColumns: DataTableColumn<ConnectionRow, ConnectionColumn>[] = connectionColumns.map((key) => ({
    key,
    header: i18n._(connectionHeadings[key]),
    sortable: true,
    cell: connectionCells[key],
  }));
  return (
    <>
      <ReportDataTable
        table="traffic"
        caption={<Trans>Traffic</Trans>}
        pagesLabel={t`Traffic pages`}
        exportLabel={<Trans>Export traffic as CSV</Trans>}
        columns={trafficTableColumns}
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
        columns={connectionTableColumns}
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
