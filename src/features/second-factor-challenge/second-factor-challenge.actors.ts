import {
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { answerSecondStep, requestSecondStepPasskeyOptions } from '../../../contract/calls/second-factor';
import type { SecondFactorAnswer, SecondFactorSignedIn } from '../../../contract/second-factor';
import type { PasskeyAnswer } from '../../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { callApi, explained } from '../../lib/api-client';
import { ceremonyOf } from '../passkeys/passkey-ceremony';

/** POST /api/auth/second-factor: the waiting sign-in's second step; the session starts. */
export const answerSecondFactor = fromPromise<SecondFactorSignedIn, SecondFactorAnswer>(({ input }) =>
  explained(() => callApi(answerSecondStep, { body: input, expectUnauthorized: true })),
);

/**
 * "Use a passkey": POST /api/auth/second-factor/passkey-options (the waiting sign-in's account's
 * passkeys), then the browser's dialog; a closed dialog is no refusal.
 */
export const askForSecondFactorPasskey = fromPromise<PasskeyAnswer>(async ({ signal }) => {
  // Opaque to the portal: the server made them for this library.
  const optionsJSON = (await explained(() =>
    callApi(requestSecondStepPasskeyOptions, { expectUnauthorized: true, signal }),
  )) as PublicKeyCredentialRequestOptionsJSON;
  return ceremonyOf(() => startAuthentication({ optionsJSON }), {
    signal,
    cancelCeremony: () => WebAuthnAbortService.cancelCeremony(),
  });
});
