import { assertEvent, assign, setup } from 'xstate';
import type { TeamRouterRequest, TeamRouterResponse } from '../../contract/routers';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type TeamRouterInput = {
  teamId: number;
  /** The router subscriptions lent to the team, as the team read last listed them. */
  associated: string[];
};

export type TeamRouterContext = TeamRouterInput & {
  /** The router subscription chosen to lend; '' for none yet. */
  choice: string;
  /** The router subscription being taken off the team. */
  dissociating: string | null;
  /** Why the last change did not happen; null while none failed. */
  failure: Refusal | null;
};

export type TeamRouterEvent =
  | { type: 'user.choose'; referenceId: string }
  | { type: 'user.associate' }
  | { type: 'user.dissociate'; referenceId: string }
  /** The team was read again: the list may have moved on. */
  | { type: 'team.refreshed'; associated: string[] };

/** The referenceIds of the team's router subscriptions in a server's answer. */
const associatedOf = (response: TeamRouterResponse) =>
  response.associatedRouterSubContexts.map((entry) => entry.routerReferenceId);

/**
 * The owner or an admin lends router subscriptions to a teams plan's team, or takes them back
 * (docs/spec.md §9): one change at a time, the list as the server answers it, each change ending in
 * `teamRoutersChanged` so the team and the routers are read again.
 */
export const teamRouterMachine = setup({
  types: {
    context: {} as TeamRouterContext,
    events: {} as TeamRouterEvent,
    input: {} as TeamRouterInput,
  },
  actors: {
    associateTeamRouter: providedByApp<TeamRouterResponse, TeamRouterRequest>('associateTeamRouter'),
    dissociateTeamRouter: providedByApp<TeamRouterResponse, TeamRouterRequest>('dissociateTeamRouter'),
  },
  actions: {
    showFailure: assign({
      failure: ({ event }) => refusalOfEvent(event),
    }),
    /** The app reads the team and the routers again. */
    teamRoutersChanged: () => {},
  },
  guards: {
    isChosen: ({ context }) => context.choice !== '',
  },
}).createMachine({
  id: 'teamRouter',
  context: ({ input }) => ({ ...input, choice: '', dissociating: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.choose': {
          actions: assign(({ event }) => {
            assertEvent(event, 'user.choose');
            return { choice: event.referenceId, failure: null };
          }),
        },
        'user.associate': { guard: 'isChosen', target: 'associating' },
        'user.dissociate': {
          target: 'dissociating',
          actions: assign(({ event }) => {
            assertEvent(event, 'user.dissociate');
            return { dissociating: event.referenceId };
          }),
        },
        'team.refreshed': {
          actions: assign(({ event }) => {
            assertEvent(event, 'team.refreshed');
            return { associated: event.associated };
          }),
        },
      },
    },
    associating: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'associateTeamRouter',
        src: 'associateTeamRouter',
        input: ({ context }) => ({ teamId: context.teamId, routerReferenceId: context.choice }),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              associated: ({ event }) => associatedOf(event.output),
              choice: '',
            }),
            'teamRoutersChanged',
          ],
        },
        onError: { target: 'idle', actions: 'showFailure' },
      },
    },
    dissociating: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      exit: assign({ dissociating: null }),
      invoke: {
        id: 'dissociateTeamRouter',
        src: 'dissociateTeamRouter',
        input: ({ context }) => ({ teamId: context.teamId, routerReferenceId: context.dissociating ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              associated: ({ event }) => associatedOf(event.output),
            }),
            'teamRoutersChanged',
          ],
        },
        onError: { target: 'idle', actions: 'showFailure' },
      },
    },
  },
});
