import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type AddPasskeyRequest, type Passkey, PasskeyName } from '../../contract/passkeys';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

/** A new passkey's answer, as the browser's ceremony gives it. */
export type PasskeyRegistration = AddPasskeyRequest['response'];

/**
 * What the browser's ceremony came to: a passkey, or none because the person closed the dialog
 * (a cancel is no failure: the machine goes back quietly).
 */
export type PasskeyCreation = { outcome: 'created'; response: PasskeyRegistration } | { outcome: 'cancelled' };

/** What the last change did, said once it is done, with the passkey's name. */
type PasskeyNotice = { kind: 'added' | 'renamed' | 'removed'; name: string };

export type PasskeyEnrolmentContext = {
  /** The name the browser suggests for a new passkey ("Passkey on Firefox"). */
  suggestedName: string;
  /** The name typed: of a new passkey, or the new name of the one being renamed. */
  name: string;
  /** What is wrong with the typed name: a PasskeyMessage key, translated by the view. */
  nameError: string | null;
  /** The passkey being renamed or removed. */
  target: Passkey | null;
  /** The new passkey the browser made, while the portal keeps it. */
  registration: PasskeyRegistration | null;
  /**
   * Why the last change did not happen: the server's refusal (too many passkeys, took too long,
   * removed already…), the browser's (this device holds one already, or it could not make one), or
   * a failure nobody explained; null while none failed.
   */
  failure: Refusal | null;
  notice: PasskeyNotice | null;
};

export type PasskeyEnrolmentEvent =
  | { type: 'user.add' }
  | { type: 'user.rename'; passkey: Passkey }
  | { type: 'user.remove'; passkey: Passkey }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

export type PasskeyEnrolmentInput = { suggestedName: string };

