import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { PasskeyRequestOptions } from '../passkeys';
import {
  AuthenticatorSetup,
  ConfirmAuthenticatorRequest,
  RecoveryCodesIssued,
  SecondFactorAnswer,
  SecondFactorProofRequest,
  SecondFactorSignedIn,
  SecondFactorStatus,
  secondFactorLimits,
} from '../second-factor';

const wrongCodeLimits = [secondFactorLimits.perAccount, secondFactorLimits.perAddress];

/** What a change proved with the app's code (or a recovery code) may refuse. */
const codeProofRefusals = [
  ErrorCode.invalidCode,
  ErrorCode.secondFactorExpired,
  ErrorCode.secondFactorConflict,
  ErrorCode.rateLimited,
] as const;

export const answerSecondStep = declareCall({
  method: 'POST',
  path: '/api/auth/second-factor',
  summary: 'Answer the second step of a waiting sign-in; starts the session',
  description:
    'For the browser whose sign-in answered `secondFactorRequired`: its cookie names the waiting sign-in. A wrong answer leaves it for another try, within the limits; one that took longer than five minutes must start again.',
  tag: 'Two-step sign-in',
  access: 'secondStep',
  body: SecondFactorAnswer,
  answers: { 200: SecondFactorSignedIn },
  refusals: [ErrorCode.invalidCode, ErrorCode.secondFactorExpired, ErrorCode.rateLimited],
  rateLimits: wrongCodeLimits,
});

export const requestSecondStepPasskeyOptions = declareCall({
  method: 'POST',
  path: '/api/auth/second-factor/passkey-options',
  summary: "The options of a passkey that answers the waiting sign-in's second step",
  description: "WebAuthn request options for the waiting sign-in's account's passkeys, for the browser's dialog.",
  tag: 'Two-step sign-in',
  access: 'secondStep',
  answers: { 200: PasskeyRequestOptions },
  refusals: [ErrorCode.secondFactorExpired],
});

export const getSecondFactorStatus = declareCall({
  method: 'GET',
  path: '/api/account/second-factor',
  summary: "The account's authenticator app and recovery codes",
  tag: 'Two-step sign-in',
  access: 'session',
  answers: { 200: SecondFactorStatus },
});

export const startAuthenticatorAppSetup = declareCall({
  method: 'POST',
  path: '/api/account/authenticator-app',
  summary: 'Start setting up an authenticator app: a new key, on only once confirmed',
  tag: 'Two-step sign-in',
  access: 'session',
  recentSignIn: true,
  answers: { 201: AuthenticatorSetup },
  refusals: [ErrorCode.secondFactorConflict],
});

export const confirmAuthenticatorApp = declareCall({
  method: 'POST',
  path: '/api/account/authenticator-app/confirm',
  summary: 'Turn the app on with its first code; answers the first recovery codes',
  tag: 'Two-step sign-in',
  access: 'session',
  body: ConfirmAuthenticatorRequest,
  answers: { 200: RecoveryCodesIssued },
  refusals: codeProofRefusals,
  rateLimits: wrongCodeLimits,
});

export const turnOffAuthenticatorApp = declareCall({
  method: 'DELETE',
  path: '/api/account/authenticator-app',
  summary: 'Turn the authenticator app off and delete the recovery codes, with a code as proof',
  tag: 'Two-step sign-in',
  access: 'session',
  body: SecondFactorProofRequest,
  answers: { 204: null },
  refusals: codeProofRefusals,
  rateLimits: wrongCodeLimits,
});

export const replaceRecoveryCodes = declareCall({
  method: 'POST',
  path: '/api/account/recovery-codes',
  summary: 'A new set of recovery codes in place of the old, with a code as proof',
  tag: 'Two-step sign-in',
  access: 'session',
  body: SecondFactorProofRequest,
  answers: { 200: RecoveryCodesIssued },
  refusals: codeProofRefusals,
  rateLimits: wrongCodeLimits,
});
