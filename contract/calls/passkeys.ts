import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  AddPasskeyRequest,
  Passkey,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRequestOptions,
  PasskeySignInRequest,
  PasskeySignInResponse,
  passkeySignInLimits,
  RenamePasskeyRequest,
} from '../passkeys';

export const listPasskeys = declareCall({
  method: 'GET',
  path: '/api/account/passkeys',
  summary: "The account's passkeys",
  tag: 'Passkeys',
  access: 'session',
  answers: { 200: PasskeyList },
});

export const requestPasskeyCreationOptions = declareCall({
  method: 'POST',
  path: '/api/account/passkeys/options',
  summary: "The options of a new passkey's ceremony",
  description:
    "WebAuthn creation options for the browser's dialog, bound to this session; the account's passkeys are excluded.",
  tag: 'Passkeys',
  access: 'session',
  recentSignIn: true,
  answers: { 200: PasskeyCreationOptions },
});

export const addPasskey = declareCall({
  method: 'POST',
  path: '/api/account/passkeys',
  summary: 'Add the passkey the browser made with requestPasskeyCreationOptions',
  tag: 'Passkeys',
  access: 'session',
  recentSignIn: true,
  body: AddPasskeyRequest,
  answers: { 201: Passkey },
  refusals: [ErrorCode.passkeyRefused, ErrorCode.secondFactorExpired, ErrorCode.notFound],
});

export const renamePasskey = declareCall({
  method: 'PATCH',
  path: '/api/account/passkeys/{id}',
  summary: 'Rename one of the account’s passkeys',
  tag: 'Passkeys',
  access: 'session',
  body: RenamePasskeyRequest,
  answers: { 200: Passkey },
  refusals: [ErrorCode.notFound],
});

export const removePasskey = declareCall({
  method: 'DELETE',
  path: '/api/account/passkeys/{id}',
  summary: 'Remove one of the account’s passkeys',
  tag: 'Passkeys',
  access: 'session',
  recentSignIn: true,
  answers: { 204: null },
  refusals: [ErrorCode.notFound],
});

export const requestPasskeySignInOptions = declareCall({
  method: 'POST',
  path: '/api/auth/passkey/options',
  summary: 'The options of a sign-in with a passkey alone',
  description:
    "WebAuthn request options for any of the browser's passkeys of this site; the challenge is bound to a cookie set with them, good for five minutes.",
  tag: 'Passkeys',
  access: 'visitor',
  answers: { 200: PasskeyRequestOptions },
});

export const completePasskeySignIn = declareCall({
  method: 'POST',
  path: '/api/auth/passkey',
  summary: 'Sign in with a passkey: both steps at once; starts the session',
  description: 'The answer to a challenge of requestPasskeySignInOptions, from the browser that holds its cookie.',
  tag: 'Passkeys',
  access: 'visitor',
  body: PasskeySignInRequest,
  answers: { 200: PasskeySignInResponse },
  refusals: [ErrorCode.passkeyRefused, ErrorCode.secondFactorExpired, ErrorCode.rateLimited],
  rateLimits: [passkeySignInLimits.perAddress],
});
