import * as v from 'valibot';
import { SessionClaims } from './auth';
import type { RateLimit } from './http';

/**
 * Passkeys (WebAuthn, issue 22): a way to sign in without a password, and an answer to the second
 * step and to a recent sign-in. A passkey proves possession and the person (user verification), so
 * a sign-in with one alone is both steps. docs/decisions/0014-passkeys-and-recent-sign-in.md.
 */

export const PasskeyMessage = {
  nameInvalid: 'Give the passkey a name of at most 64 characters.',
  notRecognised: 'This passkey was not recognised. Try another, or sign in with your password.',
  expired: 'This took too long. Try again.',
  notFound: 'This passkey was removed already.',
  tooMany: 'You have 10 passkeys. Remove one to add another.',
} as const;

/** How long a ceremony's challenge is good for, and how many passkeys an account may hold. */
export const passkeyChallengeSeconds = 5 * 60;
export const passkeysPerAccount = 10;

/** Failed passkey sign-ins per client address: a passkey cannot be guessed, but its checks cost work. */
export const passkeySignInLimits = {
  perAddress: { name: 'passkey-failures:address', limit: 30, windowSeconds: 15 * 60, per: 'client address' },
} as const satisfies Record<string, RateLimit>;

/** The browser's answers are base64url strings; bounded so a client cannot send megabytes. */
const Base64Url = v.pipe(v.string(), v.maxLength(16_384), v.regex(/^[A-Za-z0-9_-]*$/));

/**
 * What @simplewebauthn/browser's startRegistration answers, the parts the server's verification
 * reads (the rest is dropped); the verification checks every byte of them.
 */
const RegistrationResponse = v.object({
  id: Base64Url,
  rawId: Base64Url,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(32)))),
  }),
  clientExtensionResults: v.object({}),
});

/** What startAuthentication answers, likewise. */
export const AuthenticationResponse = v.object({
  id: Base64Url,
  rawId: Base64Url,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: v.optional(Base64Url),
  }),
  clientExtensionResults: v.object({}),
});
export type AuthenticationResponse = v.InferOutput<typeof AuthenticationResponse>;

/**
 * The options of the browser's ceremony, as the server made them: opaque to the portal's client,
 * which hands them to @simplewebauthn/browser (typed there as its *OptionsJSON).
 */
export const PasskeyCreationOptions = v.looseObject({ challenge: v.string() });
export type PasskeyCreationOptions = v.InferOutput<typeof PasskeyCreationOptions>;
export const PasskeyRequestOptions = v.looseObject({ challenge: v.string() });
export type PasskeyRequestOptions = v.InferOutput<typeof PasskeyRequestOptions>;

export const PasskeyName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, PasskeyMessage.nameInvalid),
  v.maxLength(64, PasskeyMessage.nameInvalid),
);

/** One of the account's passkeys, as "Sign-in and security" lists it. */
export const Passkey = v.object({
  id: v.string(),
  name: v.string(),
  /** ISO times; lastUsedAt is null for a passkey never used to sign in. */
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  /** Synced to the person's other devices by their password manager or platform. */
  backedUp: v.boolean(),
});
export type Passkey = v.InferOutput<typeof Passkey>;

/** GET /api/account/passkeys */
export const PasskeyList = v.object({ passkeys: v.array(Passkey) });
export type PasskeyList = v.InferOutput<typeof PasskeyList>;

/** POST /api/account/passkeys: the new passkey's answer and the name it was given. */
export const AddPasskeyRequest = v.object({ name: PasskeyName, response: RegistrationResponse });
export type AddPasskeyRequest = v.InferOutput<typeof AddPasskeyRequest>;

/** PATCH /api/account/passkeys/{id} */
export const RenamePasskeyRequest = v.object({ name: PasskeyName });
export type RenamePasskeyRequest = v.InferInput<typeof RenamePasskeyRequest>;

/** POST /api/auth/passkey: a sign-in with a passkey alone (both steps). */
export const PasskeySignInRequest = v.object({ response: AuthenticationResponse });
export type PasskeySignInRequest = v.InferOutput<typeof PasskeySignInRequest>;

export const PasskeySignInResponse = v.object({ outcome: v.literal('signedIn'), user: SessionClaims });
export type PasskeySignInResponse = v.InferOutput<typeof PasskeySignInResponse>;