/** The contract's check of a name: null, or the message key of what is wrong with it. */
export function nameErrorOf(name: string): string | null {
  const result = v.safeParse(PasskeyName, name);
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/** The browser's new passkey: `saving` is entered only with one. */
function registrationOf(context: PasskeyEnrolmentContext): PasskeyRegistration {
  if (!context.registration) throw new Error('The browser made no passkey');
  return context.registration;
}

/** The passkey a rename or removal is about: those states are entered only with one chosen. */
function targetOf(context: PasskeyEnrolmentContext): Passkey {
  if (!context.target) throw new Error('No passkey was chosen');
  return context.target;
}

/**
 * "Passkeys" on the account page (issue 22): the person adds a passkey (a name first, then the
 * browser's own dialog makes it, then the portal keeps it), renames one in place, or removes one
 * after a confirm in place. The list itself is server data the app reads; every change (and a
 * refusal that says the list changed meanwhile) ends in `passkeysChanged`.
 */
export const passkeyEnrolmentMachine = setup({
  types: {
    context: {} as PasskeyEnrolmentContext,
    events: {} as PasskeyEnrolmentEvent,
    input: {} as PasskeyEnrolmentInput,
  },
  actors: {
    /** POST /api/account/passkeys/options, then the browser's ceremony (its refusals are BrowserRefusal). */
    createPasskey: providedByApp<PasskeyCreation>('createPasskey'),
    /** POST /api/account/passkeys */
    savePasskey: providedByApp<Passkey, AddPasskeyRequest>('savePasskey'),
    /** PATCH /api/account/passkeys/{id} */
    renamePasskey: providedByApp<Passkey, { id: string; name: string }>('renamePasskey'),
    /** DELETE /api/account/passkeys/{id} */
    removePasskey: providedByApp<void, { id: string }>('removePasskey'),
  },
  actions: {
    changeName: assign(({ event }) => {
      assertEvent(event, 'user.changeName');
      return { name: event.value, nameError: null };
    }),
    showNameError: assign({ nameError: ({ context }) => nameErrorOf(context.name) }),
    showFailure: assign({ failure: ({ event }) => refusalOfEvent(event) }),
    startChange: assign({ failure: null, notice: null, nameError: null }),
    forgetTarget: assign({ target: null, registration: null, name: '', nameError: null }),
    /** The app reads the account's passkeys again. */
    passkeysChanged: () => {},
  },
  guards: {
    isNameValid: ({ context }) => nameErrorOf(context.name) === null,
    isCancelled: ({ event }) => 'output' in event && (event.output as PasskeyCreation).outcome === 'cancelled',
    /** The server says the passkey is gone (removed elsewhere): the list is read again. */
    isGone: ({ event }) => refusalOfEvent(event).code === ErrorCode.notFound,
  },
}).createMachine({
  id: 'passkeyEnrolment',
  context: ({ input }) => ({
    suggestedName: input.suggestedName,
    name: '',
    nameError: null,
    target: null,
    registration: null,
    failure: null,
    notice: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.add': {
          target: 'naming',
          actions: ['startChange', assign({ name: ({ context }) => context.suggestedName, target: null })],
        },
        'user.rename': {
          target: 'renaming',
          actions: ['startChange', assign(({ event }) => ({ target: event.passkey, name: event.passkey.name }))],
        },
        'user.remove': {
          target: 'confirmingRemoval',
          actions: ['startChange', assign(({ event }) => ({ target: event.passkey }))],
        },
      },
    },
    /** A name for the new passkey, prefilled with the browser's; then the browser's dialog. */
    naming: {
      on: {
        'user.changeName': { actions: 'changeName' },
        'user.submit': [{ guard: 'isNameValid', target: 'creating' }, { actions: 'showNameError' }],
        'user.cancel': { target: 'idle', actions: ['forgetTarget', assign({ failure: null })] },
      },
    },
    /** The browser's dialog makes the passkey (on this device, a phone or a security key). */
    creating: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        onDone: [
          // Closing the browser's dialog is no failure: the name is asked again, quietly.
          { guard: 'isCancelled', target: 'naming' },
          {
            target: 'saving',
            actions: assign({
              registration: ({ event }) => (event.output as Extract<PasskeyCreation, { outcome: 'created' }>).response,
            }),
          },
        ],
        onError: { target: 'naming', actions: 'showFailure' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'savePasskey',
        src: 'savePasskey',
        input: ({ context }) => ({ name: context.name.trim(), response: registrationOf(context) }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ notice: { kind: 'added' as const, name: event.output.name } })),
            'forgetTarget',
            'passkeysChanged',
          ],
        },
        onError: { target: 'naming', actions: ['showFailure', assign({ registration: null })] },
      },
    },
    /** A new name, typed in place of the passkey's. */
    renaming: {
      on: {
        'user.changeName': { actions: 'changeName' },
        'user.submit': [{ guard: 'isNameValid', target: 'savingName' }, { actions: 'showNameError' }],
        'user.cancel': { target: 'idle', actions: ['forgetTarget', assign({ failure: null })] },
      },
    },
    savingName: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'renamePasskey',
        src: 'renamePasskey',
        input: ({ context }) => ({ id: targetOf(context).id, name: context.name.trim() }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ notice: { kind: 'renamed' as const, name: event.output.name } })),
            'forgetTarget',
            'passkeysChanged',
          ],
        },
        onError: [
          { guard: 'isGone', target: 'idle', actions: ['showFailure', 'forgetTarget', 'passkeysChanged'] },
          { target: 'renaming', actions: 'showFailure' },
        ],
      },
    },
    /** "Remove this passkey?", in place of the passkey's buttons. */
    confirmingRemoval: {
      on: {
        'user.confirm': 'removing',
        'user.cancel': { target: 'idle', actions: ['forgetTarget', assign({ failure: null })] },
      },
    },
    removing: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: targetOf(context).id }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ notice: { kind: 'removed' as const, name: targetOf(context).name } })),
            'forgetTarget',
            'passkeysChanged',
          ],
        },
        onError: [
          { guard: 'isGone', target: 'idle', actions: ['showFailure', 'forgetTarget', 'passkeysChanged'] },
          { target: 'confirmingRemoval', actions: 'showFailure' },
        ],
      },
    },
  },
});
