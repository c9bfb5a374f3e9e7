import { Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { stack, wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { qrCode } from '../../theme/recipes/qr-code';
import { text } from '../../theme/recipes/text';
import {
  EnrolmentCodeField,
  EnrolmentFailureAlert,
  type EnrolmentSend,
  type EnrolmentSnapshot,
} from './enrolment-code.view';

/** The key in blocks of four, as apps ask for it when typed by hand. */
export const keyInBlocks = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** Setting the app up: the key as a QR code and as text, then the app's first code. */
export function AuthenticatorAppSetup({ snapshot, send }: { snapshot: EnrolmentSnapshot; send: EnrolmentSend }) {
  const { t } = useLingui();
  const { setup, failure, retryAfterSeconds } = snapshot.context;
  const confirming = snapshot.matches({ settingUp: 'confirming' });
  const keyId = useId();
  if (!setup) return null;
  const key = keyInBlocks(setup.secret);
  return (
    <form
      noValidate
      className={stack({ gap: '3' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      <ol className={stack({ gap: '4', listStyle: 'decimal', paddingInlineStart: '5' })}>
        <li className={stack({ gap: '3' })}>
          <p>
            <Trans>Scan this QR code with your authenticator app.</Trans>
          </p>
          <QRCodeSVG
            className={qrCode}
            value={setup.otpauthUri}
            size={176}
            level="M"
            marginSize={4}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label={t`QR code to add your account to an authenticator app`}
          />
          <Text id={keyId} tone="muted">
            <Trans>Cannot scan it? Enter this key in the app instead:</Trans>
          </Text>
          <p aria-describedby={keyId}>
            <code dir="ltr" className={text({ mono: true })}>
              {key}
            </code>
          </p>
        </li>
        <li className={stack({ gap: '3' })}>
          <p>
            <Trans>Enter the 6-digit code the app now shows for your account.</Trans>
          </p>
          {failure ? <EnrolmentFailureAlert failure={failure} retryAfterSeconds={retryAfterSeconds} /> : null}
          {/* The focus goes to the step's heading first; into the field only after a refused code. */}
          <EnrolmentCodeField snapshot={snapshot} send={send} label={t`Code from the app`} />
        </li>
      </ol>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button type="submit" aria-busy={confirming} disabled={confirming}>
          {confirming ? <Trans>Turning on…</Trans> : <Trans>Turn on</Trans>}
        </Button>
        <Button variant="outline" disabled={confirming} onClick={() => send({ type: 'user.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
