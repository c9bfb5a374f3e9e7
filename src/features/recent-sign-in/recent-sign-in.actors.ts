import { startAuthentication } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { confirmRecentSignIn, requestRecentSignInPasskeyOptions } from '../../../contract/calls/recent-sign-in';
import { ErrorCode } from '../../../contract/errors';
import { PasskeyMessage } from '../../../contract/passkeys';
import type { RecentSignInRequest } from '../../../contract/recent-sign-in';
import {
  type PasskeyAnswer,
  type PasskeyChallenge,
  RecentSignInRefusal,
} from '../../../machines/recentSignIn/recentSignIn.machine';
import { ApiError, callApi } from '../../lib/api-client';

/**
 * A failed call of the recent sign-in as the machine's refusal: a wrong password or code (with the
 * server's message), a passkey the server did not take or whose challenge ran out, too many attempts
 * (with Retry-After); anything else is `unavailable`.
 */
export function recentSignInRefusalOf(
  error: unknown,
  method: RecentSignInRequest['method'] | null,
): RecentSignInRefusal {
  if (!(error instanceof ApiError)) return new RecentSignInRefusal('unavailable');
  if (error.status === 429) return new RecentSignInRefusal('rateLimited', null, error.retryAfterSeconds);
  const message = error.body?.message ?? null;
  switch (error.body?.error) {
    case ErrorCode.invalidCredentials:
    case ErrorCode.invalidCode:
    // The contract's own checks refuse what the server's validation would.
    case ErrorCode.validation:
      return method === 'passkey'
        ? new RecentSignInRefusal('passkeyRefused', PasskeyMessage.notRecognised)
        : new RecentSignInRefusal('wrongAnswer', message);
    case ErrorCode.passkeyRefused:
      return new RecentSignInRefusal('passkeyRefused', message);
    // Only a passkey's challenge runs out here (five minutes): it is asked for again.
    case ErrorCode.secondFactorExpired:
      return new RecentSignInRefusal('passkeyRefused', PasskeyMessage.expired);
    default:
      return new RecentSignInRefusal('unavailable');
  }
}

/**
 * The browser's passkey dialog as the machine's refusal: closed by the person, or timed out
 * (`NotAllowedError`, `AbortError`), is no failure to shout about; anything else (no WebAuthn, a
 * broken authenticator) is `passkeyFailed`.
 */
export function passkeyRefusalOf(error: unknown): RecentSignInRefusal {
  const name = error instanceof Error ? error.name : '';
  return new RecentSignInRefusal(
    name === 'NotAllowedError' || name === 'AbortError' ? 'passkeyCancelled' : 'passkeyFailed',
  );
}

/**
 * The calls of "Confirm it's you". They never ask for a recent sign-in themselves: they are the
 * asking (a 403 here would wait for its own dialog).
 */
export const recentSignInActors = {
  fetchPasskeyOptions: fromPromise<PasskeyChallenge>(async () => {
    try {
      return await callApi(requestRecentSignInPasskeyOptions, { askRecentSignIn: false });
    } catch (error) {
      throw recentSignInRefusalOf(error, null);
    }
  }),
  askPasskey: fromPromise<PasskeyAnswer, PasskeyChallenge>(async ({ input }) => {
    try {
      return await startAuthentication({ optionsJSON: input });
    } catch (error) {
      throw passkeyRefusalOf(error);
    }
  }),
  confirmRecentSignIn: fromPromise<void, RecentSignInRequest>(async ({ input }) => {
    try {
      // Its answer is read for its shape only: the API client makes the first call again.
      await callApi(confirmRecentSignIn, { body: input, askRecentSignIn: false });
    } catch (error) {
      throw recentSignInRefusalOf(error, input.method);
    }
  }),
};
