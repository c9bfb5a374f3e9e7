import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { TeamMessage } from '../../../contract/teams';
import { unexplained } from '../../../machines/support/refusal';
import type {
  TeamInvitationEvent,
  teamInvitationMachine,
} from '../../../machines/teamInvitation/teamInvitation.machine';
import { grid, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/teams';

const acceptUnavailable = msg`We could not accept the invitation right now. Please try again later.`;

export type TeamInvitationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof teamInvitationMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;
  send: (event: TeamInvitationEvent) => void;
  /** The signed-in address: an invitation for another one is the commonest refusal. */
  signedInEmail: string;
  /** The router's link to the dashboard, so the view stays free of navigation. */
  renderDashboardLink: (children: ReactNode) => ReactNode;
};

/** The invitation page: joining, joined (with the team's name), or why not. */
export function TeamInvitationView({ snapshot, send, signedInEmail, renderDashboardLink }: TeamInvitationViewProps) {
  const { i18n } = useLingui();
  const { joined, failure } = snapshot.context;
  const teamName = joined?.teamName ?? '';
  return (
    <section className={grid({ gap: '4', maxWidth: '36rem' })}>
      <PageHeader title={<Trans>Join a team</Trans>} />
      {snapshot.hasTag('busy') ? (
        <Text role="status" tone="muted">
          <Trans>Joining the team…</Trans>
        </Text>
      ) : null}
      {snapshot.matches('accepted') ? (
        <>
          <Alert tone="success">
            <Trans>
              You are now a member of <bdi>{teamName}</bdi>.
            </Trans>
          </Alert>
          <p>{renderDashboardLink(<Trans>Go to your account</Trans>)}</p>
        </>
      ) : null}
      {snapshot.matches('failed') ? (
        <>
          <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: acceptUnavailable })}</Alert>
          {failure?.message === TeamMessage.invitationForAnotherAddress ? (
            <p>
              <Trans>
                You are signed in as <bdi dir="ltr">{signedInEmail}</bdi>. The invitation works only for the address it
                was sent to.
              </Trans>
            </p>
          ) : null}
          <div className={wrap({ gap: '3', align: 'center' })}>
            {snapshot.can({ type: 'user.retry' }) ? (
              <Button onClick={() => send({ type: 'user.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            ) : null}
            {renderDashboardLink(<Trans>Back to your account</Trans>)}
          </div>
        </>
      ) : null}
    </section>
  );
}
