import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { LinkedDeviceEvent, linkedDeviceMachine } from '../../../machines/linkedDevice/linkedDevice.machine';
import { stack, visuallyHidden, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/field';
import { Heading, Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { formatDateTime } from '../../lib/format/dates';
import { detailsList } from '../../theme/recipes/details-list';
import '../../lib/refusals/devices';
import { deviceChangeUnavailable, platformLabels } from './device.messages';

/** A subscription the device can count against, named as the person knows it. */
export type SubscriptionOption = { referenceId: string; label: string };

export type LinkedDeviceViewProps = {
  snapshot: Pick<SnapshotFrom<typeof linkedDeviceMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;
  send: (event: LinkedDeviceEvent) => void;
  /** The account's subscriptions that can take devices (not expired, not a router's). */
  subscriptionOptions: SubscriptionOption[];
};

const srOnly = visuallyHidden();
const actions = wrap({ gap: '2', align: 'center' });

/** One device on the devices list: what it is, and rename, subscription, sign out and remove. */
export function LinkedDeviceView({ snapshot, send, subscriptionOptions }: LinkedDeviceViewProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const { device, nicknameDraft, nicknameError, subscriptionDraft, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const nickname = device.nickname;

  if (snapshot.matches('removed'))
    return (
      <Text role="status" tone="muted">
        <Trans>
          <bdi>{nickname}</bdi> was removed.
        </Trans>
      </Text>
    );

  const renaming = snapshot.matches('renaming') || snapshot.matches('savingName');
  const choosing =
    snapshot.matches('choosingSubscription') || snapshot.matches('associating') || snapshot.matches('dissociating');
  const removing = snapshot.matches('confirmingRemoval') || snapshot.matches('removing');

  return (
    <article aria-labelledby={headingId} className={stack({ gap: '2' })}>
      <Heading as="h3" level="subsection" id={headingId}>
        <bdi>{nickname}</bdi>
        {device.signedIn ? null : (
          <>
            {' '}
            <Badge>
              <Trans>Signed out</Trans>
            </Badge>
          </>
        )}
      </Heading>
      <dl className={detailsList}>
        <dt>
          <Trans>Platform</Trans>
        </dt>
        <dd>{i18n._(platformLabels[device.platform])}</dd>
        <dt>
          <Trans>Last seen</Trans>
        </dt>
        <dd>
          <time dateTime={device.lastSeen}>{formatDateTime(device.lastSeen, i18n.locale)}</time>
        </dd>
        <dt>
          <Trans>Subscription</Trans>
        </dt>
        <dd>{device.subscription ? <bdi>{device.subscription.productName}</bdi> : <Trans>No subscription</Trans>}</dd>
      </dl>
      {failure ? <Alert>{refusalText(i18n, failure, { unavailable: deviceChangeUnavailable })}</Alert> : null}
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
            errorText={nicknameError ? contractMessageText(i18n, nicknameError) : undefined}
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
          <SelectField
            label={
              <Trans>
                Subscription for <bdi>{nickname}</bdi>
              </Trans>
            }
            value={subscriptionDraft}
            disabled={busy}
            onValueChange={(referenceId) => send({ type: 'user.chooseSubscription', referenceId })}
            options={[
              { value: '', label: t`No subscription` },
              ...subscriptionOptions.map((option) => ({ value: option.referenceId, label: option.label })),
            ]}
          />
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
              variant="danger"
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
          <Button variant="danger" disabled={busy} onClick={() => send({ type: 'user.remove' })}>
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
