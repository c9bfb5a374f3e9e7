import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import {
  addPasskey,
  removePasskey,
  renamePasskey,
  requestPasskeyCreationOptions,
} from '../../../contract/calls/passkeys';
import type { AddPasskeyRequest, Passkey } from '../../../contract/passkeys';
import { PasskeyChangeError, type PasskeyCreation } from '../../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { ApiError, callApi } from '../../lib/api-client';
import { isAlreadyRegistered, isCeremonyCancelled } from './passkey-ceremony';

/**
 * A failed call as the machine's failure: a refusal the server explained keeps its message (a 404
 * says the passkey is gone); anything else (network, a 5xx, busy) is `unavailable`. A 403 asking
 * for a recent sign-in is answered by the API client's own prompt; reaching here, it was not.
 */
function changeErrorOf(error: unknown): PasskeyChangeError {
  if (error instanceof ApiError && error.body)
    return new PasskeyChangeError({ kind: 'refused', message: error.body.message, gone: error.status === 404 });
  return new PasskeyChangeError({ kind: 'unavailable' });
}

async function refusedAsPasskeyChange<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw changeErrorOf(error);
  }
}

/** The calls of "Passkeys", and the browser's dialog that makes one. */
export const passkeysActors = {
  createPasskey: fromPromise<PasskeyCreation>(async () => {
    // Opaque to the portal: the server made them for this library.
    const optionsJSON = (await refusedAsPasskeyChange(() =>
      callApi(requestPasskeyCreationOptions, {}),
    )) as unknown as PublicKeyCredentialCreationOptionsJSON;
    try {
      return { outcome: 'created', response: await startRegistration({ optionsJSON }) };
    } catch (error) {
      if (isCeremonyCancelled(error)) return { outcome: 'cancelled' };
      if (isAlreadyRegistered(error)) throw new PasskeyChangeError({ kind: 'alreadyRegistered' });
      throw new PasskeyChangeError({ kind: 'browserFailed' });
    }
  }),
  savePasskey: fromPromise<Passkey, AddPasskeyRequest>(({ input }) =>
    refusedAsPasskeyChange(() => callApi(addPasskey, { body: input })),
  ),
  renamePasskey: fromPromise<Passkey, { id: string; name: string }>(({ input }) =>
    refusedAsPasskeyChange(() => callApi(renamePasskey, { params: { id: input.id }, body: { name: input.name } })),
  ),
  removePasskey: fromPromise<void, { id: string }>(async ({ input }) => {
    await refusedAsPasskeyChange(() => callApi(removePasskey, { params: { id: input.id } }));
  }),
};
