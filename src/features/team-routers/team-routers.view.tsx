import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TeamRouterEvent, teamRouterMachine } from '../../../machines/teamRouter/teamRouter.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { fieldControl } from '../../components/ui/field-control';
import { routerChangeUnavailable, routerMessageText } from '../routers/router.messages';

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

const muted = css({ color: 'fg.muted' });
const srOnly = css({ srOnly: true });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });

/** The team's routers on a teams plan's portal: what is lent to the team, and lending another. */
export function TeamRoutersView({ snapshot, send, lendable, labels }: TeamRoutersViewProps) {
  const { t, i18n } = useLingui();
  const selectId = useId();
  const { associated, choice, dissociating, failureMessage } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const choices = lendable.filter((option) => !associated.includes(option.referenceId));
  const labelOf = (referenceId: string) => labels[referenceId] ?? referenceId;

  return (
    <section aria-labelledby="team-routers-title" className={card}>
      <h2 id="team-routers-title" className={cardTitle}>
        <Trans>Team routers</Trans>
      </h2>
      <p className={muted}>
        <Trans>Router subscriptions lent to the team: its members see these routers on their routers page.</Trans>
      </p>
      {failureMessage !== null ? (
        <Alert>{failureMessage ? routerMessageText(i18n, failureMessage) : i18n._(routerChangeUnavailable)}</Alert>
      ) : null}
      {associated.length === 0 ? (
        <p>
          <Trans>No router is lent to the team yet.</Trans>
        </p>
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {associated.map((referenceId) => {
            const label = labelOf(referenceId);
            const stopping = snapshot.matches('dissociating') && dissociating === referenceId;
            return (
              <li key={referenceId} className={row}>
                <bdi className={css({ fontWeight: 'medium' })}>{label}</bdi>
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
                      Take back <span className={srOnly}>{label}</span>
                    </Trans>
                  )}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {choices.length === 0 ? (
        <p className={muted}>
          <Trans>You have no other router subscription to lend. A router coupon starts one.</Trans>
        </p>
      ) : (
        <form
          noValidate
          className={row}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.associate' });
          }}
        >
          <label htmlFor={selectId} className={css({ fontWeight: 'medium' })}>
            <Trans>Router to lend to the team</Trans>
          </label>
          <select
            id={selectId}
            className={fieldControl}
            value={choice}
            disabled={busy}
            onChange={(event) => send({ type: 'user.choose', referenceId: event.currentTarget.value })}
          >
            <option value="">{t`Choose a router subscription`}</option>
            {choices.map((option) => (
              <option key={option.referenceId} value={option.referenceId}>
                {option.label}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={busy || choice === ''} aria-busy={snapshot.matches('associating')}>
            {snapshot.matches('associating') ? <Trans>Lending…</Trans> : <Trans>Lend to team</Trans>}
          </Button>
        </form>
      )}
    </section>
  );
}
