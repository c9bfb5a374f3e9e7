import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type AcceptInvitationResponse, TeamMessage } from '../../contract/teams';
import { teamInvitationMachine } from '../../machines/teamInvitation/teamInvitation.machine';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { input, joinedNorthwind, teamInvitationModel } from './teamInvitation.cases';

const unavailable = 'We could not accept the invitation right now. Please try again later.';

/** The model's view of one snapshot, in English. */
function renderInvitation(snapshot: Parameters<typeof teamInvitationModel.render>[0]) {
  return <TestI18n>{teamInvitationModel.render(snapshot, vi.fn())}</TestI18n>;
}

describeModel('teamInvitation', {
  machine: teamInvitationMachine,
  ...teamInvitationModel,
  states: {
    accepting: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Joining the team…'),
    },
    failed: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? unavailable);
        // Who is signed in matters only when the invitation was meant for another address.
        if (snapshot.context.failure?.message === TeamMessage.invitationForAnotherAddress)
          expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
            'You are signed in as ada@example.com. The invitation works only for the address it was sent to.',
          );
        else expect(screen.queryByText(/You are signed in as/)).toBeNull();
        if (snapshot.context.failure?.message) expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
        else expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    accepted: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('You are now a member of Northwind.');
        expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
      },
    },
  },
  drivers: {
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
});

describe('teamInvitation machine', () => {
  it('sends the code, trimmed, and keeps the team it joined', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      teamInvitationMachine.provide({
        actors: {
          acceptInvitation: fromPromise<AcceptInvitationResponse, { confirmationCode: string }>(async ({ input }) => {
            sent.push(input);
            return joinedNorthwind;
          }),
        },
      }),
      { input: { confirmationCode: ' code-from-the-mail ' } },
    ).start();
    await waitFor(actor, (state) => state.matches('accepted'));
    expect(sent).toEqual([{ confirmationCode: 'code-from-the-mail' }]);
    expect(actor.getSnapshot().context.joined?.teamName).toBe('Northwind');
  });

  it('calls nothing without a code, and says the code is not valid', () => {
    const [snapshot] = initialTransition(teamInvitationMachine, { confirmationCode: '  ' });
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.failure?.message).toBe(TeamMessage.invitationInvalid);
    render(renderInvitation(snapshot));
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation code is not valid.');
  });

  it('shows each refusal of the server in the reader’s words: expired, canceled, used', () => {
    for (const message of [TeamMessage.invitationExpired, TeamMessage.invitationCanceled, TeamMessage.invitationUsed]) {
      let [snapshot] = initialTransition(teamInvitationMachine, input);
      [snapshot] = transition(teamInvitationMachine, snapshot, {
        type: 'xstate.error.actor.acceptInvitation',
        error: refused(ErrorCode.invitationRefused, message),
        actorId: 'acceptInvitation',
      } as never);
      const { unmount } = render(renderInvitation(snapshot));
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      unmount();
    }
  });
});
