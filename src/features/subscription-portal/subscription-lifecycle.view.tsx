import { FieldTextarea } from '@ark-ui/react/field';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { type CancelReason, cancelNoteMaxLength, type SeatsPreview } from '../../../contract/subscriptions';
import {
  type SubscriptionLifecycleEvent,
  seatsFloorOf,
  type subscriptionLifecycleMachine,
} from '../../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { type Refusal, unexplained } from '../../../machines/support/refusal';
import { css, cx } from '../../../styled-system/css';
import { grid, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Note } from '../../components/ui/note';
import { StatusMessage } from '../../components/ui/status-message';
import { Heading, Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { fieldControl } from '../../theme/recipes/field';
import '../../lib/refusals/subscriptions';
import { cancelReasonLabels, changeUnavailable } from './subscription-portal.messages';

type LifecycleSnapshot = Pick<
  SnapshotFrom<typeof subscriptionLifecycleMachine>,
  'context' | 'hasTag' | 'matches' | 'can'
>;

export type SubscriptionLifecycleViewProps = {
  snapshot: LifecycleSnapshot;
  send: (event: SubscriptionLifecycleEvent) => void;
  /** ISO time the current period ends; null for a one-time plan. */
  currentPeriodEndsAt: string | null;
};

const row = wrap({ gap: '3', align: 'center' });
const choices = choiceGroup();

const reasons: CancelReason[] = ['tooExpensive', 'missingFeatures', 'switchedService', 'unused', 'other'];

function FailureAlert({ failure }: { failure: Refusal | null }) {
  const { i18n } = useLingui();
  return <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: changeUnavailable })}</Alert>;
}

/** The last change, announced where screen readers hear it as it appears. */
function Confirmation({ snapshot, currentPeriodEndsAt }: Omit<SubscriptionLifecycleViewProps, 'send'>) {
  const { i18n } = useLingui();
  const { quantity, renewalQuantity } = snapshot.context.subscription;
  const confirmation = snapshot.context.confirmation;
  const renewal = currentPeriodEndsAt ? formatDate(currentPeriodEndsAt, i18n.locale) : '';
  return (
    <StatusMessage>
      {confirmation === 'canceled' ? <Trans>Your subscription is canceled.</Trans> : null}
      {confirmation === 'uncanceled' ? <Trans>Your subscription continues.</Trans> : null}
      {confirmation === 'seatsChanged' && renewalQuantity === null ? (
        <Plural value={quantity} one="Your subscription now has # seat." other="Your subscription now has # seats." />
      ) : null}
      {confirmation === 'seatsChanged' && renewalQuantity !== null ? (
        <Plural
          value={renewalQuantity}
          one={`Your subscription will have # seat from ${renewal}.`}
          other={`Your subscription will have # seats from ${renewal}.`}
        />
      ) : null}
    </StatusMessage>
  );
}

