import { ErrorCode } from '../../contract/errors';
import type {
  ChangePasswordContext,
  changePasswordMachine,
} from '../../machines/changePassword/changePassword.machine';
import { fieldErrorsOf } from '../../machines/changePassword/changePassword.machine';
import { ChangePasswordView } from '../../src/features/change-password/change-password.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** Sample events for generating the change-password machine's paths. */
const changePasswordCases = {
  // A person can only change a field to something other than what it holds.
  'user.changeCurrentPassword': ({ context }: { context: ChangePasswordContext }) =>
    ['the old password']
      .filter((value) => value !== context.currentPassword)
      .map((value) => ({ type: 'user.changeCurrentPassword' as const, value })),
  'user.changeNewPassword': ({ context }: { context: ChangePasswordContext }) =>
    ['a fresh password', 'short']
      .filter((value) => value !== context.newPassword)
      .map((value) => ({ type: 'user.changeNewPassword' as const, value })),
  'user.changeRepeatPassword': ({ context }: { context: ChangePasswordContext }) =>
    ['a fresh password', 'something else']
      .filter((value) => value !== context.repeatPassword)
      .map((value) => ({ type: 'user.changeRepeatPassword' as const, value })),
  'xstate.done.actor.changePassword': [
    { type: 'xstate.done.actor.changePassword', output: undefined, actorId: 'changePassword' },
  ],
  'xstate.error.actor.changePassword': [
    {
      type: 'xstate.error.actor.changePassword',
      error: refused(ErrorCode.currentPasswordIncorrect, 'Current password is incorrect. Not changing password.'),
      actorId: 'changePassword',
    },
    {
      type: 'xstate.error.actor.changePassword',
      error: refused(ErrorCode.rateLimited, null),
      actorId: 'changePassword',
    },
    {
      type: 'xstate.error.actor.changePassword',
      error: refused(ErrorCode.passwordTooCommon, null),
      actorId: 'changePassword',
    },
    { type: 'xstate.error.actor.changePassword', error: new Error('network down'), actorId: 'changePassword' },
  ],
} as const;

/** What the changePassword machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const changePasswordModel: FlowModel<typeof changePasswordMachine> = {
  cases: changePasswordCases,
  // What tells states apart for the person: the state, which failure it shows, whether the form
  // still need work, and whether field errors are showing (not which values were typed).
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.matches('failure') ? snapshot.context.failure : null,
      Object.keys(fieldErrorsOf(snapshot.context)).sort(),
      Object.values(snapshot.context.fieldErrors).some(Boolean),
    ]),
  render: (snapshot, send) => <ChangePasswordView snapshot={snapshot} send={send} />,
};
