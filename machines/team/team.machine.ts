import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import {
  AddTeamMemberRequest,
  type AddTeamMemberResponse,
  RenameTeamRequest,
  type SecondFactorRuleRequest,
  type TeamRole,
} from '../../contract/teams';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type TeamInput = {
  /** The subscription's referenceId: members are added, removed and invitations canceled under it. */
  referenceId: string;
  /** Roles and the name are changed by the team's id. */
  teamId: number;
};

type MemberField = 'email' | 'firstName' | 'lastName';

export type MemberForm = Record<MemberField, string> & { role: TeamRole };

/** Field errors carry the contract's message texts; views translate them. */
export type MemberFormErrors = Partial<Record<MemberField, string>>;

/** The person a removal or a role change is about. */
export type MemberChoice = { userid: string; email: string };

/** Whether an add's 409 says the person pays for a subscription of their own (its `isPaid`). */
export const isPaidElsewhere = (failure: Refusal | null): boolean => failure?.details?.isPaid === true;

export type TeamContext = TeamInput & {
  form: MemberForm;
  formErrors: MemberFormErrors;
  /** The address of the last add, the invitation last canceled, or the member last changed. */
  subjectEmail: string | null;
  member: MemberChoice | null;
  role: TeamRole | null;
  teamNameDraft: string;
  /** A contract message text; views translate it. */
  teamNameError: string | null;
  /** The owner's rule "Members must use two-step sign-in" as last asked for; null until then. */
  secondFactorRequired: boolean | null;
  /** Why the last change did not happen; null while none failed. */
  failure: Refusal | null;
};

export type TeamEvent =
  | { type: 'user.startAdding' }
  | { type: 'user.changeField'; field: MemberField; value: string }
  | { type: 'user.chooseRole'; role: TeamRole }
  | { type: 'user.submitMember' }
  | { type: 'user.remove'; member: MemberChoice }
  | { type: 'user.confirmRemoval' }
  | { type: 'user.changeRole'; member: MemberChoice; role: TeamRole }
  | { type: 'user.cancelInvitation'; email: string }
  | { type: 'user.startRenaming'; name: string }
  | { type: 'user.changeTeamName'; value: string }
  | { type: 'user.saveTeamName' }
  | { type: 'user.setSecondFactorRule'; required: boolean }
  | { type: 'user.dismiss' };

export type AddMemberInput = { referenceId: string; request: AddTeamMemberRequest };
export type RemoveMemberInput = { referenceId: string; userid: string };
export type ChangeRoleInput = { teamId: number; userid: string; role: TeamRole };
export type CancelInvitationInput = { referenceId: string; email: string };
export type RenameTeamInput = { teamId: number; teamName: string };
export type SecondFactorRuleInput = { referenceId: string; request: SecondFactorRuleRequest };

const emptyForm: MemberForm = { email: '', role: 'user', firstName: '', lastName: '' };

