import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AccountSession } from '../../../contract/sessions';
import type { YourSessionsEvent, yourSessionsMachine } from '../../../machines/yourSessions/yourSessions.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { detailsList } from '../../components/ui/details-list';
import { useNoticeFocus } from '../../components/use-notice-focus';
import {
  dateTimeOf,
  lastActiveOf,
  placeOf,
  sessionLabelOf,
  sessionMessageText,
  signInMethodOf,
  signOutUnavailable,
} from './session.messages';

/** The sessions as read from the server: the screen passes its query's state. */
export type SessionsRead =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'success'; sessions: AccountSession[] };

export type YourSessionsViewProps = {
  snapshot: Pick<SnapshotFrom<typeof yourSessionsMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: YourSessionsEvent) => void;
  read: SessionsRead;
  /** The time "last active" is measured from. */
  now: Date;
};

const muted = css({ color: 'fg.muted' });
const srOnly = css({ srOnly: true });
const list = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const currentBadge = css({
  display: 'inline-block',
  marginInlineStart: '1',
  paddingInline: '2',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'accent.default',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
});

function SessionItem({
  session,
  now,
  busy,
  send,
}: {
  session: AccountSession;
  now: Date;
  busy: boolean;
  send: YourSessionsViewProps['send'];
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const label = sessionLabelOf(i18n, session);
  return (
    <article aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id={headingId} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        <bdi>{label}</bdi>
        {session.current ? (
          // The space keeps the badge a word of its own in the heading's accessible name.
          <>
            {' '}
            <span className={currentBadge}>
              <Trans>This session</Trans>
            </span>
          </>
        ) : null}
      </h3>
      <dl className={detailsList}>
        <dt>
          <Trans>Signed in with</Trans>
        </dt>
        <dd>{signInMethodOf(i18n, session)}</dd>
        <dt>
          <Trans>Approximate place</Trans>
        </dt>
        <dd>
          <bdi>{placeOf(i18n, session)}</bdi>
        </dd>
        <dt>
          <Trans>Started</Trans>
        </dt>
        <dd>
          <time dateTime={session.startedAt}>{dateTimeOf(i18n.locale, session.startedAt)}</time>
        </dd>
        <dt>
          <Trans>Last active</Trans>
        </dt>
        <dd>
          <time dateTime={session.lastActiveAt} title={dateTimeOf(i18n.locale, session.lastActiveAt)}>
            {lastActiveOf(i18n, session.lastActiveAt, now)}
          </time>
        </dd>
      </dl>
      {session.current ? null : (
        <div>
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.signOutSession', session })}>
            <Trans>
              Sign out <span className={srOnly}>{label}</span>
            </Trans>
          </Button>
        </div>
      )}
    </article>
  );
}

/**
 * The account's sessions section (`/account#sessions`): where the person is signed in, how and
 * since when; signing out one session, or every other one, after a confirm.
 */
export function YourSessionsView({ snapshot, send, read, now }: YourSessionsViewProps) {
  const { i18n } = useLingui();
  const { target, failure, notice } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const targetLabel = target ? sessionLabelOf(i18n, target) : '';
  const noticeLabel = notice?.kind === 'signedOutSession' ? sessionLabelOf(i18n, notice.session) : '';
  const { noticeRef, focusNotice } = useNoticeFocus(notice);

  return (
    <section id="sessions" aria-labelledby="your-sessions-title" className={card}>
      <h2 id="your-sessions-title" className={cardTitle}>
        <Trans>Your sessions</Trans>
      </h2>
      <p className={muted}>
        <Trans>The browsers and apps signed in to your account. Sign out any you do not recognise.</Trans>
      </p>
      {notice ? (
        <p role="status" ref={noticeRef} tabIndex={-1}>
          {notice.kind === 'signedOutSession' ? (
            <Trans>
              <bdi>{noticeLabel}</bdi> was signed out.
            </Trans>
          ) : (
            <Plural
              value={notice.count}
              _0="There was no other session to sign out."
              one="# other session was signed out."
              other="# other sessions were signed out."
            />
          )}
        </p>
      ) : null}
      {failure ? (
        <Alert>{failure.message ? sessionMessageText(i18n, failure.message) : i18n._(signOutUnavailable)}</Alert>
      ) : null}
      {read.status === 'pending' ? (
        <p role="status" className={muted}>
          <Trans>Loading your sessions…</Trans>
        </p>
      ) : read.status === 'error' ? (
        <Alert>
          <p>
            <Trans>We could not load your sessions.</Trans>
          </p>
          <Button variant="link" onClick={read.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : (
        <>
          <ul className={list}>
            {read.sessions.map((session) => (
              <li key={session.id}>
                <SessionItem session={session} now={now} busy={busy} send={send} />
              </li>
            ))}
          </ul>
          {read.sessions.some((session) => !session.current) ? (
            <div>
              <Button
                variant="outline"
                disabled={busy}
                aria-busy={snapshot.matches('signingOutOthers')}
                onClick={() => send({ type: 'user.signOutOthers' })}
              >
                <Trans>Sign out every other session</Trans>
              </Button>
            </div>
          ) : (
            <p className={muted}>
              <Trans>You are not signed in anywhere else.</Trans>
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={snapshot.matches('confirmingSignOut') || snapshot.matches('signingOut')}
        busy={snapshot.matches('signingOut')}
        title={
          <Trans>
            Sign out <bdi>{targetLabel}</bdi>?
          </Trans>
        }
        description={<Trans>To use your account there again, someone has to sign in again.</Trans>}
        rejectLabel={<Trans>Keep it signed in</Trans>}
        acceptLabel={snapshot.matches('signingOut') ? <Trans>Signing out…</Trans> : <Trans>Sign out session</Trans>}
        onReject={() => send({ type: 'user.cancel' })}
        onAccept={() => send({ type: 'user.confirm' })}
        finalFocusEl={focusNotice}
      />
      <ConfirmDialog
        open={snapshot.matches('confirmingSignOutOthers') || snapshot.matches('signingOutOthers')}
        busy={snapshot.matches('signingOutOthers')}
        title={<Trans>Sign out every other session?</Trans>}
        description={
          <Trans>Every browser and app signed in to your account, except this one, has to sign in again.</Trans>
        }
        rejectLabel={<Trans>Keep them signed in</Trans>}
        acceptLabel={
          snapshot.matches('signingOutOthers') ? <Trans>Signing out…</Trans> : <Trans>Sign out other sessions</Trans>
        }
        onReject={() => send({ type: 'user.cancel' })}
        onAccept={() => send({ type: 'user.confirm' })}
        finalFocusEl={focusNotice}
      />
    </section>
  );
}
