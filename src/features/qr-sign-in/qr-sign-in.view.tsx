import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import type { SnapshotFrom } from 'xstate';
import type { QrSignInEvent, QrSignInFailure, qrSignInMachine } from '../../../machines/qrSignIn/qrSignIn.machine';
import { css } from '../../../styled-system/css';
import { stack, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { fieldControl } from '../../theme/recipes/field';
import { qrCode } from '../../theme/recipes/qr-code';

export type QrSignInViewProps = {
  snapshot: Pick<SnapshotFrom<typeof qrSignInMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: QrSignInEvent) => void;
  /** The portal's origin, which the link in the code starts with. */
  origin: string;
};

/** The page another device opens to approve a request. */
export const approvalLinkOf = (origin: string, id: string) => `${origin}/qrcode-login/${id}`;

const failureMessages: Record<QrSignInFailure, MessageDescriptor> = {
  rateLimited: msg`Too many QR codes were asked for from your network. Please wait a few minutes and try again.`,
  unavailable: msg`We could not get a QR code right now. Please try again later.`,
};

const codeSize = 176;

const column = stack({ gap: '3', align: 'flex-start' });
// In the code's place and of its size (codeSize), so nothing moves when the code appears.
const placeholder = css({
  width: '176px',
  height: '176px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: '4',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border',
  color: 'fg.muted',
});

// The number to pick on the other device: large enough to read from across a desk.
const matchNumberText = css({
  display: 'inline-block',
  marginInline: '1',
  fontSize: '4xl',
  fontWeight: 'bold',
  lineHeight: '1',
  verticalAlign: 'middle',
  fontVariantNumeric: 'tabular-nums',
  unicodeBidi: 'isolate',
  direction: 'ltr',
});

/** The sign-in page's QR code: scanned on a device where the person is signed in, it signs this browser in. */
export function QrSignInView({ snapshot, send, origin }: QrSignInViewProps) {
  const { t, i18n } = useLingui();
  const { requestId, matchNumber, secondsLeft, linkCopy, failure } = snapshot.context;

  if (snapshot.matches('failed')) {
    return (
      <div className={column}>
        <Alert>{i18n._(failureMessages[failure ?? 'unavailable'])}</Alert>
        <Button variant="outline" onClick={() => send({ type: 'user.retry' })}>
          <Trans>Show a new QR code</Trans>
        </Button>
      </div>
    );
  }
  if (snapshot.matches('declined')) {
    return (
      <div className={column}>
        <Alert>
          <Trans>The sign-in was declined on the other device.</Trans>
        </Alert>
        <Button variant="outline" onClick={() => send({ type: 'user.retry' })}>
          <Trans>Show a new QR code</Trans>
        </Button>
      </div>
    );
  }
  if (snapshot.matches('signingIn') || snapshot.matches('signedIn')) {
    return (
      <p role="status" className={placeholder}>
        <Trans>Approved. Signing you in…</Trans>
      </p>
    );
  }
  if (!snapshot.matches('showing') || !requestId || matchNumber === null) {
    return (
      <p role="status" aria-busy="true" className={placeholder}>
        <Trans>Getting a QR code…</Trans>
      </p>
    );
  }
  const link = approvalLinkOf(origin, requestId);
  return (
    <div className={column}>
      <QRCodeSVG
        className={qrCode}
        value={link}
        size={codeSize}
        level="M"
        marginSize={4}
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={t`QR code for signing in from another device`}
      />
      {/* One sentence, so a screen reader says "Pick 42 on your other device" rather than a bare number. */}
      <Text size="md">
        <Trans>
          Pick <strong className={matchNumberText}>{matchNumber}</strong> on your other device
        </Trans>
      </Text>
      <Text tone="muted" size="sm">
        <Plural value={secondsLeft} one="Valid for # more second" other="Valid for # more seconds" />
      </Text>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button variant="outline" onClick={() => send({ type: 'user.copyLink' })}>
          <Trans>Copy link</Trans>
        </Button>
        <Text as="span" role="status" tone="muted" size="sm">
          {linkCopy === 'copied' ? <Trans>Link copied</Trans> : null}
          {linkCopy === 'failed' ? <Trans>Your browser did not let us copy the link. Copy it from here:</Trans> : null}
        </Text>
      </div>
      {linkCopy === 'failed' ? (
        <input
          readOnly
          value={link}
          aria-label={t`Sign-in link`}
          dir="ltr"
          className={fieldControl}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
