import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  DeviceActivationEvent,
  deviceActivationMachine,
} from '../../../machines/deviceActivation/deviceActivation.machine';
import { css, cx } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card } from '../../components/ui/card';
import { textLink } from '../../components/ui/link';
import { TextField } from '../../components/ui/text-field';
import { deviceMessageText, linkUnavailable, platformLabels } from '../devices/device.messages';

export type DeviceActivationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof deviceActivationMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: DeviceActivationEvent) => void;
  onNavigate: Navigate;
};

/** Where the account page lists the devices. */
export const devicesHref = '/account#devices';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/** `/activate`: the person enters the code their device shows, and the device is linked to their account. */
export function DeviceActivationView({ snapshot, send, onNavigate }: DeviceActivationViewProps) {
  const { t, i18n } = useLingui();
  const { code, codeError, failureMessage, linkedDevice } = snapshot.context;
  const busy = snapshot.hasTag('busy');

  return (
    <div className={cx(stack, css({ maxWidth: '32rem', width: '100%' }))}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        <Trans>Device Activation</Trans>
      </h1>
      {linkedDevice ? (
        <section aria-labelledby="device-linked" className={card}>
          <Alert tone="success">
            <span id="device-linked">
              <Trans>
                <bdi>{linkedDevice.nickname}</bdi> is linked to your account.
              </Trans>
            </span>
          </Alert>
          <p>
            <Trans>
              It counts as one of your devices ({i18n._(platformLabels[linkedDevice.platform])}). The device notices
              within a few seconds and connects.
            </Trans>
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' })}>
            <Button onClick={() => send({ type: 'user.activateAnother' })}>
              <Trans>Activate another device</Trans>
            </Button>
            <InternalLink href={devicesHref} onNavigate={onNavigate} className={textLink}>
              <Trans>See your devices</Trans>
            </InternalLink>
          </div>
        </section>
      ) : (
        <form
          noValidate
          className={cx(card, stack)}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.link' });
          }}
        >
          <p>
            <Trans>Enter the six-digit code that your device shows to link it to your account.</Trans>
          </p>
          {snapshot.matches('refused') ? (
            <Alert>{failureMessage ? deviceMessageText(i18n, failureMessage) : i18n._(linkUnavailable)}</Alert>
          ) : null}
          {snapshot.matches('limitReached') ? (
            <Alert>
              <p>{failureMessage ? deviceMessageText(i18n, failureMessage) : null}</p>
              <InternalLink href={devicesHref} onNavigate={onNavigate} className={textLink}>
                <Trans>Manage your devices</Trans>
              </InternalLink>
            </Alert>
          ) : null}
          <TextField
            label={t`Activation code`}
            name="activation-code"
            inputMode="numeric"
            dir="ltr"
            autoComplete="one-time-code"
            maxLength={6}
            spellCheck={false}
            value={code}
            disabled={busy}
            errorText={codeError ? deviceMessageText(i18n, codeError) : undefined}
            onValueChange={(value) => send({ type: 'user.changeCode', value })}
          />
          <Button type="submit" aria-busy={busy} disabled={busy} className={css({ alignSelf: 'flex-start' })}>
            {busy ? <Trans>Linking device…</Trans> : <Trans>Link device</Trans>}
          </Button>
        </form>
      )}
    </div>
  );
}
