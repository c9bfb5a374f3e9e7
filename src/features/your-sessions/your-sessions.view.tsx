import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AccountSession } from '../../../contract/sessions';
import type { YourSessionsEvent, yourSessionsMachine } from '../../../machines/yourSessions/yourSessions.machine';
import { stack, visuallyHidden } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Text } from '../../components/ui/text';
import { useNoticeFocus } from '../../components/use-notice-focus';
import { refusalText } from '../../lib/contract-messages';
import { formatDateTime } from '../../lib/format/dates';
import { detailsList } from '../../theme/recipes/details-list';
import { heading } from '../../theme/recipes/text';
import { lastActiveOf, placeOf, sessionLabelOf, signInMethodOf, signOutUnavailable } from './session.messages';
import '../../lib/refusals/sessions';

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
    <article aria-labelledby={headingId} className={stack({ gap: '2' })}>
      <h3 id={headingId} className={heading({ level: 'subsection' })}>
        <bdi>{label}</bdi>
        {session.current ? (
          // The space keeps the badge a word of its own in the heading's accessible name.
          <>
            {' '}
            <Badge tone="accent">
              <Trans>This session</Trans>
            </Badge>
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
          <time dateTime={session.startedAt}>{formatDateTime(session.startedAt, i18n.locale)}</time>
        </dd>
        <dt>
          <Trans>Last active</Trans>
        </dt>
        <dd>
          <time dateTime={session.lastActiveAt} title={formatDateTime(session.lastActiveAt, i18n.locale)}>
            {lastActiveOf(i18n, session.lastActiveAt, now)}
          </time>
        </dd>
      </dl>
      {session.current ? null : (
        <div>
          <Button variant="danger" disabled={busy} onClick={() => send({ type: 'user.signOutSession', session })}>
            <Trans>
              Sign out <span className={visuallyHidden()}>{label}</span>
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
    <Card
      id="sessions"
      titleId="your-sessions-title"
      title={<Trans>Your sessions</Trans>}
      description={<Trans>The browsers and apps signed in to your account. Sign out any you do not recognise.</Trans>}
    >
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
      {failure ? <Alert>{refusalText(i18n, failure, { unavailable: signOutUnavailable })}</Alert> : null}
      {read.status === 'pending' ? (
        <Text role="status" tone="muted">
          <Trans>Loading your sessions…</Trans>
        </Text>
      ) : read.status === 'error' ? (
        <Alert onRetry={read.onRetry}>
          <Trans>We could not load your sessions.</Trans>
        </Alert>
      ) : (
        <>
          <ul className={stack({ gap: '5' })}>
            {read.sessions.map((session) => (
              <li key={session.id}>
                <SessionItem session={session} now={now} busy={busy} send={send} />
              </li>
            ))}
          </ul>
          {read.sessions.some((session) => !session.current) ? (
            <div>
              <Button
                variant="danger"
                disabled={busy}
                aria-busy={snapshot.matches('signingOutOthers')}
                onClick={() => send({ type: 'user.signOutOthers' })}
              >
                <Trans>Sign out every other session</Trans>
              </Button>
            </div>
          ) : (
            <Text tone="muted">
              <Trans>You are not signed in anywhere else.</Trans>
            </Text>
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
    </Card>
  );
}
