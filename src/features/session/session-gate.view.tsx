import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { SessionEvent, sessionMachine } from '../../../machines/session/session.machine';
import { center, stack } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';

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
        className={stack({ gap: '4', align: 'flex-start', paddingBlock: '12' })}
      >
        <PageHeader
          titleId="session-unreachable"
          title={<Trans>We can't reach the portal right now.</Trans>}
          description={<Trans>Check your connection and try again in a moment.</Trans>}
        />
        <Button onClick={() => send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </section>
    );
  }
  return (
    <Text as="div" role="status" aria-live="polite" tone="muted" className={center({ paddingBlock: '16' })}>
      <Trans>Loading your account…</Trans>
    </Text>
  );
}
