import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Team } from '../../../contract/teams';
import { grid, wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText } from '../../lib/contract-messages';
import '../../lib/refusals/teams';
import type { TeamPartProps } from './team.types';
import { TeamFailureAlert } from './team-failure-alert.view';

const buttons = wrap({ gap: '3', align: 'center' });

/** The team's name, and its form while the machine is renaming. */
export function TeamName({ snapshot, send, team }: TeamPartProps & { team: Team }) {
  const { t, i18n } = useLingui();
  const editing =
    snapshot.matches('renaming') || snapshot.matches('savingTeamName') || snapshot.matches('renameFailed');
  const saving = snapshot.matches('savingTeamName');
  const { teamNameDraft, teamNameError } = snapshot.context;
  if (!editing)
    return (
      <div className={buttons}>
        <Text weight="medium">
          <bdi>{team.name}</bdi>
        </Text>
        <Button
          variant="link"
          disabled={!snapshot.hasTag('ready')}
          onClick={() => send({ type: 'user.startRenaming', name: team.name })}
        >
          <Trans>Rename team</Trans>
        </Button>
      </div>
    );
  return (
    <form
      noValidate
      className={grid({ gap: '3', maxWidth: '24rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.saveTeamName' });
      }}
    >
      {snapshot.matches('renameFailed') ? <TeamFailureAlert snapshot={snapshot} /> : null}
      <TextField
        label={t`Team name`}
        name="team-name"
        autoComplete="off"
        autoFocus
        value={teamNameDraft}
        disabled={saving}
        errorText={teamNameError ? contractMessageText(i18n, teamNameError) : undefined}
        onValueChange={(value) => send({ type: 'user.changeTeamName', value })}
      />
      <div className={buttons}>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Trans>Saving name…</Trans> : <Trans>Save name</Trans>}
        </Button>
        <Button variant="outline" disabled={saving} onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>Discard</Trans>
        </Button>
      </div>
    </form>
  );
}

/** "3 of 5 seats in use"; a family counts people against the plan's most. */
export function TeamSeats({ team }: { team: Team }) {
  const inUse = team.seatsInUse;
  return (
    <Text tone="muted">
      {team.maxMembers !== null ? (
        <Plural value={team.maxMembers} one={`${inUse} of # person`} other={`${inUse} of # people`} />
      ) : (
        <Plural value={team.seats} one={`${inUse} of # seat in use`} other={`${inUse} of # seats in use`} />
      )}
    </Text>
  );
}
