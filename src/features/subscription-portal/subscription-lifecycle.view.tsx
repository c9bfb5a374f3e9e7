import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { type CancelReason, cancelNoteMaxLength } from '../../../contract/subscriptions';
import {
  type SubscriptionLifecycleEvent,
  seatsFloorOf,
  type subscriptionLifecycleMachine,
} from '../../../machines/subscriptionLifecycle/subscriptionLifecycle.machine';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/text-field';
import { formatDate } from '../../lib/format-money';
import { cancelReasonLabels, changeUnavailable, subscriptionMessageText } from './subscription-portal.messages';

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

const muted = css({ color: 'fg.muted' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
const subheading = css({ fontSize: 'md', fontWeight: 'semibold' });

const reasons: CancelReason[] = ['tooExpensive', 'missingFeatures', 'switchedService', 'unused', 'other'];

function FailureAlert({ message }: { message: string | null }) {
  const { i18n } = useLingui();
  return <Alert>{message ? subscriptionMessageText(i18n, message) : i18n._(changeUnavailable)}</Alert>;
}

/** The last change, announced where screen readers hear it as it appears. */
function Confirmation({ snapshot }: { snapshot: LifecycleSnapshot }) {
  const { quantity } = snapshot.context.subscription;
  const confirmation = snapshot.context.confirmation;
  return (
    <p role="status" className={css({ color: 'success.default', _empty: { display: 'none' } })}>
      {confirmation === 'canceled' ? <Trans>Your subscription is canceled.</Trans> : null}
      {confirmation === 'uncanceled' ? <Trans>Your subscription continues.</Trans> : null}
      {confirmation === 'seatsChanged' ? (
        <Plural value={quantity} one="Your subscription now has # seat." other="Your subscription now has # seats." />
      ) : null}
    </p>
  );
}

function Seats({ snapshot, send }: Omit<SubscriptionLifecycleViewProps, 'currentPeriodEndsAt'>) {
  const { t, i18n } = useLingui();
  const { subscription, seatsDraft, seatsError, failureMessage } = snapshot.context;
  const editing =
    snapshot.matches('changingSeats') || snapshot.matches('savingSeats') || snapshot.matches('seatsFailed');
  if (!editing && !snapshot.can({ type: 'user.editSeats' })) return null;
  const saving = snapshot.matches('savingSeats');
  const floor = seatsFloorOf(subscription);
  const ceiling = subscription.maxSeats;
  return (
    <section aria-labelledby="seats-title" className={css({ display: 'grid', gap: '3' })}>
      <h3 id="seats-title" className={subheading}>
        <Trans>Seats</Trans>
      </h3>
      {editing ? (
        <form
          noValidate
          className={css({ display: 'grid', gap: '3', maxWidth: '24rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.saveSeats' });
          }}
        >
          {snapshot.matches('seatsFailed') ? <FailureAlert message={failureMessage} /> : null}
          <TextField
            label={t`Number of seats`}
            inputMode="numeric"
            name="seats"
            autoComplete="off"
            autoFocus
            value={seatsDraft}
            disabled={saving}
            errorText={seatsError ? subscriptionMessageText(i18n, seatsError) : undefined}
            onValueChange={(value) => send({ type: 'user.changeSeats', value })}
          />
          <p className={muted}>
            <Trans>
              From {floor} to {ceiling} seats. Everyone in the team and every pending invitation takes a seat.
            </Trans>
          </p>
          <div className={row}>
            <Button type="submit" disabled={saving} aria-busy={saving}>
              {saving ? <Trans>Saving seats…</Trans> : <Trans>Save seats</Trans>}
            </Button>
            <Button variant="outline" disabled={saving} onClick={() => send({ type: 'user.dismiss' })}>
              <Trans>Discard</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className={row}>
          <p>
            <Plural value={subscription.quantity} one="# seat" other="# seats" />
          </p>
          <Button variant="outline" onClick={() => send({ type: 'user.editSeats' })}>
            <Trans>Change seats</Trans>
          </Button>
        </div>
      )}
    </section>
  );
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
  const { cancelReason, cancelNote, failureMessage } = snapshot.context;
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
      {snapshot.matches('cancelFailed') ? <FailureAlert message={failureMessage} /> : null}
      <form
        id="cancel-subscription-form"
        noValidate
        className={css({ display: 'grid', gap: '4' })}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.confirmCancel' });
        }}
      >
        <fieldset disabled={canceling} className={css({ display: 'grid', gap: '2', border: 'none' })}>
          <legend className={css({ fontWeight: 'medium', marginBlockEnd: '2' })}>
            <Trans>Why are you canceling? (optional)</Trans>
          </legend>
          {reasons.map((reason) => (
            <label key={reason} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
              <input
                type="radio"
                name="cancel-reason"
                value={reason}
                checked={cancelReason === reason}
                onChange={() => send({ type: 'user.chooseReason', reason })}
                className={css({ accentColor: 'accent.default', width: '4', height: '4' })}
              />
              {i18n._(cancelReasonLabels[reason])}
            </label>
          ))}
        </fieldset>
        <div className={css({ display: 'grid', gap: '1.5' })}>
          <label htmlFor="cancel-note" className={css({ fontWeight: 'medium' })}>
            <Trans>Anything else you would like to tell us? (optional)</Trans>
          </label>
          <textarea
            id="cancel-note"
            name="cancel-note"
            rows={3}
            maxLength={cancelNoteMaxLength}
            value={cancelNote}
            disabled={canceling}
            aria-describedby="cancel-note-count"
            onChange={(event) => send({ type: 'user.changeNote', value: event.currentTarget.value })}
            className={css({
              paddingBlock: '2',
              paddingInline: '3',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'l2',
              bg: 'canvas',
              color: 'fg.default',
              resize: 'vertical',
            })}
          />
          <span id="cancel-note-count" className={cx(muted, css({ fontSize: 'sm' }))}>
            <Trans>
              {noteLength} of {noteMaxLength} characters
            </Trans>
          </span>
        </div>
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
      <p className={muted}>
        <Trans>This subscription has expired.</Trans>
      </p>
    );
  if (snapshot.matches('canceled') || uncanceling || snapshot.matches('uncancelFailed'))
    return (
      <div className={css({ display: 'grid', gap: '3' })}>
        {snapshot.matches('uncancelFailed') ? <FailureAlert message={snapshot.context.failureMessage} /> : null}
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
      <p className={muted}>
        <Trans>This plan cannot be canceled.</Trans>
      </p>
    );
  // Stays while the dialog is open, so focus can return to it when the dialog closes.
  return (
    <div className={row}>
      <Button
        variant="outline"
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
    <section aria-labelledby="manage-title" className={card}>
      <h2 id="manage-title" className={cardTitle}>
        <Trans>Manage subscription</Trans>
      </h2>
      <Confirmation snapshot={props.snapshot} />
      <Seats snapshot={props.snapshot} send={props.send} />
      <Renewal {...props} />
      <CancelDialog {...props} />
    </section>
  );
}
