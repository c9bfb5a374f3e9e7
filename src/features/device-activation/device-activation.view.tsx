import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  DeviceActivationEvent,
  deviceActivationMachine,
} from '../../../machines/deviceActivation/deviceActivation.machine';
import { unexplained } from '../../../machines/support/refusal';
import { css } from '../../../styled-system/css';
import { stack, wrap } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { card } from '../../theme/recipes/card';
import { textLink } from '../../theme/recipes/link';
import '../../lib/refusals/devices';
import { linkUnavailable, platformLabels } from '../devices/device.messages';

export type DeviceActivationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof deviceActivationMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: DeviceActivationEvent) => void;
  onNavigate: Navigate;
};

/** Where the account page lists the devices. */
const devicesHref = '/account#devices';

/** `/activate`: the person enters the code their device shows, and the device is linked to their account. */
export function DeviceActivationView({ snapshot, send, onNavigate }: DeviceActivationViewProps) {
  const { t, i18n } = useLingui();
  const { code, codeError, failure, linkedDevice } = snapshot.context;
  const busy = snapshot.hasTag('busy');

  return (
    <div className={stack({ gap: '4', maxWidth: '32rem', width: '100%' })}>
      <PageHeader title={<Trans>Device Activation</Trans>} />
      {linkedDevice ? (
        <section aria-labelledby="device-linked" className={card().root}>
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
          <div className={wrap({ gap: '4', align: 'center' })}>
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
          className={card().root}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.link' });
          }}
        >
          <p>
            <Trans>Enter the six-digit code that your device shows to link it to your account.</Trans>
          </p>
          {snapshot.matches('refused') ? (
            <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: linkUnavailable })}</Alert>
          ) : null}
          {snapshot.matches('limitReached') ? (
            <Alert
              actions={
                <InternalLink href={devicesHref} onNavigate={onNavigate} className={textLink}>
                  <Trans>Manage your devices</Trans>
                </InternalLink>
              }
            >
              {failure ? refusalText(i18n, failure, { unavailable: linkUnavailable }) : null}
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
            errorText={codeError ? contractMessageText(i18n, codeError) : undefined}
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
