import type { SnapshotFrom } from 'xstate';
import type { TeamEvent, teamMachine } from '../../../machines/team/team.machine';

export type TeamSnapshot = Pick<SnapshotFrom<typeof teamMachine>, 'context' | 'hasTag' | 'matches'>;

/** What the team view and each of its parts take: the machine's snapshot and its events. */
export type TeamPartProps = {
  snapshot: TeamSnapshot;
  send: (event: TeamEvent) => void;
};
