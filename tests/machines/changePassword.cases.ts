import { type ChangePasswordContext, ChangePasswordError } from '../../machines/changePassword/changePassword.machine';

/** Sample events for generating the change-password machine's paths. */
export const changePasswordCases = {
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
      error: new ChangePasswordError('currentPasswordIncorrect'),
      actorId: 'changePassword',
    },
    {
      type: 'xstate.error.actor.changePassword',
      error: new ChangePasswordError('rateLimited'),
      actorId: 'changePassword',
    },
    {
      type: 'xstate.error.actor.changePassword',
      error: new ChangePasswordError('passwordTooCommon'),
      actorId: 'changePassword',
    },
    { type: 'xstate.error.actor.changePassword', error: new Error('network down'), actorId: 'changePassword' },
  ],
} as const;
