import { Trans, useLingui } from '@lingui/react/macro';
import type { Team } from '../../../contract/teams';
import { css } from '../../../styled-system/css';
import { grid, wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Heading, Text } from '../../components/ui/text';
import { formatDate } from '../../lib/format/dates';
import { text } from '../../theme/recipes/text';
import { roleLabels } from './team.messages';
import type { TeamPartProps } from './team.types';

/** The invitations not yet accepted, each with its way to cancel it; nothing when there are none. */
export function TeamInvitations({ snapshot, send, team }: TeamPartProps & { team: Team }) {
  const { t, i18n } = useLingui();
  if (team.invitations.length === 0) return null;
  const canceling = snapshot.matches('cancelingInvitation');
  return (
    <section aria-labelledby="team-invitations-title" className={grid({ gap: '3' })}>
      <Heading as="h3" level="subsection" id="team-invitations-title">
        <Trans>Pending invitations</Trans>
      </Heading>
      <ul className={grid({ gap: '2' })}>
        {team.invitations.map((invitation) => {
          const email = invitation.email;
          const roleName = i18n._(roleLabels[invitation.role]);
          const expiry = formatDate(invitation.expiresAt, i18n.locale);
          const busy = canceling && snapshot.context.subjectEmail === email;
          return (
            <li key={email} className={wrap({ gap: '3', align: 'center' })}>
              <span className={css({ flex: '1', minWidth: '12rem' })}>
                <bdi dir="ltr" className={text({ weight: 'medium' })}>
                  {email}
                </bdi>{' '}
                <Text as="span" tone="muted">
                  <Trans>
                    {roleName} · expires on {expiry}
                  </Trans>
                </Text>
              </span>
              <Button
                variant="danger"
                // While it is being cancelled, the name is what the button says (and the row says whose).
                aria-label={busy ? undefined : t`Cancel invitation for ${email}`}
                disabled={!snapshot.hasTag('ready')}
                aria-busy={busy}
                onClick={() => send({ type: 'user.cancelInvitation', email })}
              >
                {busy ? <Trans>Canceling invitation…</Trans> : <Trans>Cancel invitation</Trans>}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
