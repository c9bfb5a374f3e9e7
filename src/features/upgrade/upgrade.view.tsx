import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  chosenOptionOf,
  isQuantityEditable,
  type UpgradeEvent,
  type upgradeMachine,
} from '../../../machines/upgrade/upgrade.machine';
import { grid, stack } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText } from '../../lib/contract-messages';
import { failureText } from './upgrade.messages';
import { UpgradeOptionCard } from './upgrade-option.view';
import { UpgradePreviewCard } from './upgrade-preview.view';

export type UpgradeViewProps = {
  snapshot: Pick<SnapshotFrom<typeof upgradeMachine>, 'context' | 'matches' | 'hasTag' | 'can'>;
  send: (event: UpgradeEvent) => void;
  /** The day the options' next billing dates count from. */
  today: Date;
  dashboardLink: ReactNode;
  invoiceLink: (invoiceNumber: number) => ReactNode;
};

/** The upgrade screen: the options side by side, the server's preview, then the result. */
export function UpgradeView({ snapshot, send, today, dashboardLink, invoiceLink }: UpgradeViewProps) {
  const { t, i18n } = useLingui();
  const { context } = snapshot;
  const { subscription, preview, result, failure } = context;
  const chosen = chosenOptionOf(context);
  // Once upgraded, the current plan is the new one.
  const currentTitle = snapshot.matches('done') ? (chosen?.title ?? result?.planCode ?? '') : subscription.title;
  const busy = snapshot.hasTag('busy');

  const header = (
    <PageHeader
      title={<Trans>Upgrade your subscription</Trans>}
      description={<Trans>Your current plan: {currentTitle}</Trans>}
    />
  );

  if (subscription.upgradeOptions.length === 0)
    return (
      <div className={stack({ gap: '4' })}>
        {header}
        <p>
          <Trans>There is nothing to upgrade to: no other plan is offered for this subscription.</Trans>
        </p>
        <p>{dashboardLink}</p>
      </div>
    );

  if (snapshot.matches('done')) {
    const newTitle = chosen?.title ?? result?.planCode ?? '';
    const invoiceNumber = result?.invoiceNumber ?? null;
    return (
      <div className={stack({ gap: '4' })}>
        {header}
        <Alert tone="success">
          <Trans>Your subscription is now {newTitle}.</Trans>
        </Alert>
        {invoiceNumber === null ? null : <p>{invoiceLink(invoiceNumber)}</p>}
        <p>{dashboardLink}</p>
      </div>
    );
  }

  const choosing = snapshot.matches('choosing');
  const canChoose = snapshot.can({ type: 'user.chooseOption', hash: '' });
  const quantityError = context.quantityError ? contractMessageText(i18n, context.quantityError) : undefined;
  const maxSeats = chosen?.maxSeats ?? 1;

  return (
    <div className={stack({ gap: '6' })}>
      {header}
      <ul
        aria-label={t`Upgrade options`}
        className={grid({ gap: '4', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))' })}
      >
        {subscription.upgradeOptions.map((option) => (
          <UpgradeOptionCard
            key={option.hash}
            option={option}
            context={context}
            chosen={option.hash === context.chosenHash}
            canChoose={canChoose}
            today={today}
            onChoose={() => send({ type: 'user.chooseOption', hash: option.hash })}
          />
        ))}
      </ul>

      {choosing || snapshot.matches('previewing') ? (
        <form
          noValidate
          className={stack({ gap: '4', maxWidth: '24rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.preview' });
          }}
        >
          {chosen && isQuantityEditable(chosen) ? (
            <TextField
              label={<Trans>Seats</Trans>}
              name="quantity"
              inputMode="numeric"
              value={context.quantityText}
              disabled={!snapshot.can({ type: 'user.changeQuantity', value: '' })}
              helperText={<Plural value={maxSeats} one="From 1 to # seat" other="From 1 to # seats" />}
              errorText={quantityError}
              onValueChange={(value) => send({ type: 'user.changeQuantity', value })}
            />
          ) : null}
          {chosen ? null : (
            <Text tone="muted">
              <Trans>Choose a plan to see what the upgrade costs today.</Trans>
            </Text>
          )}
          <div>
            <Button type="submit" aria-busy={busy} disabled={!snapshot.can({ type: 'user.preview' })}>
              {busy ? <Trans>Calculating the price…</Trans> : <Trans>See the price</Trans>}
            </Button>
          </div>
        </form>
      ) : null}

      {failure ? (
        <Alert
          onRetry={snapshot.can({ type: 'user.retry' }) ? () => send({ type: 'user.retry' }) : undefined}
          actions={
            snapshot.can({ type: 'user.startOver' }) ? (
              <Button variant="link" onClick={() => send({ type: 'user.startOver' })}>
                <Trans>Start over</Trans>
              </Button>
            ) : snapshot.matches('previewFailed') ? (
              <Button variant="link" onClick={() => send({ type: 'user.changeChoice' })}>
                <Trans>Change my choice</Trans>
              </Button>
            ) : null
          }
        >
          {failureText(i18n, failure)}
        </Alert>
      ) : null}

      {preview && !snapshot.matches('conflict') ? (
        <UpgradePreviewCard
          preview={preview}
          renewsAgain={subscription.state === 'canceled'}
          busy={busy}
          canConfirm={snapshot.can({ type: 'user.confirm' })}
          canChangeChoice={snapshot.can({ type: 'user.changeChoice' })}
          onConfirm={() => send({ type: 'user.confirm' })}
          onChangeChoice={() => send({ type: 'user.changeChoice' })}
        />
      ) : null}
    </div>
  );
}
