import { ErrorCode } from '../../contract/errors';
import type { AuthenticatorSetup } from '../../contract/second-factor';
import { SecondFactorMessage } from '../../contract/second-factor';
import type {
  AuthenticatorAppEnrolmentContext,
  authenticatorAppEnrolmentMachine,
} from '../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { answerErrorOf } from '../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { AuthenticatorAppView } from '../../src/features/authenticator-app/authenticator-app.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';
import { recoveryCode } from './secondFactorChallenge.cases';

export const setup: AuthenticatorSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Bondline:sam%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Bondline',
};

export const recoveryCodes = Array.from({ length: 10 }, (_, index) => `${'ABCDE-FGHJK-MNPQR-STVWX-YZ01'}${index}`);

/** The app is on where the last change turned it on or gave new codes: the page then offers turning it off. */
export const isAppOn = (context: AuthenticatorAppEnrolmentContext) =>
  context.notice === 'turnedOn' || context.notice === 'codesReplaced';

type Snapshot = { context: AuthenticatorAppEnrolmentContext };

/** Sample events for generating the enrolment machine's paths. */
const authenticatorAppEnrolmentCases = {
  // What the page offers depends on whether the app is on.
  'user.setUp': ({ context }: Snapshot) => (isAppOn(context) ? [] : [{ type: 'user.setUp' as const }]),
  'user.turnOff': ({ context }: Snapshot) => (isAppOn(context) ? [{ type: 'user.turnOff' as const }] : []),
  'user.newRecoveryCodes': ({ context }: Snapshot) =>
    isAppOn(context) ? [{ type: 'user.newRecoveryCodes' as const }] : [],
  'user.changeCode': ({ context }: Snapshot) =>
    (context.method === 'authenticatorApp' ? ['123456', '12'] : [recoveryCode, 'ABCD'])
      .filter((value) => value !== context.code)
      .map((value) => ({ type: 'user.changeCode' as const, value })),
  'user.useRecoveryCode': ({ context }: Snapshot) =>
    context.method === 'authenticatorApp' ? [{ type: 'user.useRecoveryCode' as const }] : [],
  'user.useAuthenticatorApp': ({ context }: Snapshot) =>
    context.method === 'recoveryCode' ? [{ type: 'user.useAuthenticatorApp' as const }] : [],
  'xstate.done.actor.startSetup': [actorDone('startSetup', setup)],
  'xstate.error.actor.startSetup': [
    actorRefused('startSetup', refused(ErrorCode.secondFactorConflict, SecondFactorMessage.alreadyOn)),
    actorFailed('startSetup'),
  ],
  'xstate.done.actor.confirmSetup': [actorDone('confirmSetup', recoveryCodes)],
  'xstate.error.actor.confirmSetup': [
    actorRefused('confirmSetup', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    actorRefused('confirmSetup', refused(ErrorCode.secondFactorExpired, SecondFactorMessage.setupExpired)),
    actorRefused('confirmSetup', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
  ],
  'xstate.done.actor.turnOff': [actorDone('turnOff')],
  'xstate.error.actor.turnOff': [
    actorRefused('turnOff', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    actorRefused('turnOff', refused(ErrorCode.secondFactorConflict, SecondFactorMessage.alreadyOn)),
    actorFailed('turnOff'),
  ],
  'xstate.done.actor.replaceRecoveryCodes': [actorDone('replaceRecoveryCodes', recoveryCodes)],
  'xstate.error.actor.replaceRecoveryCodes': [
    actorRefused('replaceRecoveryCodes', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    actorRefused('replaceRecoveryCodes', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
  ],
} as const;

const contextOf = (snapshot: { context: unknown }) => snapshot.context as AuthenticatorAppEnrolmentContext;

/** What the enrolment machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const authenticatorAppEnrolmentModel: FlowModel<typeof authenticatorAppEnrolmentMachine> = {
  cases: authenticatorAppEnrolmentCases,
  // What the person can tell apart, kept coarse so the paths stay few: the step; where a code is
  // typed, the way of proving, whether it can be sent and whether it was refused; on the overview
  // whether the app is on and what it says; on the codes which change gave them and the copy's outcome.
  serializeState: (snapshot) => {
    const context = contextOf(snapshot);
    const { method, code, codeError, failure, notice, copy } = context;
    const value = snapshot.value as unknown;
    const typing = typeof value === 'object';
    return JSON.stringify([
      value,
      typing ? [method, answerErrorOf(method, code) === null, codeError !== null] : null,
      value === 'idle' ? [isAppOn(context), notice === 'turnedOff', failure !== null] : null,
      value === 'showingRecoveryCodes' ? [notice, copy] : null,
    ]);
  },
  render: (snapshot, send) => {
    const enabled = isAppOn(contextOf(snapshot));
    return (
      <AuthenticatorAppView
        snapshot={snapshot}
        send={send}
        read={{
          status: 'success',
          authenticatorApp: { enabled, enabledAt: enabled ? '2026-11-20T08:30:00.000Z' : null },
          recoveryCodes: { remaining: enabled ? 10 : 0, createdAt: enabled ? '2026-11-20T08:30:00.000Z' : null },
          requiredByTeam: null,
        }}
      />
    );
  },
};