function Seats({ snapshot, send, currentPeriodEndsAt }: SubscriptionLifecycleViewProps) {
  const { t, i18n } = useLingui();
  const { subscription, seatsDraft, seatsError, seatsPreview, failure } = snapshot.context;
  const editing =
    snapshot.matches('changingSeats') ||
    snapshot.matches('pricingSeats') ||
    snapshot.matches('confirmingSeats') ||
    snapshot.matches('savingSeats') ||
    snapshot.matches('seatsFailed');
  if (!editing && !snapshot.can({ type: 'user.editSeats' })) return null;
  const pricing = snapshot.matches('pricingSeats');
  const saving = snapshot.matches('savingSeats');
  const busy = pricing || saving;
  // The price shows from the moment it is known until the change is made or the number changes.
  const priced = snapshot.matches('confirmingSeats') || saving ? seatsPreview : null;
  const floor = seatsFloorOf(subscription);
  const ceiling = subscription.maxSeats;
  return (
    <section aria-labelledby="seats-title" className={grid({ gap: '3' })}>
      <Heading as="h3" level="subsection" id="seats-title">
        <Trans>Seats</Trans>
      </Heading>
      {editing ? (
        <form
          noValidate
          className={grid({ gap: '3', maxWidth: '24rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            send(priced ? { type: 'user.confirmSeats' } : { type: 'user.saveSeats' });
          }}
        >
          {snapshot.matches('seatsFailed') ? <FailureAlert failure={failure} /> : null}
          <TextField
            label={t`Number of seats`}
            inputMode="numeric"
            name="seats"
            autoComplete="off"
            autoFocus
            value={seatsDraft}
            disabled={busy}
            helperText={
              <Trans>
                From {floor} to {ceiling} seats. Everyone in the team and every pending invitation takes a seat.
              </Trans>
            }
            errorText={seatsError ? contractMessageText(i18n, seatsError) : undefined}
            onValueChange={(value) => send({ type: 'user.changeSeats', value })}
          />
          {priced ? <SeatsPrice preview={priced} /> : null}
          <div className={row}>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {saving ? (
                <Trans>Saving seats…</Trans>
              ) : pricing ? (
                <Trans>Getting the price…</Trans>
              ) : priced ? (
                <ConfirmSeatsLabel preview={priced} />
              ) : (
                <Trans>Save seats</Trans>
              )}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.dismiss' })}>
              <Trans>Discard</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className={row}>
          <p>
            <Plural value={subscription.quantity} one="# seat" other="# seats" />
            {subscription.renewalQuantity !== null && currentPeriodEndsAt ? (
              <SeatsAtRenewal seats={subscription.renewalQuantity} renewal={currentPeriodEndsAt} />
            ) : null}
          </p>
          <Button variant="outline" onClick={() => send({ type: 'user.editSeats' })}>
            <Trans>Change seats</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

function SeatsAtRenewal({ seats, renewal }: { seats: number; renewal: string }) {
  const { i18n } = useLingui();
  const date = formatDate(renewal, i18n.locale);
  return (
    <Text as="span" tone="muted">
      {' · '}
      <Plural value={seats} one={`# seat from ${date}`} other={`# seats from ${date}`} />
    </Text>
  );
}

/** What the seats asked for cost: the new price from the next renewal, and what is due now. */
function SeatsPrice({ preview }: { preview: SeatsPreview }) {
  const { i18n } = useLingui();
  const price = formatMoney(preview.recurringCents, preview.currency, i18n.locale);
  const due = formatMoney(preview.dueNowCents, preview.currency, i18n.locale);
  const renewal = preview.periodEnd ? formatDate(preview.periodEnd, i18n.locale) : null;
  // Announced once it is known: the person asked for it by saving.
  return (
    <div role="status">
      <Note>
        <p>
          {renewal ? (
            <Trans>
              New price: {price} per billing period, from your next renewal on {renewal}.
            </Trans>
          ) : (
            <Trans>New price: {price} per billing period.</Trans>
          )}
        </p>
        {preview.effectiveAt && renewal ? (
          <p>
            <Trans>
              Fewer seats take effect at your next renewal, on {renewal}. Until then you keep the seats you have paid
              for, and nothing is refunded.
            </Trans>
          </p>
        ) : null}
        <p>
          {preview.dueNowCents > 0 ? (
            <Trans>Due now: {due}, for the added seats until the end of the current period.</Trans>
          ) : (
            <Trans>Nothing is due now.</Trans>
          )}
        </p>
      </Note>
    </div>
  );
}

function ConfirmSeatsLabel({ preview }: { preview: SeatsPreview }) {
  const { i18n } = useLingui();
  const due = formatMoney(preview.dueNowCents, preview.currency, i18n.locale);
  return preview.dueNowCents > 0 ? <Trans>Confirm and pay {due}</Trans> : <Trans>Confirm seats</Trans>;
}

/**
 * The spec's confirm dialog with the optional reason and note, open exactly while the machine is
 * confirming, so the reason, the server's refusal and the busy state all come from the snapshot.
 */
function CancelDialog({ snapshot, send, currentPeriodEndsAt }: SubscriptionLifecycleViewProps) {
  const { i18n } = useLingui();
  const open =
    snapshot.matches('confirmingCancel') || snapshot.matches('canceling') || snapshot.matches('cancelFailed');
  const canceling = snapshot.matches('canceling');
  const { cancelReason, cancelNote, failure } = snapshot.context;
  const endDate = currentPeriodEndsAt ? formatDate(currentPeriodEndsAt, i18n.locale) : null;
  const noteLength = cancelNote.length;
  const noteMaxLength = cancelNoteMaxLength;
  return (
    <ConfirmDialog
      open={open}
      busy={canceling}
      title={<Trans>Cancel your subscription?</Trans>}
      description={
        endDate ? (
          <Trans>It stays active until {endDate}, and you can keep it until then.</Trans>
        ) : (
          <Trans>You can keep it until the current period ends.</Trans>
        )
      }
      rejectLabel={<Trans>Keep subscription</Trans>}
      acceptLabel={canceling ? <Trans>Canceling…</Trans> : <Trans>Cancel subscription</Trans>}
      onReject={() => send({ type: 'user.dismiss' })}
      acceptForm="cancel-subscription-form"
    >
      {snapshot.matches('cancelFailed') ? <FailureAlert failure={failure} /> : null}
      <form
        id="cancel-subscription-form"
        noValidate
        className={grid({ gap: '4' })}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.confirmCancel' });
        }}
      >
        <fieldset disabled={canceling} className={choices.root}>
          <legend className={choices.legend}>
            <Trans>Why are you canceling? (optional)</Trans>
          </legend>
          {reasons.map((reason) => (
            <label key={reason} className={choices.item}>
              <input
                type="radio"
                name="cancel-reason"
                value={reason}
                checked={cancelReason === reason}
                onChange={() => send({ type: 'user.chooseReason', reason })}
                className={choices.control}
              />
              {i18n._(cancelReasonLabels[reason])}
            </label>
          ))}
        </fieldset>
        <Field
          label={<Trans>Anything else you would like to tell us? (optional)</Trans>}
          helperText={
            <Trans>
              {noteLength} of {noteMaxLength} characters
            </Trans>
          }
          disabled={canceling}
        >
          <FieldTextarea
            name="cancel-note"
            rows={3}
            maxLength={cancelNoteMaxLength}
            value={cancelNote}
            onChange={(event) => send({ type: 'user.changeNote', value: event.currentTarget.value })}
            className={cx(fieldControl, css({ paddingBlock: '2' }))}
          />
        </Field>
      </form>
    </ConfirmDialog>
  );
}

function Renewal({ snapshot, send, currentPeriodEndsAt }: SubscriptionLifecycleViewProps) {
  const { i18n } = useLingui();
  const endDate = currentPeriodEndsAt ? formatDate(currentPeriodEndsAt, i18n.locale) : null;
  const uncanceling = snapshot.matches('uncanceling');
  if (snapshot.matches('expired'))
    return (
      <Text tone="muted">
        <Trans>This subscription has expired.</Trans>
      </Text>
    );
  if (snapshot.matches('canceled') || uncanceling || snapshot.matches('uncancelFailed'))
    return (
      <div className={grid({ gap: '3' })}>
        {snapshot.matches('uncancelFailed') ? <FailureAlert failure={snapshot.context.failure} /> : null}
        <p>
          {endDate ? (
            <Trans>Your subscription ends on {endDate}. You can keep it until then.</Trans>
          ) : (
            <Trans>Your subscription ends when the current period ends. You can keep it until then.</Trans>
          )}
        </p>
        <div className={row}>
          <Button disabled={uncanceling} aria-busy={uncanceling} onClick={() => send({ type: 'user.uncancel' })}>
            {uncanceling ? <Trans>Keeping your subscription…</Trans> : <Trans>Keep subscription</Trans>}
          </Button>
        </div>
      </div>
    );
  if (!snapshot.context.subscription.cancelable)
    return (
      <Text tone="muted">
        <Trans>This plan cannot be canceled.</Trans>
      </Text>
    );
  // Stays while the dialog is open, so focus can return to it when the dialog closes.
  return (
    <div className={row}>
      <Button
        variant="danger"
        disabled={!snapshot.can({ type: 'user.cancel' })}
        onClick={() => send({ type: 'user.cancel' })}
      >
        <Trans>Cancel subscription</Trans>
      </Button>
    </div>
  );
}

/** The owner's changes to a subscription: its seats, cancel and uncancel. */
export function SubscriptionLifecycleView(props: SubscriptionLifecycleViewProps) {
  return (
    <Card title={<Trans>Manage subscription</Trans>}>
      <Confirmation snapshot={props.snapshot} currentPeriodEndsAt={props.currentPeriodEndsAt} />
      <Seats snapshot={props.snapshot} send={props.send} currentPeriodEndsAt={props.currentPeriodEndsAt} />
      <Renewal {...props} />
      <CancelDialog {...props} />
    </Card>
  );
}
