import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { LinkedDeviceEvent, linkedDeviceMachine } from '../../../machines/linkedDevice/linkedDevice.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { detailsList } from '../../components/ui/details-list';
import { fieldControl } from '../../components/ui/field-control';
import { TextField } from '../../components/ui/text-field';
import { deviceChangeUnavailable, deviceMessageText, platformLabels } from './device.messages';

/** A subscription the device can count against, named as the person knows it. */
export type SubscriptionOption = { referenceId: string; label: string };

export type LinkedDeviceViewProps = {
  snapshot: Pick<SnapshotFrom<typeof linkedDeviceMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;
  send: (event: LinkedDeviceEvent) => void;
  /** The account's subscriptions that can take devices (not expired, not a router's). */
  subscriptionOptions: SubscriptionOption[];
};

const srOnly = css({ srOnly: true });
const muted = css({ color: 'fg.muted' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const badge = css({
  display: 'inline-block',
  marginInlineStart: '2',
  paddingInline: '2',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'sm',
  fontWeight: 'normal',
  color: 'fg.muted',
});

/** One device on the devices list: what it is, and rename, subscription, sign out and remove. */
export function LinkedDeviceView({ snapshot, send, subscriptionOptions }: LinkedDeviceViewProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const selectId = useId();
  const { device, nicknameDraft, nicknameError, subscriptionDraft, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const nickname = device.nickname;

  if (snapshot.matches('removed'))
    return (
      <p role="status" className={muted}>
        <Trans>
          <bdi>{nickname}</bdi> was removed.
        </Trans>
      </p>
    );

  const renaming = snapshot.matches('renaming') || snapshot.matches('savingName');
  const choosing =
    snapshot.matches('choosingSubscription') || snapshot.matches('associating') || snapshot.matches('dissociating');
  const removing = snapshot.matches('confirmingRemoval') || snapshot.matches('removing');

  return (
    <article aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id={headingId} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        <bdi>{nickname}</bdi>
        {device.signedIn ? null : (
          <span className={badge}>
            <Trans>Signed out</Trans>
          </span>
        )}
      </h3>
      <dl className={detailsList}>
        <dt>
          <Trans>Platform</Trans>
        </dt>
        <dd>{i18n._(platformLabels[device.platform])}</dd>
        <dt>
          <Trans>Last seen</Trans>
        </dt>
        <dd>
          <time dateTime={device.lastSeen}>
            {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(device.lastSeen),
            )}
          </time>
        </dd>
        <dt>
          <Trans>Subscription</Trans>
        </dt>
        <dd>{device.subscription ? <bdi>{device.subscription.productName}</bdi> : <Trans>No subscription</Trans>}</dd>
      </dl>
      {failure ? (
        <Alert>{failure.message ? deviceMessageText(i18n, failure.message) : i18n._(deviceChangeUnavailable)}</Alert>
      ) : null}
      {renaming ? (
        <form
          noValidate
          className={actions}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.saveName' });
          }}
        >
          <TextField
            label={t`New name for ${nickname}`}
            name="nickname"
            autoComplete="off"
            autoFocus
            value={nicknameDraft}
            disabled={busy}
            errorText={nicknameError ? deviceMessageText(i18n, nicknameError) : undefined}
            onValueChange={(value) => send({ type: 'user.changeName', value })}
          />
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? <Trans>Saving name…</Trans> : <Trans>Save name</Trans>}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
        </form>
      ) : choosing ? (
        <form
          noValidate
          className={actions}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.saveSubscription' });
          }}
        >
          <label htmlFor={selectId} className={css({ fontWeight: 'medium' })}>
            <Trans>
              Subscription for <bdi>{nickname}</bdi>
            </Trans>
          </label>
          <select
            id={selectId}
            className={fieldControl}
            value={subscriptionDraft}
            disabled={busy}
            onChange={(event) => send({ type: 'user.chooseSubscription', referenceId: event.currentTarget.value })}
          >
            <option value="">{t`No subscription`}</option>
            {subscriptionOptions.map((option) => (
              <option key={option.referenceId} value={option.referenceId}>
                {option.label}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? <Trans>Saving subscription…</Trans> : <Trans>Save subscription</Trans>}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
        </form>
      ) : (
        <div className={actions}>
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.rename' })}>
            <Trans>
              Rename <span className={srOnly}>{nickname}</span>
            </Trans>
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.editSubscription' })}>
            <Trans>
              Change subscription <span className={srOnly}>of {nickname}</span>
            </Trans>
          </Button>
          {device.signedIn ? (
            <Button
              variant="outline"
              disabled={busy}
              aria-busy={snapshot.matches('signingOut')}
              onClick={() => send({ type: 'user.signOut' })}
            >
              {snapshot.matches('signingOut') ? (
                <Trans>Signing out…</Trans>
              ) : (
                <Trans>
                  Sign out <span className={srOnly}>{nickname}</span>
                </Trans>
              )}
            </Button>
          ) : null}
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.remove' })}>
            <Trans>
              Remove <span className={srOnly}>{nickname}</span>
            </Trans>
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing}
        busy={snapshot.matches('removing')}
        title={
          <Trans>
            Remove <bdi>{nickname}</bdi>?
          </Trans>
        }
        description={
          <Trans>
            It is signed out and no longer counts against your device limit. To use it again, activate it with a new
            code.
          </Trans>
        }
        rejectLabel={<Trans>Keep device</Trans>}
        acceptLabel={snapshot.matches('removing') ? <Trans>Removing device…</Trans> : <Trans>Remove device</Trans>}
        onReject={() => send({ type: 'user.cancel' })}
        onAccept={() => send({ type: 'user.confirmRemove' })}
      />
    </article>
  );
}
