import { startAuthentication } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { confirmRecentSignIn, requestRecentSignInPasskeyOptions } from '../../../contract/calls/recent-sign-in';
import type { RecentSignInRequest } from '../../../contract/recent-sign-in';
import type { PasskeyAnswer, PasskeyChallenge } from '../../../machines/recentSignIn/recentSignIn.machine';
import { BrowserRefusal, RefusalError, refusal } from '../../../machines/support/refusal';
import { callApi, explained } from '../../lib/api-client';

/**
 * The browser's passkey dialog as the machine's refusal: closed by the person, or timed out
 * (`NotAllowedError`, `AbortError`), is no failure to shout about; anything else (no WebAuthn, a
 * broken authenticator) is a failure of the browser.
 */
function passkeyRefusalOf(error: unknown): RefusalError {
  const name = error instanceof Error ? error.name : '';
  const cancelled = name === 'NotAllowedError' || name === 'AbortError';
  return new RefusalError(refusal(cancelled ? BrowserRefusal.passkeyCancelled : BrowserRefusal.passkeyFailed, null));
}

/**
 * The calls of "Confirm it's you". They never ask for a recent sign-in themselves: they are the
 * asking (a 403 here would wait for its own dialog).
 */
export const recentSignInActors = {
  fetchPasskeyOptions: fromPromise<PasskeyChallenge>(() =>
    explained(() => callApi(requestRecentSignInPasskeyOptions, { askRecentSignIn: false })),
  ),
  askPasskey: fromPromise<PasskeyAnswer, PasskeyChallenge>(async ({ input }) => {
    try {
      return await startAuthentication({ optionsJSON: input });
    } catch (error) {
      throw passkeyRefusalOf(error);
    }
  }),
  confirmRecentSignIn: fromPromise<void, RecentSignInRequest>(async ({ input }) => {
    // Its answer is read for its shape only: the API client makes the first call again.
    await explained(() => callApi(confirmRecentSignIn, { body: input, askRecentSignIn: false }));
  }),
};
