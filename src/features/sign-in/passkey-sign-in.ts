import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { completePasskeySignIn, requestPasskeySignInOptions } from '../../../contract/calls/passkeys';
import type { PasskeySignInRequest, PasskeySignInResponse } from '../../../contract/passkeys';
import type { PasskeyAnswer } from '../../../machines/signIn/signIn.machine';
import { callApi, explained } from '../../lib/api-client';
import { ceremonyOf } from '../passkeys/passkey-ceremony';

/**
 * The sign-in page's passkey calls and the browser's WebAuthn library: loaded by sign-in.actors.ts
 * once the page asks for them, beside the form rather than before it.
 */

export { browserSupportsWebAuthn };

/** POST /api/auth/passkey/options: a challenge for any of the browser's passkeys of this site (opaque to the portal). */
const signInOptions = async (signal: AbortSignal) =>
  (await callApi(requestPasskeySignInOptions, {
    expectUnauthorized: true,
    signal,
  })) as PublicKeyCredentialRequestOptionsJSON;

const cancelCeremony = () => WebAuthnAbortService.cancelCeremony();

/**
 * The e-mail field's passkey suggestions, where the browser has them (conditional mediation): they
 * wait while the form shows. An offer, not a step: a failure to prepare it leaves the form as it is.
 */
export async function offerPasskeysInAutofill(signal: AbortSignal): Promise<PasskeyAnswer> {
  if (signal.aborted || !(await browserSupportsWebAuthnAutofill())) return { outcome: 'cancelled' };
  try {
    const optionsJSON = await signInOptions(signal);
    return await ceremonyOf(() => startAuthentication({ optionsJSON, useBrowserAutofill: true }), {
      signal,
      cancelCeremony,
    });
  } catch {
    return { outcome: 'cancelled' };
  }
}

/** "Sign in with a passkey": the browser's dialog, which cancels the e-mail field's suggestions. */
export async function askForPasskey(signal: AbortSignal): Promise<PasskeyAnswer> {
  const optionsJSON = await explained(() => signInOptions(signal));
  return ceremonyOf(() => startAuthentication({ optionsJSON }), { signal, cancelCeremony });
}

/** POST /api/auth/passkey: signed in, both steps at once. */
export function signInWithPasskey(input: PasskeySignInRequest): Promise<PasskeySignInResponse> {
  return explained(() => callApi(completePasskeySignIn, { body: input, expectUnauthorized: true }));
}
