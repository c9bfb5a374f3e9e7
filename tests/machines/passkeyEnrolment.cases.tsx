import { ErrorCode } from '../../contract/errors';
import type { Passkey } from '../../contract/passkeys';
import { PasskeyMessage } from '../../contract/passkeys';
import {
  nameErrorOf,
  type PasskeyEnrolmentContext,
  type PasskeyRegistration,
  type passkeyEnrolmentMachine,
} from '../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { statePathOf } from '../../machines/support/paths';
import { BrowserRefusal, isExplained, type Refusal } from '../../machines/support/refusal';
import { PasskeysView } from '../../src/features/passkeys/passkeys.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** A passkey kept on one laptop, never used to sign in. */
export const laptop: Passkey = {
  id: 'pk-laptop',
  name: 'Passkey on Firefox',
  createdAt: '2026-11-02T09:15:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

/** A passkey a password manager syncs, used lately. */
export const phone: Passkey = {
  id: 'pk-phone',
  name: 'Phone',
  createdAt: '2026-10-12T18:40:00.000Z',
  lastUsedAt: '2026-11-25T07:05:00.000Z',
  backedUp: true,
};

export const suggestedName = 'Passkey on Chrome';

/** What a browser's dialog answers for a new passkey (opaque to the portal's client: the server verifies it). */
export const registration: PasskeyRegistration = {
  id: 'bmV3LWNyZWRlbnRpYWw',
  rawId: 'bmV3LWNyZWRlbnRpYWw',
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZQ',
    transports: ['internal', 'hybrid'],
  },
  clientExtensionResults: {},
};

export const added: Passkey = {
  id: 'pk-new',
  name: suggestedName,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

const gone = refused(ErrorCode.notFound, PasskeyMessage.notFound);

/** Sample events for generating the passkeys' paths. */
const passkeyEnrolmentCases = {
  // One passkey is enough to rename and remove: each item has the same buttons.
  'user.rename': [{ type: 'user.rename', passkey: phone }],
  'user.remove': [{ type: 'user.remove', passkey: phone }],
  // A good name and an empty one, other than the field holds.
  'user.changeName': ({ context }: { context: PasskeyEnrolmentContext }) =>
    ['Work laptop', '']
      .filter((value) => value !== context.name)
      .map((value) => ({ type: 'user.changeName' as const, value })),
  'xstate.done.actor.createPasskey': [
    actorDone('createPasskey', { outcome: 'created', response: registration }),
    actorDone('createPasskey', { outcome: 'cancelled' }),
  ],
  'xstate.error.actor.createPasskey': [
    actorRefused('createPasskey', refused(BrowserRefusal.passkeyAlreadyRegistered, null)),
    actorFailed('createPasskey'),
  ],
  'xstate.done.actor.savePasskey': [actorDone('savePasskey', added)],
  'xstate.error.actor.savePasskey': [
    actorRefused('savePasskey', refused(ErrorCode.passkeyRefused, PasskeyMessage.tooMany)),
  ],
  'xstate.done.actor.renamePasskey': [actorDone('renamePasskey', { ...phone, name: 'Work laptop' })],
  'xstate.error.actor.renamePasskey': [
    actorRefused('renamePasskey', gone),
    actorRefused('renamePasskey', new Error('down')),
  ],
  'xstate.done.actor.removePasskey': [actorDone('removePasskey')],
  'xstate.error.actor.removePasskey': [
    actorRefused('removePasskey', gone),
    actorRefused('removePasskey', new Error('down')),
  ],
} as const;

/** A failure's kind, as the page words it: the server's refusal, the browser's, or none explained. */
export function kindOf(failure: Refusal) {
  if (failure.code === BrowserRefusal.passkeyAlreadyRegistered) return 'alreadyRegistered';
  if (failure.code === BrowserRefusal.passkeyFailed) return 'browserFailed';
  return isExplained(failure) ? 'refused' : 'unavailable';
}

/** What the passkeys' paths are generated from, and their view (the path tests and the flow explorer). */
export const passkeyEnrolmentModel: FlowModel<typeof passkeyEnrolmentMachine> = {
  input: { suggestedName },
  cases: passkeyEnrolmentCases,
  // What the person can tell apart, kept coarse so the paths stay few: the step; where a name is
  // typed, whether it can be sent and whether it was refused; the refusal's kind; on the overview
  // what the last change said.
  serializeState: (snapshot) => {
    const { name, nameError, failure, notice } = snapshot.context;
    const state = statePathOf(snapshot.value);
    const typing = state === 'naming' || state === 'renaming';
    return JSON.stringify([
      state,
      typing ? [nameErrorOf(name) === null, nameError !== null] : null,
      failure ? kindOf(failure) : null,
      state === 'idle' ? (notice?.kind ?? null) : null,
    ]);
  },
  render: (snapshot, send) => (
    <PasskeysView snapshot={snapshot} send={send} read={{ status: 'success', passkeys: [laptop, phone] }} supported />
  ),
};
