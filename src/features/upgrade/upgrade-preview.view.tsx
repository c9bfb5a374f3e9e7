import { Trans, useLingui } from '@lingui/react/macro';
import type { UpgradePreview } from '../../../contract/subscriptions';
import { css } from '../../../styled-system/css';
import { wrap } from '../../../styled-system/patterns';
import { InvoiceLinesTable } from '../../components/invoice-lines';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Note } from '../../components/ui/note';
import { Text } from '../../components/ui/text';
import { formatDate } from '../../lib/format/dates';

/** The server's price of the upgrade, line by line, and the way to confirm it or choose again. */
export function UpgradePreviewCard({
  preview,
  renewsAgain,
  busy,
  canConfirm,
  canChangeChoice,
  onConfirm,
  onChangeChoice,
}: {
  preview: UpgradePreview;
  /** The subscription is canceled: an upgrade takes the cancellation back. */
  renewsAgain: boolean;
  busy: boolean;
  canConfirm: boolean;
  canChangeChoice: boolean;
  onConfirm: () => void;
  onChangeChoice: () => void;
}) {
  const { i18n } = useLingui();
  const nextBilling = preview.nextBillingDate ? formatDate(preview.nextBillingDate, i18n.locale) : null;
  return (
    <Card title={<Trans>What you pay today</Trans>} className={css({ maxWidth: '32rem' })}>
      <InvoiceLinesTable
        caption={<Trans>The upgrade's price</Trans>}
        lines={preview.lines}
        currency={preview.currency}
        totalCents={preview.totalCents}
        totalLabel={<Trans>Total due today</Trans>}
      />
      {nextBilling === null ? null : (
        <Text tone="muted">
          <Trans>Next billing date: {nextBilling}</Trans>
        </Text>
      )}
      {renewsAgain ? (
        <Note>
          <Trans>
            This subscription is canceled. Upgrading takes the cancellation back: the new plan renews on its next
            billing date.
          </Trans>
        </Note>
      ) : null}
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button aria-busy={busy} disabled={!canConfirm} onClick={onConfirm}>
          {busy ? <Trans>Upgrading…</Trans> : <Trans>Confirm upgrade</Trans>}
        </Button>
        <Button variant="outline" disabled={!canChangeChoice} onClick={onChangeChoice}>
          <Trans>Change my choice</Trans>
        </Button>
      </div>
    </Card>
  );
}
