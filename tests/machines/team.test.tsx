import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type AddTeamMemberResponse, TeamMessage } from '../../contract/teams';
import { type AddMemberInput, isPaidElsewhere, teamMachine } from '../../machines/team/team.machine';
import { defaultMemberSort } from '../../src/features/team/members-table';
import { TeamView } from '../../src/features/team/team.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { aTeam } from '../support/team-fixtures';
import { adaChoice, input, teamModel } from './team.cases';

const unavailable = 'We could not change the team right now. Please try again later.';

// biome-ignore lint/suspicious/noExplicitAny: recognisers see any machine's snapshot
const failureText = (snapshot: any) => snapshot.context.failure?.message ?? unavailable;
const ruleCheckbox = () =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: 'Members must use two-step sign-in' });

describeModel('team', {
  machine: teamMachine,
  ...teamModel,
  states: {
    idle: {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Add a member' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Remove ada@example.com' })).toBeEnabled();
        expect(screen.getByRole('status')).toBeEmptyDOMElement();
        expect(ruleCheckbox()).not.toBeChecked();
        expect(ruleCheckbox()).toBeEnabled();
      },
    },
    adding: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('form', { name: 'Add a member' })).toBeVisible();
        expect(screen.getByLabelText('E-mail')).toHaveValue(snapshot.context.form.email);
        expect(screen.getByLabelText('Role')).toHaveValue(snapshot.context.form.role);
        if (snapshot.context.formErrors.email)
          expect(screen.getByText('The E-Mail address provided is invalid')).toBeVisible();
        // Nothing else starts while the form is open.
        expect(screen.getByRole('button', { name: 'Remove ada@example.com' })).toBeDisabled();
        expect(ruleCheckbox()).toBeDisabled();
      },
    },
    submittingMember: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Adding member…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    addFailed: {
      view: (screen, snapshot) => {
        const alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent(failureText(snapshot));
        if (isPaidElsewhere(snapshot.context.failure))
          expect(alert).toHaveTextContent(
            `${TeamMessage.alreadyInAnotherTeam}${snapshot.context.form.email} pays for a plan of their own.`,
          );
        else expect(alert).not.toHaveTextContent('pays for a plan');
        expect(screen.getByLabelText('E-mail')).toHaveValue(snapshot.context.form.email);
      },
    },
    added: {
      view: (screen, snapshot) => {
        const email = snapshot.context.form.email;
        expect(screen.getByRole('status')).toHaveTextContent(
          `We sent ${email} an invitation. They join the team when they accept it`,
        );
        expect(screen.getByRole('button', { name: 'Add a member' })).toBeEnabled();
      },
    },
    confirmingRemoval: {
      view: (screen) => {
        expect(screen.getByRole('alertdialog', { name: 'Remove Ada Lovelace from the team?' })).toBeVisible();
        expect(screen.getByRole('button', { name: 'Remove member' })).toBeEnabled();
      },
    },
    removing: {
      machine: (snapshot) => expect(snapshot.context.member).toEqual(adaChoice),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Removing…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    removeFailed: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alertdialog')).toHaveTextContent(failureText(snapshot));
        expect(screen.getByRole('button', { name: 'Remove member' })).toBeEnabled();
      },
    },
    removed: {
      view: (screen) =>
        expect(screen.getByRole('status')).toHaveTextContent('ada@example.com is no longer in the team.'),
    },
    changingRole: {
      view: (screen) => {
        const select = screen.getByLabelText('Role of ada@example.com');
        expect(select).toHaveValue('admin');
        expect(select).toHaveAttribute('aria-busy', 'true');
        expect(select).toBeDisabled();
      },
    },
    roleChanged: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('ada@example.com is now: Admin.'),
    },
    roleFailed: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent('Only the owner and the team’s admins can do this.');
        expect(failureText(snapshot)).toBe(TeamMessage.notAdmin);
        expect(screen.getByLabelText('Role of ada@example.com')).toBeEnabled();
      },
    },
    cancelingInvitation: {
      // Named by what it says while busy: an accessible name must contain the visible text (axe, test:states).
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Canceling invitation…' });
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(button).toBeDisabled();
      },
    },
    invitationCanceled: {
      view: (screen) =>
        expect(screen.getByRole('status')).toHaveTextContent('The invitation of grace@example.com is canceled.'),
    },
    cancelInvitationFailed: {
      view: (screen) =>
        expect(screen.getByRole('alert')).toHaveTextContent('There is no pending invitation for this address.'),
    },
    renaming: {
      view: (screen, snapshot) => {
        expect(screen.getByLabelText('Team name')).toHaveValue(snapshot.context.teamNameDraft);
        if (snapshot.context.teamNameError) expect(screen.getByText('Please enter a name for the team.')).toBeVisible();
      },
    },
    savingTeamName: {
      machine: (snapshot) => expect(snapshot.context.teamNameDraft.trim()).not.toBe(''),
      view: (screen) => expect(screen.getByRole('button', { name: 'Saving name…' })).toBeDisabled(),
    },
    renameFailed: {
      view: (screen) => expect(screen.getByRole('alert')).toHaveTextContent('Renaming is paused for maintenance.'),
    },
    renamed: {
      view: (screen) => {
        expect(screen.getByRole('status')).toHaveTextContent('The team is renamed.');
        expect(screen.getByRole('button', { name: 'Rename team' })).toBeEnabled();
      },
    },
    settingSecondFactorRule: {
      machine: (snapshot) => expect(snapshot.context.secondFactorRequired).not.toBeNull(),
      // The value asked for, busy; still focusable (aria-disabled), so the focus stays on it.
      view: (_, snapshot) => {
        const checkbox = ruleCheckbox();
        expect(checkbox.checked).toBe(snapshot.context.secondFactorRequired);
        expect(checkbox).toHaveAttribute('aria-busy', 'true');
        expect(checkbox).toHaveAttribute('aria-disabled', 'true');
        expect(checkbox).toBeEnabled();
      },
    },
    secondFactorRuleSet: {
      view: (screen, snapshot) => {
        const required = snapshot.context.secondFactorRequired;
        expect(screen.getByRole('status')).toHaveTextContent(
          required ? 'Members must now use two-step sign-in.' : 'Members no longer have to use two-step sign-in.',
        );
        expect(ruleCheckbox().checked).toBe(required);
        expect(ruleCheckbox()).not.toHaveAttribute('aria-busy', 'true');
      },
    },
    secondFactorRuleFailed: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(TeamMessage.onlyOwnerSetsRule);
        // The team as read: the rule did not change.
        expect(ruleCheckbox()).not.toBeChecked();
        expect(ruleCheckbox()).toBeEnabled();
      },
    },
  },
  drivers: {
    'user.startAdding': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Add a member' })),
    'user.changeField': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.chooseRole': async ({ user, screen }) => user.selectOptions(screen.getByLabelText('Role'), 'admin'),
    'user.submitMember': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Add member' })),
    'user.remove': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Remove ada@example.com' })),
    'user.confirmRemoval': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Remove member' })),
    'user.changeRole': async ({ user, screen }) =>
      user.selectOptions(screen.getByLabelText('Role of ada@example.com'), 'admin'),
    'user.cancelInvitation': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Cancel invitation for grace@example.com' })),
    'user.startRenaming': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Rename team' })),
    'user.changeTeamName': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'value' in event ? event.value : '' } });
    },
    'user.saveTeamName': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Save name' })),
    'user.setSecondFactorRule': async ({ user }) => user.click(ruleCheckbox()),
    'user.dismiss': async ({ user, screen, snapshot }) =>
      user.click(
        screen.getByRole('button', {
          name: snapshot.matches('confirmingRemoval') || snapshot.matches('removeFailed') ? 'Keep member' : 'Discard',
        }),
      ),
  },
});

