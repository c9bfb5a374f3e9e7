import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SignInProvider } from '../../../contract/federated-sign-in';
import type { LinkedSignIn } from '../../../contract/linked-sign-ins';
import type { LinkedSignInsEvent, linkedSignInsMachine } from '../../../machines/linkedSignIns/linkedSignIns.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useNoticeFocus } from '../../components/use-notice-focus';
import { dateTimeOf } from '../your-sessions/session.messages';
import { linkedSignInMessageText, noneLinkedOf, signInNameOf, unlinkUnavailable } from './linked-sign-ins.messages';

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

const muted = css({ color: 'fg.muted' });
const srOnly = css({ srOnly: true });
const list = css({ display: 'flex', flexDirection: 'column', gap: '5' });

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
  const linked = dateTimeOf(i18n.locale, signIn.linkedAt);
  const { lastUsedAt } = signIn;
  const lastUsed = lastUsedAt ? dateTimeOf(i18n.locale, lastUsedAt) : '';
  return (
    <article aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <h3 id={headingId} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        <bdi>{name}</bdi>
      </h3>
      <p>
        <bdi>{signIn.email}</bdi>
      </p>
      <p className={muted}>
        <Trans>
          Linked <time dateTime={signIn.linkedAt}>{linked}</time>
        </Trans>
      </p>
      <p className={muted}>
        {lastUsedAt ? (
          <Trans>
            Last used <time dateTime={lastUsedAt}>{lastUsed}</time>
          </Trans>
        ) : (
          <Trans>Not used since it was linked</Trans>
        )}
      </p>
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
      <div className={css({ marginBlockStart: '1' })}>
        <Button
          variant="outline"
          disabled={busy || onlyWayIn}
          aria-describedby={onlyWayIn ? explanationId : undefined}
          onClick={() => send({ type: 'user.unlink', signIn })}
        >
          <Trans>
            Unlink <span className={srOnly}>{name}</span>
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
    <section id="linked-sign-ins" aria-labelledby="linked-sign-ins-title" className={card}>
      <h3 id="linked-sign-ins-title" className={cardTitle}>
        <Trans>Linked sign-ins</Trans>
      </h3>
      {read.status === 'success' ? (
        <p className={muted}>
          {read.passwordSet ? (
            <Trans>You sign in with your password or with the sign-ins below.</Trans>
          ) : (
            <Trans>Your account has no password: you sign in only with the sign-ins below.</Trans>
          )}
        </p>
      ) : null}
      {notice ? (
        <p role="status" ref={noticeRef} tabIndex={-1}>
          <Trans>
            <bdi>{noticeName}</bdi> sign-in was unlinked.
          </Trans>
        </p>
      ) : null}
      {failure ? (
        <Alert>{failure.message ? linkedSignInMessageText(i18n, failure.message) : i18n._(unlinkUnavailable)}</Alert>
      ) : null}
      {read.status === 'pending' ? (
        <p role="status" className={muted}>
          <Trans>Loading your linked sign-ins…</Trans>
        </p>
      ) : read.status === 'error' ? (
        <Alert>
          <p>
            <Trans>We could not load your linked sign-ins.</Trans>
          </p>
          <Button variant="link" onClick={read.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : read.linkedSignIns.length === 0 ? (
        <p className={muted}>{noneLinkedOf(i18n, providers)}</p>
      ) : (
        <ul className={list}>
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
    </section>
  );
}
