import { type ResetPasswordContext, ResetPasswordError } from '../../machines/resetPassword/resetPassword.machine';

/** Sample events for generating the reset-password machine's paths. */
export const resetPasswordCases = {
  // A person can only change a field to something other than what it holds.
  'user.changePassword': ({ context }: { context: ResetPasswordContext }) =>
    ['a fresh password', 'short']
      .filter((value) => value !== context.password)
      .map((value) => ({ type: 'user.changePassword' as const, value })),
  'user.changeRepeatPassword': ({ context }: { context: ResetPasswordContext }) =>
    ['a fresh password', 'something else']
      .filter((value) => value !== context.repeatPassword)
      .map((value) => ({ type: 'user.changeRepeatPassword' as const, value })),
  'xstate.done.actor.checkResetToken': [
    { type: 'xstate.done.actor.checkResetToken', output: { valid: true }, actorId: 'checkResetToken' },
    { type: 'xstate.done.actor.checkResetToken', output: { valid: false }, actorId: 'checkResetToken' },
  ],
  'xstate.error.actor.checkResetToken': [
    { type: 'xstate.error.actor.checkResetToken', error: new Error('network down'), actorId: 'checkResetToken' },
  ],
  'xstate.done.actor.resetPassword': [
    { type: 'xstate.done.actor.resetPassword', output: undefined, actorId: 'resetPassword' },
  ],
  'xstate.error.actor.resetPassword': [
    {
      type: 'xstate.error.actor.resetPassword',
      error: new ResetPasswordError('invalidLink'),
      actorId: 'resetPassword',
    },
    {
      type: 'xstate.error.actor.resetPassword',
      error: new ResetPasswordError('unavailable'),
      actorId: 'resetPassword',
    },
    {
      type: 'xstate.error.actor.resetPassword',
      error: new ResetPasswordError('passwordTooCommon'),
      actorId: 'resetPassword',
    },
    { type: 'xstate.error.actor.resetPassword', error: new Error('network down'), actorId: 'resetPassword' },
  ],
} as const;
