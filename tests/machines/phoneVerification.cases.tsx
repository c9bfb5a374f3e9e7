import type { SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { PhoneMessage } from '../../contract/phone';
import type {
  PhoneVerificationContext,
  phoneVerificationMachine,
} from '../../machines/phoneVerification/phoneVerification.machine';
import { formattedPhone, type RegionOption } from '../../src/features/phone-verification/phone-numbers';
import { PhoneVerificationView } from '../../src/features/phone-verification/phone-verification.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const sentTo = '+12015550123';

export const verifiedUser: SessionClaims = {
  sub: '0b6f3a52-4c1d-4e8f-9a7b-1c2d3e4f5a6b',
  email: 'sam@example.com',
  phone: sentTo,
  accountCreated: '2026-11-20T08:00:00.000Z',
  iat: 1_795_000_000,
  role: 'user',
  idp: 'password',
};

type Snapshot = { context: PhoneVerificationContext; matches: (state: string) => boolean };

/** A field changes to a value of the other kind (given or empty, well-formed or not), and back. */
const toggles =
  <T extends string>(type: T, field: 'number' | 'code', [good, bad]: [string, string]) =>
  ({ context }: Snapshot) => [{ type, value: context[field] === good ? bad : good }];

/** The code each of the phone API's refusals comes with. */
const phoneRefusalCodes: Partial<Record<string, ErrorCode>> = {
  [PhoneMessage.numberInvalid]: ErrorCode.validation,
  [PhoneMessage.numberTaken]: ErrorCode.phoneTaken,
  [PhoneMessage.smsUnavailable]: ErrorCode.internal,
  [PhoneMessage.codeInvalid]: ErrorCode.invalidCode,
  [PhoneMessage.codeExpired]: ErrorCode.codeExpired,
};

/** What the phone actors throw when the server refused with this message. */
export const phoneRefused = (message: string) => refused(phoneRefusalCodes[message] ?? ErrorCode.validation, message);

const refusedBy = (actorId: string, ...messages: string[]) => [
  ...messages.map((message) => ({ type: `xstate.error.actor.${actorId}`, error: phoneRefused(message), actorId })),
  { type: `xstate.error.actor.${actorId}`, error: new Error('network down'), actorId },
];

/** Sample events for generating the phone verification machine's paths. */
const phoneVerificationCases = {
  'user.changeRegion': ({ context }: Snapshot) => [
    { type: 'user.changeRegion', region: context.region === 'US' ? 'DE' : 'US' },
  ],
  'user.changeNumber': toggles('user.changeNumber', 'number', ['(201) 555-0123', '']),
  'user.changeCode': toggles('user.changeCode', 'code', ['482913', '48']),
  // A new code is offered once the cooldown has passed, and always for a dead code.
  'user.resendCode': (snapshot: Snapshot) =>
    snapshot.context.canResend || snapshot.matches('codeExpired') ? [{ type: 'user.resendCode' }] : [],
  'xstate.done.actor.requestCode': [
    {
      type: 'xstate.done.actor.requestCode',
      output: { phone: sentTo, expiresAt: '2026-11-25T12:05:00.000Z' },
      actorId: 'requestCode',
    },
  ],
  'xstate.error.actor.requestCode': refusedBy('requestCode', PhoneMessage.numberInvalid, PhoneMessage.numberTaken),
  'xstate.done.actor.resendCode': [
    {
      type: 'xstate.done.actor.resendCode',
      output: { phone: sentTo, expiresAt: '2026-11-25T12:05:00.000Z' },
      actorId: 'resendCode',
    },
  ],
  'xstate.error.actor.resendCode': refusedBy('resendCode', PhoneMessage.smsUnavailable),
  'xstate.done.actor.verifyCode': [{ type: 'xstate.done.actor.verifyCode', output: undefined, actorId: 'verifyCode' }],
  'xstate.error.actor.verifyCode': refusedBy('verifyCode', PhoneMessage.codeInvalid, PhoneMessage.codeExpired),
  'xstate.done.actor.addPhone': [{ type: 'xstate.done.actor.addPhone', output: verifiedUser, actorId: 'addPhone' }],
  'xstate.error.actor.addPhone': refusedBy('addPhone', PhoneMessage.numberTaken),
} as const;

/** The region the number step starts in. */
export const input = { region: 'US' };

/** The countries of the chooser (the page lists them all, in the reader's language). */
const regions: RegionOption[] = [
  { region: 'DE', name: 'Germany', callingCode: '49' },
  { region: 'US', name: 'United States', callingCode: '1' },
];

/** What the phone verification machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const phoneVerificationModel: FlowModel<typeof phoneVerificationMachine> = {
  input,
  cases: phoneVerificationCases,
  // What the person can tell apart: the state, whether the fields are filled and show an error,
  // whether a refusal shows, and whether a new code can be (or just was) asked for.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.number !== '',
      snapshot.context.numberError !== null,
      snapshot.context.code !== '',
      snapshot.context.codeError !== null,
      snapshot.context.failure !== null,
      snapshot.context.canResend,
      snapshot.context.codeResent,
    ]),
  render: (snapshot, send) => (
    <PhoneVerificationView
      snapshot={snapshot}
      send={send}
      regions={regions}
      formatPhone={formattedPhone}
      continueTarget={{ kind: 'internal', href: '/account' }}
      numberStepHref="/phone-number-input"
      onNavigate={() => {}}
    />
  ),
};
