import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import {
  addPasskey,
  removePasskey,
  renamePasskey,
  requestPasskeyCreationOptions,
} from '../../../contract/calls/passkeys';
import type { AddPasskeyRequest, Passkey } from '../../../contract/passkeys';
import type { PasskeyCreation } from '../../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { BrowserRefusal, RefusalError, refusal } from '../../../machines/support/refusal';
import { callApi, explained } from '../../lib/api-client';
import { isAlreadyRegistered, isCeremonyCancelled } from './passkey-ceremony';

/**
 * The calls of "Passkeys", and the browser's dialog that makes one. A 403 asking for a recent
 * sign-in is answered by the API client's own prompt; reaching the machine, it was not.
 */
export const passkeysActors = {
  createPasskey: fromPromise<PasskeyCreation>(async () => {
    // Opaque to the portal: the server made them for this library.
    const optionsJSON = (await explained(() =>
      callApi(requestPasskeyCreationOptions, {}),
    )) as unknown as PublicKeyCredentialCreationOptionsJSON;
    try {
      return { outcome: 'created', response: await startRegistration({ optionsJSON }) };
    } catch (error) {
      if (isCeremonyCancelled(error)) return { outcome: 'cancelled' };
      const code = isAlreadyRegistered(error) ? BrowserRefusal.passkeyAlreadyRegistered : BrowserRefusal.passkeyFailed;
      throw new RefusalError(refusal(code, null));
    }
  }),
  savePasskey: fromPromise<Passkey, AddPasskeyRequest>(({ input }) =>
    explained(() => callApi(addPasskey, { body: input })),
  ),
  renamePasskey: fromPromise<Passkey, { id: string; name: string }>(({ input }) =>
    explained(() => callApi(renamePasskey, { params: { id: input.id }, body: { name: input.name } })),
  ),
  removePasskey: fromPromise<void, { id: string }>(async ({ input }) => {
    await explained(() => callApi(removePasskey, { params: { id: input.id } }));
  }),
};
