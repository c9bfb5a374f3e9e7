import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SignInProvider } from '../../../contract/federated-sign-in';
import type { LinkedSignIn } from '../../../contract/linked-sign-ins';
import type { LinkedSignInsEvent, linkedSignInsMachine } from '../../../machines/linkedSignIns/linkedSignIns.machine';
import { stack, visuallyHidden } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Text } from '../../components/ui/text';
import { useNoticeFocus } from '../../components/use-notice-focus';
import { refusalText } from '../../lib/contract-messages';
import { formatDateTime } from '../../lib/format/dates';
import { heading } from '../../theme/recipes/text';
import '../../lib/refusals/linked-sign-ins';
import { noneLinkedOf, signInNameOf, unlinkUnavailable } from './linked-sign-ins.messages';

/** The linked sign-ins as read from the server: the screen passes its query's state. */
export type LinkedSignInsRead =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'success'; passwordSet: boolean; linkedSignIns: LinkedSignIn[] };

export type LinkedSignInsViewProps = {
  snapshot: Pick<SnapshotFrom<typeof linkedSignInsMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: LinkedSignInsEvent) => void;
  read: LinkedSignInsRead;
  /** The configured providers: their names name the linked sign-ins. */
  providers: readonly SignInProvider[];
  /** A router link to set a password, rendered by the screen: offered where only a password allows an unlink. */
  setPasswordLink: ReactNode;
};

function LinkedSignInItem({
  signIn,
  name,
  onlyWayIn,
  busy,
  send,
  setPasswordLink,
}: {
  signIn: LinkedSignIn;
  name: string;
  /** The account has no password and no other linked sign-in: the server would refuse the unlink. */
  onlyWayIn: boolean;
  busy: boolean;
  send: LinkedSignInsViewProps['send'];
  setPasswordLink: ReactNode;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const explanationId = useId();
  const linked = formatDateTime(signIn.linkedAt, i18n.locale);
  const { lastUsedAt } = signIn;
  const lastUsed = lastUsedAt ? formatDateTime(lastUsedAt, i18n.locale) : '';
  return (
    <article aria-labelledby={headingId} className={stack({ gap: '1' })}>
      <h3 id={headingId} className={heading({ level: 'subsection' })}>
        <bdi>{name}</bdi>
      </h3>
      <p>
        <bdi>{signIn.email}</bdi>
      </p>
      <Text tone="muted">
        <Trans>
          Linked <time dateTime={signIn.linkedAt}>{linked}</time>
        </Trans>
      </Text>
      <Text tone="muted">
        {lastUsedAt ? (
          <Trans>
            Last used <time dateTime={lastUsedAt}>{lastUsed}</time>
          </Trans>
        ) : (
          <Trans>Not used since it was linked</Trans>
        )}
      </Text>
      {onlyWayIn ? (
        <>
          <p id={explanationId}>
            <Trans>
              This is the only way to sign in to your account, so it cannot be unlinked. Set a password first, then
              unlink it.
            </Trans>
          </p>
          <p>{setPasswordLink}</p>
        </>
      ) : null}
      <div>
        <Button
          variant="danger"
          disabled={busy || onlyWayIn}
          aria-describedby={onlyWayIn ? explanationId : undefined}
          onClick={() => send({ type: 'user.unlink', signIn })}
        >
          <Trans>
            Unlink <span className={visuallyHidden()}>{name}</span>
          </Trans>
        </Button>
      </div>
    </article>
  );
}

/**
 * The account's linked sign-ins (`/account#linked-sign-ins`, under "Sign-in and security"): whether
 * the account has a password, and the providers' sign-ins linked to it, each with its address and
 * when it was linked and last used; unlinking one after a confirm. The last way in of an account
 * without a password is not offered, and says why (the server refuses it too).
 */
export function LinkedSignInsView({ snapshot, send, read, providers, setPasswordLink }: LinkedSignInsViewProps) {
  const { i18n } = useLingui();
  const { target, failure, notice } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const unlinking = snapshot.matches('unlinking');
  const nameOf = (signIn: LinkedSignIn) => signInNameOf(i18n, providers, signIn.provider);
  const targetName = target ? nameOf(target) : '';
  const targetEmail = target?.email ?? '';
  const noticeName = notice ? nameOf(notice.signIn) : '';
  const { noticeRef, focusNotice } = useNoticeFocus(notice);

  return (
    <Card
      id="linked-sign-ins"
      titleId="linked-sign-ins-title"
      titleAs="h3"
      title={<Trans>Linked sign-ins</Trans>}
      description={
        read.status !== 'success' ? undefined : read.passwordSet ? (
          <Trans>You sign in with your password or with the sign-ins below.</Trans>
        ) : (
          <Trans>Your account has no password: you sign in only with the sign-ins below.</Trans>
        )
      }
    >
      {notice ? (
        <p role="status" ref={noticeRef} tabIndex={-1}>
          <Trans>
            <bdi>{noticeName}</bdi> sign-in was unlinked.
          </Trans>
        </p>
      ) : null}
      {failure ? <Alert>{refusalText(i18n, failure, { unavailable: unlinkUnavailable })}</Alert> : null}
      {read.status === 'pending' ? (
        <Text role="status" tone="muted">
          <Trans>Loading your linked sign-ins…</Trans>
        </Text>
      ) : read.status === 'error' ? (
        <Alert onRetry={read.onRetry}>
          <Trans>We could not load your linked sign-ins.</Trans>
        </Alert>
      ) : read.linkedSignIns.length === 0 ? (
        <Text tone="muted">{noneLinkedOf(i18n, providers)}</Text>
      ) : (
        <ul className={stack({ gap: '5' })}>
          {read.linkedSignIns.map((signIn) => (
            <li key={`${signIn.provider} ${signIn.subject}`}>
              <LinkedSignInItem
                signIn={signIn}
                name={nameOf(signIn)}
                onlyWayIn={!read.passwordSet && read.linkedSignIns.length === 1}
                busy={busy}
                send={send}
                setPasswordLink={setPasswordLink}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={snapshot.matches('confirmingUnlink') || unlinking}
        busy={unlinking}
        title={
          <Trans>
            Unlink <bdi>{targetName}</bdi>?
          </Trans>
        }
        description={
          <Trans>
            You will no longer be able to sign in to your account with <bdi>{targetName}</bdi> as{' '}
            <bdi>{targetEmail}</bdi>.
          </Trans>
        }
        rejectLabel={<Trans>Cancel</Trans>}
        acceptLabel={unlinking ? <Trans>Unlinking…</Trans> : <Trans>Unlink</Trans>}
        onReject={() => send({ type: 'user.cancel' })}
        onAccept={() => send({ type: 'user.confirm' })}
        finalFocusEl={focusNotice}
      />
    </Card>
  );
}
