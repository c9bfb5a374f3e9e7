import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { Report } from '../../../machines/reports/reports.machine';
import { css } from '../../../styled-system/css';
import { grid, stack } from '../../../styled-system/patterns';
import { Heading } from '../../components/ui/text';
import { formatBytes } from '../../lib/format/bytes';
import { formatCount } from '../../lib/format/numbers';
import { Figure } from './report-figure';
import { reportTotals } from './report-rows';

/** One total in a tile of its own: its name small and muted, its figure large. */
const totalTile = css({
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

/** The range's traffic, connections and devices, summed. */
export function ReportTotalsView({ report }: { report: Report }) {
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
    <section aria-labelledby={titleId} className={stack({ gap: '3' })}>
      <Heading as="h2" level="section" id={titleId}>
        <Trans>Totals</Trans>
      </Heading>
      <dl className={grid({ minChildWidth: '9rem', gap: '3' })}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of five
          <div key={index} className={totalTile}>
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
