import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { RouterMessage, type TeamRouterRequest, type TeamRouterResponse } from '../../contract/routers';
import { type TeamRouterContext, teamRouterMachine } from '../../machines/teamRouter/teamRouter.machine';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { labels, lentRouter, teamRouterInput, teamRouterModel } from './teamRouter.cases';

const unavailable = 'We could not change the router right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [RouterMessage.alreadyInAnotherTeam]:
    'This router subscription is already associated with another team. Dissociate it there first.',
};

const contextOf = (snapshot: unknown) => (snapshot as { context: TeamRouterContext }).context;

describeModel('teamRouter', {
  machine: teamRouterMachine,
  ...teamRouterModel,
  states: {
    idle: {
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        const section = within(screen.getByRole('region', { name: 'Team routers' }));
        if (context.associated.length === 0)
          expect(section.getByText('No router is lent to the team yet.')).toBeVisible();
        for (const referenceId of context.associated)
          expect(section.getByRole('button', { name: `Take back ${labels[referenceId]}` })).toBeEnabled();
        const select = section.queryByLabelText('Router to lend to the team');
        if (context.associated.includes('demo-router-service')) expect(select).toBeNull();
        else expect(select).toHaveValue(context.choice);
        if (context.failure === null) expect(section.queryByRole('alert')).toBeNull();
        else
          expect(section.getByRole('alert')).toHaveTextContent(
            context.failure.message ? (knownMessages[context.failure.message] ?? context.failure.message) : unavailable,
          );
      },
    },
    associating: {
      machine: (snapshot) => expect(contextOf(snapshot).choice).not.toBe(''),
      view: (screen) => expect(screen.getByRole('button', { name: 'Lending…' })).toBeDisabled(),
    },
    dissociating: {
      machine: (snapshot) => expect(contextOf(snapshot).associated).toContain(contextOf(snapshot).dissociating),
      view: (screen) => expect(screen.getByRole('button', { name: 'Taking back…' })).toBeDisabled(),
    },
  },
  drivers: {
    'user.choose': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Router to lend to the team'), {
        target: { value: 'referenceId' in event ? event.referenceId : '' },
      });
    },
    'user.associate': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Lend to team' })),
    'user.dissociate': ({ user, screen, event }) =>
      user.click(
        screen.getByRole('button', { name: `Take back ${labels['referenceId' in event ? event.referenceId : '']}` }),
      ),
  },
});

describe('teamRouter machine', () => {
  it('lends the chosen plan to its team, takes the list the server answers, and says so once', async () => {
    const sent: TeamRouterRequest[] = [];
    const teamRoutersChanged = vi.fn();
    const actor = createActor(
      teamRouterMachine.provide({
        actors: {
          associateTeamRouter: fromPromise<TeamRouterResponse, TeamRouterRequest>(async ({ input }) => {
            sent.push(input);
            return {
              teamId: 7,
              associatedRouterSubContexts: [
                { routerReferenceId: lentRouter },
                { routerReferenceId: input.routerReferenceId },
              ],
            };
          }),
        },
        actions: { teamRoutersChanged },
      }),
      { input: teamRouterInput },
    ).start();
    actor.send({ type: 'user.associate' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'user.choose', referenceId: 'demo-router-service' });
    actor.send({ type: 'user.associate' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(sent).toEqual([{ teamId: 7, routerReferenceId: 'demo-router-service' }]);
    expect(actor.getSnapshot().context.associated).toEqual([lentRouter, 'demo-router-service']);
    expect(actor.getSnapshot().context.choice).toBe('');
    expect(teamRoutersChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps the list as it was when the server refuses, with its reason', async () => {
    const actor = createActor(
      teamRouterMachine.provide({
        actors: {
          dissociateTeamRouter: fromPromise<TeamRouterResponse, TeamRouterRequest>(async () => {
            throw refused(ErrorCode.notFound, RouterMessage.notAssociated);
          }),
        },
      }),
      { input: teamRouterInput },
    ).start();
    actor.send({ type: 'user.dissociate', referenceId: lentRouter });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({
      associated: [lentRouter],
      dissociating: null,
      failure: { message: RouterMessage.notAssociated },
    });
  });
});
