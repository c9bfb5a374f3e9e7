import type {
  ForgotPasswordContext,
  forgotPasswordMachine,
} from '../../machines/forgotPassword/forgotPassword.machine';
import { fieldErrorsOf } from '../../machines/forgotPassword/forgotPassword.machine';
import { ForgotPasswordView } from '../../src/features/forgot-password/forgot-password.view';
import type { FlowModel } from '../support/flow-model';

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

/** What the forgotPassword machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const forgotPasswordModel: FlowModel<typeof forgotPasswordMachine> = {
  input: {},
  cases: forgotPasswordCases,
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.status,
      snapshot.context.failure,
      Object.keys(fieldErrorsOf(snapshot.context)),
      Boolean(snapshot.context.fieldErrors.email),
    ]),
  render: (snapshot, send) => (
    <ForgotPasswordView
      snapshot={snapshot}
      send={send}
      supportEmail="support@example.com"
      signInLink={<a href="/login">Back to sign in</a>}
    />
  ),
};
