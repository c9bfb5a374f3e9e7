import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { SessionEvent, sessionMachine } from '../../../machines/session/session.machine';
import { css } from '../../../styled-system/css';
import { Button } from '../../components/ui/button';

type SessionGateViewProps = {
  snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'matches'>;
  send: (event: SessionEvent) => void;
};

/**
 * In place of a page that needs the session while it waits: says the account is loading, or that
 * the portal can't be reached, with a way to try again.
 */
export function SessionGateView({ snapshot, send }: SessionGateViewProps) {
  if (snapshot.matches('unreachable')) {
    return (
      <section
        aria-labelledby="session-unreachable"
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
          alignItems: 'flex-start',
          paddingBlock: '12',
        })}
      >
        <h1 id="session-unreachable" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          <Trans>We can't reach the portal right now.</Trans>
        </h1>
        <p className={css({ color: 'fg.muted' })}>
          <Trans>Check your connection and try again in a moment.</Trans>
        </p>
        <Button onClick={() => send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </section>
    );
  }
  return (
    <div
      role="status"
      aria-live="polite"
      className={css({ paddingBlock: '16', textAlign: 'center', color: 'fg.muted' })}
    >
      <Trans>Loading your account…</Trans>
    </div>
  );
}
