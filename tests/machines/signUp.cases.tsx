import { ErrorCode } from '../../contract/errors';
import {
  codeErrorsOf,
  detailsErrorsOf,
  passwordErrorsOf,
  type SignUpContext,
  type SignUpFailure,
  type signUpMachine,
} from '../../machines/signUp/signUp.machine';
import { SignUpView } from '../../src/features/sign-up/sign-up.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/**
 * A field changes to a value of the other kind: valid when it is invalid, and back. (Every value of
 * one kind looks the same to the person and the machine, so one of each keeps the paths few.)
 */
const toggles =
  <T extends string>(type: T, field: keyof SignUpContext, [good, bad]: [string, string]) =>
  ({ context }: { context: SignUpContext }) => [{ type, value: context[field] === good ? bad : good }];

const done = (actorId: string) => [{ type: `xstate.done.actor.${actorId}`, output: undefined, actorId }];
/** The server's refusal that each failure of the form stands for. */
export const refusalCodes: Record<Exclude<SignUpFailure, 'resendFailed' | 'unavailable'>, ErrorCode> = {
  emailTaken: ErrorCode.emailTaken,
  botCheckFailed: ErrorCode.botCheckFailed,
  invalidCode: ErrorCode.invalidCode,
  codeExpired: ErrorCode.codeExpired,
  rateLimited: ErrorCode.rateLimited,
  passwordTooCommon: ErrorCode.passwordTooCommon,
};

const refusedBy = (actorId: string, ...failures: (keyof typeof refusalCodes)[]) => [
  ...failures.map((failure) => ({
    type: `xstate.error.actor.${actorId}`,
    error: refused(refusalCodes[failure], null),
    actorId,
  })),
  { type: `xstate.error.actor.${actorId}`, error: new Error('network down'), actorId },
];

/** Sample events for generating the sign-up machine's paths. */
const signUpCases = {
  'user.changeEmail': toggles('user.changeEmail', 'email', ['sam@example.com', 'not-an-address']),
  'user.changeRepeatEmail': toggles('user.changeRepeatEmail', 'repeatEmail', ['sam@example.com', 'sam@example.org']),
  // On the code step the check matters only for a resend: answered once a resend can be asked for.
  'botCheck.solved': (snapshot: { context: SignUpContext; matches: (state: string) => boolean }) =>
    !snapshot.matches('verifying') || (snapshot.context.canResend && snapshot.context.botToken === '')
      ? [{ type: 'botCheck.solved', token: 'solved-token' }]
      : [],
  'user.changeCode': toggles('user.changeCode', 'code', ['123456', '12']),
  'user.changePassword': toggles('user.changePassword', 'password', ['correct horse battery', 'short']),
  'user.changeRepeatPassword': toggles('user.changeRepeatPassword', 'repeatPassword', [
    'correct horse battery',
    'battery horse correct',
  ]),
  // Resending is offered once the cooldown has passed, and always for a dead code (with the bot
  // check answered or not: the state says which, see serializeState).
  'user.resendCode': (snapshot: { context: SignUpContext; matches: (state: object) => boolean }) =>
    snapshot.context.canResend || snapshot.matches({ verifying: 'needsNewCode' }) ? [{ type: 'user.resendCode' }] : [],
  'xstate.done.actor.createPendingAccount': done('createPendingAccount'),
  'xstate.error.actor.createPendingAccount': refusedBy(
    'createPendingAccount',
    'emailTaken',
    'botCheckFailed',
    'rateLimited',
  ),
  'xstate.done.actor.resendCode': done('resendCode'),
  'xstate.error.actor.resendCode': refusedBy('resendCode', 'rateLimited', 'botCheckFailed'),
  'xstate.done.actor.validateCode': done('validateCode'),
  'xstate.error.actor.validateCode': refusedBy('validateCode', 'invalidCode', 'codeExpired', 'rateLimited'),
  'xstate.done.actor.finalizeAccount': done('finalizeAccount'),
  'xstate.error.actor.finalizeAccount': refusedBy(
    'finalizeAccount',
    'invalidCode',
    'codeExpired',
    'emailTaken',
    'passwordTooCommon',
  ),
} as const;

/** What the sign-up machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const signUpModel: FlowModel<typeof signUpMachine> = {
  input: { botCheckRequired: true },
  cases: signUpCases,
  // What the person can see and do next: the step, whether a message shows, which checks of the
  // step's form fail, whether a new code can be asked for, and (only then) whether its check is answered.
  serializeState: (snapshot) => {
    const { context } = snapshot;
    const checks = snapshot.matches('enteringDetails')
      ? detailsErrorsOf(context)
      : snapshot.matches('verifying')
        ? codeErrorsOf(context)
        : snapshot.matches('choosingPassword')
          ? passwordErrorsOf(context)
          : {};
    const verifying = snapshot.matches('verifying');
    return JSON.stringify([
      snapshot.value,
      snapshot.status,
      context.failure !== null,
      Object.keys(checks).sort(),
      Object.values(context.fieldErrors).some((message) => message !== undefined),
      verifying && context.canResend,
      verifying && context.codeResent,
      verifying && context.canResend && context.botToken !== '',
    ]);
  },
  // The bot check stands in for the real widget: a button that answers it, and one that lets the answer expire.
  render: (snapshot, send) => (
    <SignUpView
      snapshot={snapshot}
      send={send}
      botCheck={
        <>
          <button type="button" onClick={() => send({ type: 'botCheck.solved', token: 'solved-token' })}>
            I am not a robot
          </button>
          <button type="button" onClick={() => send({ type: 'botCheck.expired' })}>
            Let the check expire
          </button>
        </>
      }
      signInLink={<a href="/login">Sign in</a>}
      backToAppLink={<a href="/login">Back to the app</a>}
    />
  ),
};
