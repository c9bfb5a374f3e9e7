import type { AnyMachineSnapshot } from 'xstate';
import type { ForgotPasswordContext } from '../../machines/forgotPassword/forgotPassword.machine';
import { fieldErrorsOf } from '../../machines/forgotPassword/forgotPassword.machine';

/** Sample events for generating the forgot-password machine's paths. */
const forgotPasswordCases = {
  // A person can only change the field to something other than what it holds.
  'user.changeEmail': ({ context }: { context: ForgotPasswordContext }) =>
    ['sam@example.com', 'not-an-address']
      .filter((value) => value !== context.email)
      .map((value) => ({ type: 'user.changeEmail' as const, value })),
  'xstate.done.actor.requestPasswordReset': [
    { type: 'xstate.done.actor.requestPasswordReset', output: undefined, actorId: 'requestPasswordReset' },
  ],
  'xstate.error.actor.requestPasswordReset': [
    {
      type: 'xstate.error.actor.requestPasswordReset',
      error: new Error('network down'),
      actorId: 'requestPasswordReset',
    },
  ],
} as const;

/** What the forgotPassword machine's paths are generated from (the path tests and the flow explorer). */
export const forgotPasswordModel = {
  input: {},
  cases: forgotPasswordCases,
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.status,
      snapshot.context.failure,
      Object.keys(fieldErrorsOf(snapshot.context)),
      Boolean(snapshot.context.fieldErrors.email),
    ]),
};
