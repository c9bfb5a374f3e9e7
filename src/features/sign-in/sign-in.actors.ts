import { fromPromise } from 'xstate';
import type { LoginResponse } from '../../../contract/auth';
import { signInWithPassword as signInWithPasswordCall } from '../../../contract/calls/auth';
import type { PasskeySignInRequest, PasskeySignInResponse } from '../../../contract/passkeys';
import type { PasskeyAnswer } from '../../../machines/signIn/signIn.machine';
import { callApi, explained } from '../../lib/api-client';

/** POST /api/auth/login: signed in, or the second step is asked for, or the server's refusal. */
export const signInWithPassword = fromPromise<LoginResponse, { email: string; password: string }>(({ input }) =>
  explained(() => callApi(signInWithPasswordCall, { body: input, expectUnauthorized: true })),
);

/**
 * The passkey calls and the browser's WebAuthn library load once the page asks for them (at once,
 * for the e-mail field's suggestions), beside the form rather than with the page's entry. Their
 * refusals are the server's; a failure to load is no refusal.
 */
const passkeyCalls = () => import('./passkey-sign-in');

/** Whether this browser can sign in with a passkey at all: the button is offered only then. */
export async function passkeysSupported(): Promise<boolean> {
  return (await passkeyCalls()).browserSupportsWebAuthn();
}

/** The e-mail field's passkey suggestions (conditional mediation): they wait while the form shows. */
export const passkeyAutofill = fromPromise<PasskeyAnswer>(async ({ signal }) =>
  (await passkeyCalls()).offerPasskeysInAutofill(signal),
);

/** "Sign in with a passkey": POST /api/auth/passkey/options, then the browser's dialog. */
export const askForPasskey = fromPromise<PasskeyAnswer>(async ({ signal }) =>
  (await passkeyCalls()).askForPasskey(signal),
);

/** POST /api/auth/passkey: signed in, both steps at once. */
export const signInWithPasskey = fromPromise<PasskeySignInResponse, PasskeySignInRequest>(async ({ input }) =>
  (await passkeyCalls()).signInWithPasskey(input),
);
