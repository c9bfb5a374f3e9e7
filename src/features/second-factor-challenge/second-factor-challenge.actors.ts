import {
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { answerSecondStep, requestSecondStepPasskeyOptions } from '../../../contract/calls/second-factor';
import { ErrorCode } from '../../../contract/errors';
import type { SecondFactorAnswer, SecondFactorSignedIn } from '../../../contract/second-factor';
import {
  type PasskeyAnswer,
  SecondFactorRefusal,
} from '../../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { ApiError, callApi } from '../../lib/api-client';
import { ceremonyOf } from '../passkeys/passkey-ceremony';

/**
 * A failed call of the two-step sign-in (the second step, or a change on the account page) as the
 * machines' refusal: a wrong code or an unrecognised passkey, too many attempts (with Retry-After),
 * a sign-in or setup that took too long, a change that does not fit the app's state; anything else
 * is `unavailable`.
 */
export function secondFactorRefusalOf(error: unknown): SecondFactorRefusal {
  if (!(error instanceof ApiError)) return new SecondFactorRefusal('unavailable');
  if (error.status === 429) return new SecondFactorRefusal('rateLimited', error.retryAfterSeconds);
  switch (error.body?.error) {
    // The contract's own checks refuse the same codes as the server's validation would.
    case ErrorCode.invalidCode:
    case ErrorCode.validation:
    case ErrorCode.passkeyRefused:
      return new SecondFactorRefusal('invalidCode');
    case ErrorCode.secondFactorExpired:
      return new SecondFactorRefusal('expired');
    case ErrorCode.secondFactorConflict:
      return new SecondFactorRefusal('conflict');
    default:
      return new SecondFactorRefusal('unavailable');
  }
}

/** A call whose failures become SecondFactorRefusal. */
export async function refusedAsSecondFactor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw secondFactorRefusalOf(error);
  }
}

/** POST /api/auth/second-factor: the waiting sign-in's second step; the session starts. */
export const answerSecondFactor = fromPromise<SecondFactorSignedIn, SecondFactorAnswer>(({ input }) =>
  refusedAsSecondFactor(() => callApi(answerSecondStep, { body: input, expectUnauthorized: true })),
);

/**
 * "Use a passkey": POST /api/auth/second-factor/passkey-options (the waiting sign-in's account's
 * passkeys), then the browser's dialog; a closed dialog is no refusal.
 */
export const askForSecondFactorPasskey = fromPromise<PasskeyAnswer>(async ({ signal }) => {
  // Opaque to the portal: the server made them for this library.
  const optionsJSON = (await refusedAsSecondFactor(() =>
    callApi(requestSecondStepPasskeyOptions, { expectUnauthorized: true, signal }),
  )) as PublicKeyCredentialRequestOptionsJSON;
  try {
    return await ceremonyOf(() => startAuthentication({ optionsJSON }), {
      signal,
      cancelCeremony: () => WebAuthnAbortService.cancelCeremony(),
    });
  } catch {
    throw new SecondFactorRefusal('unavailable');
  }
});
