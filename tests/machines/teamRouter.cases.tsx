import { ErrorCode } from '../../contract/errors';
import { RouterMessage } from '../../contract/routers';
import type { TeamRouterContext, teamRouterMachine } from '../../machines/teamRouter/teamRouter.machine';
import { TeamRoutersView } from '../../src/features/team-routers/team-routers.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const lentRouter = 'demo-team-router';
/** The machine's input: team 7, with one router lent to it. */
export const teamRouterInput = { teamId: 7, associated: [lentRouter] };
export const lendable = [{ referenceId: 'demo-router-service', label: 'Router service, three years' }];
export const labels: Record<string, string> = {
  [lentRouter]: 'Bonding Router (Studio uplink)',
  'demo-router-service': 'Router service, three years',
};

type Snapshot = { context: TeamRouterContext };

const answer = (associated: string[]) => ({
  teamId: 7,
  associatedRouterSubContexts: associated.map((routerReferenceId) => ({ routerReferenceId })),
});
const failures = (actorId: string) => [
  {
    type: `xstate.error.actor.${actorId}`,
    error: refused(ErrorCode.teamConflict, RouterMessage.alreadyInAnotherTeam),
    actorId,
  },
  { type: `xstate.error.actor.${actorId}`, error: new Error('network down'), actorId },
];

/** Sample events for generating the team router machine's paths. */
const teamRouterCases = {
  // Only what the list offers: the lendable plans not lent yet, or back to no choice.
  'user.choose': ({ context }: Snapshot) => {
    const available = lendable.map((option) => option.referenceId).filter((id) => !context.associated.includes(id));
    if (available.length === 0) return [];
    return ['', ...available]
      .filter((referenceId) => referenceId !== context.choice)
      .map((referenceId) => ({ type: 'user.choose' as const, referenceId }));
  },
  // The button is enabled only once a plan is chosen.
  'user.associate': ({ context }: Snapshot) => (context.choice ? [{ type: 'user.associate' as const }] : []),
  'user.dissociate': ({ context }: Snapshot) =>
    context.associated.slice(0, 1).map((referenceId) => ({ type: 'user.dissociate' as const, referenceId })),
  'team.refreshed': ({ context }: Snapshot) =>
    [[], [lentRouter]]
      .filter((associated) => JSON.stringify(associated) !== JSON.stringify(context.associated))
      .map((associated) => ({ type: 'team.refreshed' as const, associated })),
  'xstate.done.actor.associateTeamRouter': ({ context }: Snapshot) => [
    {
      type: 'xstate.done.actor.associateTeamRouter',
      output: answer([...context.associated, context.choice]),
      actorId: 'associateTeamRouter',
    },
  ],
  'xstate.error.actor.associateTeamRouter': failures('associateTeamRouter'),
  'xstate.done.actor.dissociateTeamRouter': ({ context }: Snapshot) => [
    {
      type: 'xstate.done.actor.dissociateTeamRouter',
      output: answer(context.associated.filter((referenceId) => referenceId !== context.dissociating)),
      actorId: 'dissociateTeamRouter',
    },
  ],
  'xstate.error.actor.dissociateTeamRouter': failures('dissociateTeamRouter'),
} as const;

/** What the team router machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const teamRouterModel: FlowModel<typeof teamRouterMachine> = {
  input: teamRouterInput,
  cases: teamRouterCases,
  // What the person can tell apart: the state, how many routers are lent, whether one is chosen,
  // and whether a failure shows with or without the server's message.
  serializeState: (snapshot) => {
    const context: TeamRouterContext = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      context.associated,
      context.choice !== '',
      context.failure === null ? null : Boolean(context.failure.message),
    ]);
  },
  render: (snapshot, send) => <TeamRoutersView snapshot={snapshot} send={send} lendable={lendable} labels={labels} />,
};
