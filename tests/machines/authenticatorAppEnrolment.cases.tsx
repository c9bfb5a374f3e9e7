import { ErrorCode } from '../../contract/errors';
import type { AuthenticatorSetup } from '../../contract/second-factor';
import { SecondFactorMessage } from '../../contract/second-factor';
import type {
  AuthenticatorAppEnrolmentContext,
  authenticatorAppEnrolmentMachine,
} from '../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { answerErrorOf } from '../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import type { RefusalError } from '../../machines/support/refusal';
import { AuthenticatorAppView } from '../../src/features/authenticator-app/authenticator-app.view';
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

const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, output, actorId });
const refusedEvent = (actorId: string, refusal: RefusalError) => ({
  type: `xstate.error.actor.${actorId}`,
  error: refusal,
  actorId,
});
const failed = (actorId: string) => ({
  type: `xstate.error.actor.${actorId}`,
  error: new Error('network down'),
  actorId,
});

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
  'xstate.done.actor.startSetup': [done('startSetup', setup)],
  'xstate.error.actor.startSetup': [
    refusedEvent('startSetup', refused(ErrorCode.secondFactorConflict, SecondFactorMessage.alreadyOn)),
    failed('startSetup'),
  ],
  'xstate.done.actor.confirmSetup': [done('confirmSetup', recoveryCodes)],
  'xstate.error.actor.confirmSetup': [
    refusedEvent('confirmSetup', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    refusedEvent('confirmSetup', refused(ErrorCode.secondFactorExpired, SecondFactorMessage.setupExpired)),
    refusedEvent('confirmSetup', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
  ],
  'xstate.done.actor.turnOff': [done('turnOff', undefined)],
  'xstate.error.actor.turnOff': [
    refusedEvent('turnOff', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    refusedEvent('turnOff', refused(ErrorCode.secondFactorConflict, SecondFactorMessage.alreadyOn)),
    failed('turnOff'),
  ],
  'xstate.done.actor.replaceRecoveryCodes': [done('replaceRecoveryCodes', recoveryCodes)],
  'xstate.error.actor.replaceRecoveryCodes': [
    refusedEvent('replaceRecoveryCodes', refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid)),
    refusedEvent('replaceRecoveryCodes', refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 90 })),
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
