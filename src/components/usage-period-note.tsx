import { Trans, useLingui } from '@lingui/react/macro';
import type { UsagePeriod } from '../../contract/usage-period';
import { formatDate } from '../lib/format/dates';
import { Text } from './ui/text';

/**
 * Which span a data-used figure counts (issue 27). The account page names the subscription whose
 * period it is (`title`; null when none runs and the calendar month counts); the members table
 * leaves `title` out, as the page names the subscription. Both count the same bytes for one person.
 */
export function UsagePeriodNote({ period, title }: { period: UsagePeriod; title?: string | null }) {
  const { i18n } = useLingui();
  const start = formatDate(period.startsAt, i18n.locale);
  const end = period.endsAt ? formatDate(period.endsAt, i18n.locale) : null;
  return (
    <Text tone="muted" size="sm">
      <PeriodWords start={start} end={end} title={title} />
    </Text>
  );
}

function PeriodWords({ start, end, title }: { start: string; end: string | null; title?: string | null }) {
  if (end === null)
    return title ? (
      <Trans>
        Counted since {start} for {title}.
      </Trans>
    ) : (
      <Trans>Counted since {start}.</Trans>
    );
  if (title)
    return (
      <Trans>
        Counted from {start} to {end}, the current period of {title}.
      </Trans>
    );
  if (title === null)
    return (
      <Trans>
        Counted from {start} to {end}, this calendar month.
      </Trans>
    );
  return (
    <Trans>
      Counted from {start} to {end}, the subscription’s current period.
    </Trans>
  );
}