function addingWith(addMember: (input: AddMemberInput) => Promise<AddTeamMemberResponse>) {
  const teamChanged = vi.fn();
  const actor = createActor(
    teamMachine.provide({
      actors: { addMember: fromPromise<AddTeamMemberResponse, AddMemberInput>(({ input }) => addMember(input)) },
      actions: { teamChanged },
    }),
    { input },
  ).start();
  return { actor, teamChanged };
}

describe('team machine', () => {
  it('sends the form as the contract parses it, trimmed, and tells the screen the team changed', async () => {
    const sent: AddMemberInput[] = [];
    const { actor, teamChanged } = addingWith(async (request) => {
      sent.push(request);
      return { success: true, outcome: 'invited' };
    });
    actor.send({ type: 'user.startAdding' });
    actor.send({ type: 'user.changeField', field: 'email', value: '  new@example.com ' });
    actor.send({ type: 'user.changeField', field: 'firstName', value: ' Nina ' });
    actor.send({ type: 'user.chooseRole', role: 'admin' });
    actor.send({ type: 'user.submitMember' });
    await waitFor(actor, (state) => state.matches('added'));
    expect(sent).toEqual([
      {
        referenceId: 'teams-1',
        // The spec's payload keeps its password field; the portal never sends one (issue 21).
        request: { email: 'new@example.com', role: 'admin', firstName: 'Nina', lastName: '', password: '' },
      },
    ]);
    expect(actor.getSnapshot().context.subjectEmail).toBe('new@example.com');
    expect(teamChanged).toHaveBeenCalledOnce();
  });

  it('checks the form with the contract before calling: the address, and a name that is too long', () => {
    let [snapshot] = initialTransition(teamMachine, input);
    for (const event of [
      { type: 'user.startAdding' },
      { type: 'user.changeField', field: 'email', value: 'not-an-email' },
      { type: 'user.changeField', field: 'lastName', value: 'x'.repeat(101) },
      { type: 'user.submitMember' },
    ] as const)
      [snapshot] = transition(teamMachine, snapshot, event);
    expect(snapshot.value).toBe('adding');
    expect(snapshot.context.formErrors).toEqual({
      email: 'The E-Mail address provided is invalid',
      lastName: expect.any(String),
    });
  });

  it('keeps the 409’s isPaid, and does not tell the screen of a change that did not happen', async () => {
    const { actor, teamChanged } = addingWith(async () => {
      throw refused(ErrorCode.teamMemberConflict, TeamMessage.alreadyInAnotherTeam, { details: { isPaid: true } });
    });
    actor.send({ type: 'user.startAdding' });
    actor.send({ type: 'user.changeField', field: 'email', value: 'paid@example.com' });
    actor.send({ type: 'user.submitMember' });
    await waitFor(actor, (state) => state.matches('addFailed'));
    const { failure } = actor.getSnapshot().context;
    expect(failure?.message).toBe(TeamMessage.alreadyInAnotherTeam);
    expect(isPaidElsewhere(failure)).toBe(true);
    expect(teamChanged).not.toHaveBeenCalled();
  });

  it('changes a role by the team’s id and the member’s userid', async () => {
    const calls: unknown[] = [];
    const actor = createActor(
      teamMachine.provide({
        actors: {
          changeRole: fromPromise(async ({ input: request }) => {
            calls.push(request);
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'user.changeRole', member: adaChoice, role: 'admin' });
    await waitFor(actor, (state) => state.matches('roleChanged'));
    expect(calls).toEqual([{ teamId: 7, userid: adaChoice.userid, role: 'admin' }]);
  });

  it('sets the two-step rule under the subscription, and tells the screen the team changed', async () => {
    const calls: unknown[] = [];
    const teamChanged = vi.fn();
    const actor = createActor(
      teamMachine.provide({
        actors: {
          setSecondFactorRule: fromPromise(async ({ input: request }) => {
            calls.push(request);
          }),
        },
        actions: { teamChanged },
      }),
      { input },
    ).start();
    actor.send({ type: 'user.setSecondFactorRule', required: true });
    await waitFor(actor, (state) => state.matches('secondFactorRuleSet'));
    expect(calls).toEqual([{ referenceId: 'teams-1', request: { required: true } }]);
    expect(teamChanged).toHaveBeenCalledOnce();
  });
});

describe('team view', () => {
  it('shows a server message the portal does not know as it came', () => {
    let [snapshot] = initialTransition(teamMachine, input);
    for (const event of [
      { type: 'user.cancelInvitation', email: 'grace@example.com' },
      {
        type: 'xstate.error.actor.cancelInvitation',
        error: refused(ErrorCode.teamRefused, 'Ask support.'),
        actorId: 'cancelInvitation',
      },
    ])
      [snapshot] = transition(teamMachine, snapshot, event as never);
    render(
      <TestI18n>
        <TeamView
          snapshot={snapshot}
          send={vi.fn()}
          team={aTeam()}
          viewerIsOwner
          search=""
          onSearchChange={vi.fn()}
          sort={defaultMemberSort}
          onSortChange={vi.fn()}
          onDownloadCsv={vi.fn()}
        />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ask support.');
  });
});
