import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { TeamMessage } from '../../contract/teams';
import { serverRequestMachine, windowErrorOf } from '../../machines/serverRequest/serverRequest.machine';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { serverRequestModel } from './serverRequest.cases';

const requestUnavailable = 'We could not request the server right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [TeamMessage.notDedicatedServerPlan]: 'Only a dedicated server subscription can request a server.',
};

describeModel('serverRequest', {
  machine: serverRequestMachine,
  ...serverRequestModel,
  states: {
    editing: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('group', { name: 'Daily maintenance window (UTC)' })).toBeVisible();
        expect(screen.getByLabelText('From (UTC)')).toHaveValue(snapshot.context.from);
        expect(screen.getByLabelText('To (UTC)')).toHaveValue(snapshot.context.to);
        if (snapshot.context.windowError)
          expect(screen.getByLabelText('From (UTC)')).toHaveAccessibleDescription(
            expect.stringContaining('Please choose when the window starts and when it ends.'),
          );
        expect(screen.getByRole('button', { name: 'Request server' })).toBeEnabled();
      },
    },
    requesting: {
      machine: (snapshot) => expect(windowErrorOf(snapshot.context)).toBeNull(),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Requesting server…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('From (UTC)')).toBeDisabled();
      },
    },
    failed: {
      view: (screen, snapshot) => {
        const message = snapshot.context.failure?.message;
        expect(screen.getByRole('alert')).toHaveTextContent(
          message ? (knownMessages[message] ?? message) : requestUnavailable,
        );
        expect(screen.getByLabelText('From (UTC)')).toHaveValue(snapshot.context.from);
      },
    },
    requested: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(/Your server is requested\./);
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
  drivers: {
    'user.changeFrom': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.changeTo': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.submit': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Request server' })),
  },
});

describe('serverRequest machine', () => {
  it('sends the window as HH:MM-HH:MM, one that runs past midnight included', async () => {
    const sent: string[] = [];
    const actor = createActor(
      serverRequestMachine.provide({
        actors: {
          requestServer: fromPromise<void, { timeInterval: string }>(async ({ input }) => {
            sent.push(input.timeInterval);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'user.changeFrom', value: '22:00' });
    actor.send({ type: 'user.changeTo', value: '02:30' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('requested'));
    expect(sent).toEqual(['22:00-02:30']);
  });

  it('asks for both times before calling', () => {
    let [snapshot] = initialTransition(serverRequestMachine);
    [snapshot] = transition(serverRequestMachine, snapshot, { type: 'user.changeFrom', value: '22:00' });
    [snapshot] = transition(serverRequestMachine, snapshot, { type: 'user.submit' });
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.windowError).toBe(TeamMessage.timeIntervalInvalid);
  });

  it('keeps the server’s message when the request is refused', async () => {
    const actor = createActor(
      serverRequestMachine.provide({
        actors: {
          requestServer: fromPromise<void, { timeInterval: string }>(async () => {
            throw refused(ErrorCode.subscriptionRefused, 'A server is already requested.');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'user.changeFrom', value: '01:00' });
    actor.send({ type: 'user.changeTo', value: '03:00' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.failure?.message).toBe('A server is already requested.');
  });
});
