import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { TeamMessage } from '../../../contract/teams';
import type {
  TeamInvitationEvent,
  teamInvitationMachine,
} from '../../../machines/teamInvitation/teamInvitation.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { teamMessageText } from '../team/team.messages';

export type TeamInvitationViewProps = {
  snapshot: Pick<SnapshotFrom<typeof teamInvitationMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;
  send: (event: TeamInvitationEvent) => void;
  /** The signed-in address: an invitation for another one is the commonest refusal. */
  signedInEmail: string;
  /** The router's link to the dashboard, so the view stays free of navigation. */
  renderDashboardLink: (children: ReactNode) => ReactNode;
};

const muted = css({ color: 'fg.muted' });

/** The invitation page: joining, joined (with the team's name), or why not. */
export function TeamInvitationView({ snapshot, send, signedInEmail, renderDashboardLink }: TeamInvitationViewProps) {
  const { i18n } = useLingui();
  const { joined, failureMessage } = snapshot.context;
  const teamName = joined?.teamName ?? '';
  return (
    <section className={css({ display: 'grid', gap: '4', maxWidth: '36rem' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        <Trans>Join a team</Trans>
      </h1>
      {snapshot.hasTag('busy') ? (
        <p role="status" className={muted}>
          <Trans>Joining the team…</Trans>
        </p>
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
          <Alert>
            {failureMessage ? (
              teamMessageText(i18n, failureMessage)
            ) : (
              <Trans>We could not accept the invitation right now. Please try again later.</Trans>
            )}
          </Alert>
          {failureMessage === TeamMessage.invitationForAnotherAddress ? (
            <p>
              <Trans>
                You are signed in as <bdi dir="ltr">{signedInEmail}</bdi>. The invitation works only for the address it
                was sent to.
              </Trans>
            </p>
          ) : null}
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
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
