import { ErrorCode } from '../../contract/errors';
import type { SignInProvider } from '../../contract/federated-sign-in';
import {
  fieldErrorsOf,
  type ResetPasswordContext,
  type resetPasswordMachine,
} from '../../machines/resetPassword/resetPassword.machine';
import { ResetPasswordView } from '../../src/features/reset-password/reset-password.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** The token of the reset link the paths open with. */
export const token = 'A'.repeat(43);

/** The providers as a deployment configures them. */
export const signInProviders: SignInProvider[] = [
  { id: 'google', name: 'Google' },
  { id: 'microsoft', name: 'Microsoft' },
];

/**
 * The values tried in a field. Where the unlink box shows (issue 21), the good value alone: what is
 * typed and the box do not act on each other, every value is tried where the box is absent, and
 * trying them all again with the box unticked and ticked would multiply the paths by three.
 */
function sampled(context: ResetPasswordContext, values: string[]) {
  return context.linkedProviders.length > 0 ? values.slice(0, 1) : values;
}

/** Sample events for generating the reset-password machine's paths. */
const resetPasswordCases = {
  // A person can only change a field to something other than what it holds.
  'user.changePassword': ({ context }: { context: ResetPasswordContext }) =>
    sampled(context, ['a fresh password', 'short'])
      .filter((value) => value !== context.password)
      .map((value) => ({ type: 'user.changePassword' as const, value })),
  'user.changeRepeatPassword': ({ context }: { context: ResetPasswordContext }) =>
    sampled(context, ['a fresh password', 'something else'])
      .filter((value) => value !== context.repeatPassword)
      .map((value) => ({ type: 'user.changeRepeatPassword' as const, value })),
  // Only a box the person sees can be ticked.
  'user.toggleUnlinkSignIns': ({ context }: { context: ResetPasswordContext }) =>
    context.linkedProviders.length > 0 ? [{ type: 'user.toggleUnlinkSignIns' as const }] : [],
  'xstate.done.actor.checkResetToken': [
    {
      type: 'xstate.done.actor.checkResetToken',
      output: { valid: true, linkedProviders: [] },
      actorId: 'checkResetToken',
    },
    {
      type: 'xstate.done.actor.checkResetToken',
      output: { valid: true, linkedProviders: ['google', 'microsoft'] },
      actorId: 'checkResetToken',
    },
    {
      type: 'xstate.done.actor.checkResetToken',
      output: { valid: false, linkedProviders: [] },
      actorId: 'checkResetToken',
    },
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
      error: refused(ErrorCode.invalidResetToken, 'Password reset link is invalid. Please request a new one.'),
      actorId: 'resetPassword',
    },
    {
      type: 'xstate.error.actor.resetPassword',
      error: new Error('network down'),
      actorId: 'resetPassword',
    },
    {
      type: 'xstate.error.actor.resetPassword',
      error: refused(ErrorCode.passwordTooCommon, null),
      actorId: 'resetPassword',
    },
    { type: 'xstate.error.actor.resetPassword', error: new Error('network down'), actorId: 'resetPassword' },
  ],
} as const;

/** What the reset-password machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const resetPasswordModel: FlowModel<typeof resetPasswordMachine> = {
  input: { token },
  cases: resetPasswordCases,
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.status,
      snapshot.context.failure,
      fieldErrorsOf(snapshot.context),
      Object.entries(snapshot.context.fieldErrors)
        .filter(([, message]) => message !== undefined)
        .map(([field]) => field)
        .sort(),
      // What the person sees of issue 21: whether the box shows, and whether it is ticked.
      snapshot.context.linkedProviders.length > 0,
      snapshot.context.unlinkSignIns,
    ]),
  render: (snapshot, send) => (
    <ResetPasswordView
      snapshot={snapshot}
      send={send}
      forgotPasswordLink={<a href="/password/forgot">Request a new reset link</a>}
      signInProviders={signInProviders}
    />
  ),
};
