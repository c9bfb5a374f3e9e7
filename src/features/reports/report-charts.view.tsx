import { Trans, useLingui } from '@lingui/react/macro';
import { Component, lazy, type ReactNode, Suspense, useId } from 'react';
import type { Report } from '../../../machines/reports/reports.machine';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Text } from '../../components/ui/text';
import { bytesUnitFor, formatBytes, formatBytesIn } from '../../lib/format/bytes';
import { formatBucketTime } from '../../lib/format/dates';
import { formatCount } from '../../lib/format/numbers';
import { text } from '../../theme/recipes/text';
import { chartData } from './report-rows';

/** The chart draws on a canvas (uPlot): loaded only once a report is shown. */
const UsageChart = lazy(() => import('./usage-chart'));

/** The chart's place while it loads, or when it could not: its height, so nothing below jumps. */
const chartBox = css({ width: '100%', height: '220px' });

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
    <figure aria-labelledby={captionId} className={stack({ gap: '2', margin: '0' })}>
      <figcaption id={captionId} className={text({ weight: 'semibold' })}>
        {caption}
      </figcaption>
      <ChartBoundary>
        <Suspense fallback={<div className={chartBox} />}>{children}</Suspense>
      </ChartBoundary>
      <Text tone="muted" size="sm">
        <Trans>The table below lists the same figures.</Trans>
      </Text>
    </figure>
  );
}

/** Traffic and connections over the report's range, each over the same figures as the tables. */
export function ReportChartsView({ report, timeZone }: { report: Report; timeZone: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const data = chartData(report);
  // The legend writes a bucket as its row in the traffic table does: in its column's unit.
  const inColumnUnit = (values: number[]) => {
    const unit = bytesUnitFor(values);
    return (value: number) => formatBytesIn(value, unit, locale);
  };
  const formatTime = (seconds: number) =>
    formatBucketTime(new Date(seconds * 1000), locale, timeZone, report.net.bucketSeconds);
  return (
    <div className={stack({ gap: '6' })}>
      <ChartFigure caption={<Trans>Traffic over time</Trans>}>
        <UsageChart
          times={data.times}
          series={[
            { label: t`Received`, values: data.received, formatValue: inColumnUnit(data.received) },
            { label: t`Sent`, values: data.sent, formatValue: inColumnUnit(data.sent) },
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