/** The contract's check of the add form, as message texts per field. */
export function memberFormErrorsOf(form: MemberForm): MemberFormErrors {
  const result = v.safeParse(AddTeamMemberRequest, form);
  if (result.success) return {};
  const nested = v.flatten<typeof AddTeamMemberRequest>(result.issues).nested ?? {};
  const errors: MemberFormErrors = {};
  for (const field of ['email', 'firstName', 'lastName'] as const) {
    const message = nested[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The contract's check of a new team name, as its message text, or null. */
function teamNameErrorOf(teamName: string): string | null {
  const result = v.safeParse(RenameTeamRequest.entries.teamName, teamName);
  return result.success ? null : result.issues[0].message;
}

/** What can be started whenever no change is under way: the section's table and buttons. */
const ready = {
  'user.startAdding': { target: '#team.adding', actions: 'startAdding' },
  'user.remove': { target: '#team.confirmingRemoval', actions: 'chooseMember' },
  'user.changeRole': { target: '#team.changingRole', actions: 'chooseMember' },
  'user.cancelInvitation': { target: '#team.cancelingInvitation', actions: 'chooseInvitation' },
  'user.startRenaming': { target: '#team.renaming', actions: 'startRenaming' },
  'user.setSecondFactorRule': { target: '#team.settingSecondFactorRule', actions: 'chooseSecondFactorRule' },
} as const;

const editingMember = {
  'user.changeField': { target: '#team.adding', actions: 'changeField' },
  'user.chooseRole': { target: '#team.adding', actions: 'chooseRole' },
  'user.submitMember': [
    { guard: 'isMemberFormValid', target: '#team.submittingMember' },
    { target: '#team.adding', actions: 'showFormErrors' },
  ],
  'user.dismiss': '#team.idle',
} as const;

const editingTeamName = {
  'user.changeTeamName': { target: '#team.renaming', actions: 'changeTeamName' },
  'user.saveTeamName': [
    { guard: 'isTeamNameValid', target: '#team.savingTeamName' },
    { target: '#team.renaming', actions: 'showTeamNameError' },
  ],
  'user.dismiss': '#team.idle',
} as const;

const confirmingRemoval = {
  'user.confirmRemoval': '#team.removing',
  'user.dismiss': '#team.idle',
} as const;

/**
 * The owner or an admin manages the team's members: adds a person (who joins or is invited),
 * removes one after confirming, changes a role, cancels an invitation, renames the team; the owner
 * alone sets whether members must use two-step sign-in (the server refuses anyone else). The team
 * itself is a query of the screen; after each change `teamChanged` tells the screen to read it again.
 */
export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    input: {} as TeamInput,
  },
  actors: {
    addMember: providedByApp<AddTeamMemberResponse, AddMemberInput>('addMember'),
    removeMember: providedByApp<void, RemoveMemberInput>('removeMember'),
    changeRole: providedByApp<void, ChangeRoleInput>('changeRole'),
    cancelInvitation: providedByApp<void, CancelInvitationInput>('cancelInvitation'),
    renameTeam: providedByApp<void, RenameTeamInput>('renameTeam'),
    setSecondFactorRule: providedByApp<void, SecondFactorRuleInput>('setSecondFactorRule'),
  },
  actions: {
    /** The screen reads the team and the account again. */
    teamChanged: () => {},
    startAdding: assign({ form: emptyForm, formErrors: {}, failure: null }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'user.changeField');
      const { [event.field]: _, ...formErrors } = context.formErrors;
      return { form: { ...context.form, [event.field]: event.value }, formErrors };
    }),
    chooseRole: assign(({ context, event }) => {
      assertEvent(event, 'user.chooseRole');
      return { form: { ...context.form, role: event.role } };
    }),
    showFormErrors: assign({ formErrors: ({ context }) => memberFormErrorsOf(context.form) }),
    chooseMember: assign(({ event }) => {
      assertEvent(event, ['user.remove', 'user.changeRole']);
      return {
        member: event.member,
        subjectEmail: event.member.email,
        role: event.type === 'user.changeRole' ? event.role : null,
        failure: null,
      };
    }),
    chooseInvitation: assign(({ event }) => {
      assertEvent(event, 'user.cancelInvitation');
      return { subjectEmail: event.email, failure: null };
    }),
    startRenaming: assign(({ event }) => {
      assertEvent(event, 'user.startRenaming');
      return { teamNameDraft: event.name, teamNameError: null, failure: null };
    }),
    changeTeamName: assign(({ event }) => {
      assertEvent(event, 'user.changeTeamName');
      return { teamNameDraft: event.value, teamNameError: null };
    }),
    showTeamNameError: assign({ teamNameError: ({ context }) => teamNameErrorOf(context.teamNameDraft) }),
    chooseSecondFactorRule: assign(({ event }) => {
      assertEvent(event, 'user.setSecondFactorRule');
      return { secondFactorRequired: event.required, failure: null };
    }),
    rememberFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
  },
  guards: {
    isMemberFormValid: ({ context }) => Object.keys(memberFormErrorsOf(context.form)).length === 0,
    isTeamNameValid: ({ context }) => teamNameErrorOf(context.teamNameDraft) === null,
  },
}).createMachine({
  id: 'team',
  context: ({ input }) => ({
    ...input,
    form: emptyForm,
    formErrors: {},
    subjectEmail: null,
    member: null,
    role: null,
    teamNameDraft: '',
    teamNameError: null,
    secondFactorRequired: null,
    failure: null,
  }),
  initial: 'idle',
  states: {
    idle: { tags: ['ready'], on: ready },

    /** The add form; it stays filled after a refusal, so the person can correct it. */
    adding: { on: editingMember },
    submittingMember: {
      tags: ['busy'],
      entry: assign({ failure: null, formErrors: {} }),
      invoke: {
        id: 'addMember',
        src: 'addMember',
        input: ({ context }) => ({
          referenceId: context.referenceId,
          request: v.parse(AddTeamMemberRequest, context.form),
        }),
        onDone: {
          target: 'added',
          actions: [assign({ subjectEmail: ({ context }) => context.form.email.trim() }), 'teamChanged'],
        },
        onError: { target: 'addFailed', actions: 'rememberFailure' },
      },
    },
    addFailed: { tags: ['error'], on: editingMember },
    added: { tags: ['ready'], on: ready },

    /** The confirm dialog; a refusal shows inside it. */
    confirmingRemoval: { on: confirmingRemoval },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context }) => ({ referenceId: context.referenceId, userid: context.member?.userid ?? '' }),
        onDone: { target: 'removed', actions: 'teamChanged' },
        onError: { target: 'removeFailed', actions: 'rememberFailure' },
      },
    },
    removeFailed: { tags: ['error'], on: confirmingRemoval },
    removed: { tags: ['ready'], on: ready },

    changingRole: {
      tags: ['busy'],
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        input: ({ context }) => ({
          teamId: context.teamId,
          userid: context.member?.userid ?? '',
          role: context.role ?? 'user',
        }),
        onDone: { target: 'roleChanged', actions: 'teamChanged' },
        onError: { target: 'roleFailed', actions: 'rememberFailure' },
      },
    },
    roleChanged: { tags: ['ready'], on: ready },
    roleFailed: { tags: ['ready', 'error'], on: ready },

    cancelingInvitation: {
      tags: ['busy'],
      invoke: {
        id: 'cancelInvitation',
        src: 'cancelInvitation',
        input: ({ context }) => ({ referenceId: context.referenceId, email: context.subjectEmail ?? '' }),
        onDone: { target: 'invitationCanceled', actions: 'teamChanged' },
        onError: { target: 'cancelInvitationFailed', actions: 'rememberFailure' },
      },
    },
    invitationCanceled: { tags: ['ready'], on: ready },
    cancelInvitationFailed: { tags: ['ready', 'error'], on: ready },

    /** The inline form for the team's name. */
    renaming: { on: editingTeamName },
    savingTeamName: {
      tags: ['busy'],
      invoke: {
        id: 'renameTeam',
        src: 'renameTeam',
        input: ({ context }) => ({ teamId: context.teamId, teamName: context.teamNameDraft.trim() }),
        onDone: { target: 'renamed', actions: 'teamChanged' },
        onError: { target: 'renameFailed', actions: 'rememberFailure' },
      },
    },
    renameFailed: { tags: ['error'], on: editingTeamName },
    renamed: { tags: ['ready'], on: ready },

    /** The owner's switch: it shows the asked-for value, busy, until the team is read again. */
    settingSecondFactorRule: {
      tags: ['busy'],
      invoke: {
        id: 'setSecondFactorRule',
        src: 'setSecondFactorRule',
        input: ({ context }) => ({
          referenceId: context.referenceId,
          request: { required: context.secondFactorRequired ?? false },
        }),
        onDone: { target: 'secondFactorRuleSet', actions: 'teamChanged' },
        onError: { target: 'secondFactorRuleFailed', actions: 'rememberFailure' },
      },
    },
    secondFactorRuleSet: { tags: ['ready'], on: ready },
    secondFactorRuleFailed: { tags: ['ready', 'error'], on: ready },
  },
});
