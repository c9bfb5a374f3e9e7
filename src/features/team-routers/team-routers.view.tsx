import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { TeamRouterEvent, teamRouterMachine } from '../../../machines/teamRouter/teamRouter.machine';
import { stack, visuallyHidden, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { Text } from '../../components/ui/text';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/routers';
import { routerChangeUnavailable } from '../routers/router.messages';

/** A router subscription, named as the person knows it (its plan, and its router when it has one). */
export type RouterPlanOption = { referenceId: string; label: string };

export type TeamRoutersViewProps = {
  snapshot: Pick<SnapshotFrom<typeof teamRouterMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: TeamRouterEvent) => void;
  /** The router subscriptions the person can lend (theirs, not expired), lent ones included. */
  lendable: RouterPlanOption[];
  /** Names for the lent ones, whoever lent them; the referenceId stands in for one not known. */
  labels: Record<string, string>;
};

/** The team's routers on a teams plan's portal: what is lent to the team, and lending another. */
export function TeamRoutersView({ snapshot, send, lendable, labels }: TeamRoutersViewProps) {
  const { t, i18n } = useLingui();
  const { associated, choice, dissociating, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const choices = lendable.filter((option) => !associated.includes(option.referenceId));
  const labelOf = (referenceId: string) => labels[referenceId] ?? referenceId;

  return (
    <Card
      title={<Trans>Team routers</Trans>}
      titleId="team-routers-title"
      description={
        <Trans>Router subscriptions lent to the team: its members see these routers on their routers page.</Trans>
      }
    >
      {failure !== null ? <Alert>{refusalText(i18n, failure, { unavailable: routerChangeUnavailable })}</Alert> : null}
      {associated.length === 0 ? (
        <p>
          <Trans>No router is lent to the team yet.</Trans>
        </p>
      ) : (
        <ul className={stack({ gap: '2' })}>
          {associated.map((referenceId) => {
            const label = labelOf(referenceId);
            const stopping = snapshot.matches('dissociating') && dissociating === referenceId;
            return (
              <li key={referenceId} className={wrap({ gap: '3', align: 'center' })}>
                <Text as="span" weight="medium">
                  <bdi>{label}</bdi>
                </Text>
                <Button
                  variant="outline"
                  disabled={busy}
                  aria-busy={stopping}
                  onClick={() => send({ type: 'user.dissociate', referenceId })}
                >
                  {stopping ? (
                    <Trans>Taking back…</Trans>
                  ) : (
                    <Trans>
                      Take back <span className={visuallyHidden()}>{label}</span>
                    </Trans>
                  )}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {choices.length === 0 ? (
        <Text tone="muted">
          <Trans>You have no other router subscription to lend. A router coupon starts one.</Trans>
        </Text>
      ) : (
        <form
          noValidate
          // The button level with the list it acts on, under the field's label.
          className={wrap({ gap: '3', align: 'flex-end' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.associate' });
          }}
        >
          <SelectField
            label={<Trans>Router to lend to the team</Trans>}
            value={choice}
            disabled={busy}
            onValueChange={(referenceId) => send({ type: 'user.choose', referenceId })}
            options={[
              { value: '', label: t`Choose a router subscription` },
              ...choices.map((option) => ({ value: option.referenceId, label: option.label })),
            ]}
          />
          <Button type="submit" disabled={busy || choice === ''} aria-busy={snapshot.matches('associating')}>
            {snapshot.matches('associating') ? <Trans>Lending…</Trans> : <Trans>Lend to team</Trans>}
          </Button>
        </form>
      )}
    </Card>
  );
}
