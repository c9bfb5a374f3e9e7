import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import {
  type ApiKey,
  type CidrValidationResponse,
  CreateApiKeyRequest,
  type CreateApiKeyResponse,
  maxAllowedIps,
  TeamMessage,
} from '../../contract/teams';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOf } from '../support/refusal';

export type ApiKeyInput = {
  /** The team's keys, as the team read last listed them. */
  keys: ApiKey[];
};

/** The last change that went through, confirmed in the list until the next one starts. */
type ApiKeyConfirmation = 'ipsSaved' | 'deleted';

export type ApiKeyContext = ApiKeyInput & {
  description: string;
  /** A contract TeamMessage text; views translate it. */
  descriptionError: string | null;
  /** The allowed addresses as typed: a comma-separated list. */
  ipsDraft: string;
  /** A contract TeamMessage text about the list as a whole (too many entries). */
  ipsError: string | null;
  /** The entries that are not IP addresses or ranges, each marked by name. */
  invalidIps: string[];
  /** Why the last change did not happen; null while none failed. */
  failure: Refusal | null;
  /** The key whose addresses are edited or which is being deleted. */
  keyId: string | null;
  /** The whole new key: shown once, forgotten when the person is done. */
  createdKey: string | null;
  confirmation: ApiKeyConfirmation | null;
};

export type ApiKeyEvent =
  | { type: 'user.create' }
  | { type: 'user.changeDescription'; value: string }
  | { type: 'user.changeIps'; value: string }
  | { type: 'user.save' }
  | { type: 'user.dismiss' }
  | { type: 'user.copy' }
  | { type: 'user.done' }
  | { type: 'user.editIps'; keyId: string }
  | { type: 'user.delete'; keyId: string }
  | { type: 'user.confirmDelete' }
  /** The team was read again (after a change, or by anyone): the list may have moved on. */
  | { type: 'keys.refreshed'; keys: ApiKey[] };

export type CreateKeyInput = { description: string; allowedIPs: string[] };
export type SaveIpsInput = { keyId: string; allowedIPs: string[] };

/** The contract's longest entry: anything longer is no address or range, and need not be asked about. */
const maxEntryLength = 100;

/** "10.0.0.1, , 2001:db8::/32 " → ["10.0.0.1", "2001:db8::/32"]: split on commas, trimmed, empty entries dropped. */
export function allowedIpsOf(draft: string): string[] {
  return draft
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The contract's check of the description, as its message text, or null. */
export function descriptionErrorOf(description: string): string | null {
  const result = v.safeParse(CreateApiKeyRequest.entries.description, description);
  return result.success ? null : result.issues[0].message;
}

/** What can be told without asking the server: too many entries, or entries too long to be addresses. */
function localIpsCheck(draft: string): { ipsError: string | null; invalidIps: string[] } {
  const entries = allowedIpsOf(draft);
  return {
    ipsError: entries.length > maxAllowedIps ? TeamMessage.tooManyAllowedIps : null,
    invalidIps: entries.filter((entry) => entry.length > maxEntryLength),
  };
}

export function isIpsDraftAcceptable(draft: string): boolean {
  const { ipsError, invalidIps } = localIpsCheck(draft);
  return ipsError === null && invalidIps.length === 0;
}

/** The new key's form, as typed or beside the server's refusal (targets within `creating`). */
const editingNewKey = {
  'user.changeDescription': { target: 'editing', actions: 'changeDescription' },
  'user.changeIps': { target: 'editing', actions: 'changeIps' },
  'user.save': [
    { guard: 'isNewKeyRefusedLocally', target: 'editing', actions: ['showDescriptionError', 'showIpsErrors'] },
    { guard: 'hasNoIps', target: 'saving' },
    { target: 'validatingIps' },
  ],
  'user.dismiss': '#apiKey.listed',
} as const;

/** A key's addresses, as typed or beside the server's refusal (targets within `editingIps`). */
const editingAddresses = {
  'user.changeIps': { target: 'editing', actions: 'changeIps' },
  'user.save': [
    { guard: 'isIpsDraftRefusedLocally', target: 'editing', actions: 'showIpsErrors' },
    { guard: 'hasNoIps', target: 'saving' },
    { target: 'validatingIps' },
  ],
  'user.dismiss': '#apiKey.listed',
} as const;

/** The delete dialog's answers (targets within `deleting`). */
const answeringDelete = { 'user.confirmDelete': 'sending', 'user.dismiss': '#apiKey.listed' } as const;

const rememberFailure = {
  type: 'rememberFailure',
  params: ({ event }: { event: { error: unknown } }) => event.error,
} as const;

const copying = { 'user.copy': '#apiKey.shownOnce.copying' } as const;

/**
 * The team's API keys: create one (a description and the addresses it may be used from, checked
 * by the server before saving) and see it once; change a key's addresses; delete a key after a
 * confirm. Each change ends with `keysChanged`, so the screen reads the team again.
 */
export const apiKeyMachine = setup({
  types: {
    context: {} as ApiKeyContext,
    events: {} as ApiKeyEvent,
    input: {} as ApiKeyInput,
  },
  actors: {
    validateIps: providedByApp<CidrValidationResponse, { allowedIPs: string[] }>('validateIps'),
    createKey: providedByApp<CreateApiKeyResponse, CreateKeyInput>('createKey'),
    saveIps: providedByApp<void, SaveIpsInput>('saveIps'),
    deleteKey: providedByApp<void, { keyId: string }>('deleteKey'),
    copyKey: providedByApp<void, { apiKey: string }>('copyKey'),
  },
  actions: {
    startCreating: assign({
      description: '',
      descriptionError: null,
      ipsDraft: '',
      ipsError: null,
      invalidIps: [],
      failure: null,
      confirmation: null,
    }),
    startEditing: assign(({ context, event }) => {
      assertEvent(event, 'user.editIps');
      const key = context.keys.find((candidate) => candidate.keyId === event.keyId);
      return {
        keyId: event.keyId,
        ipsDraft: (key?.allowedIPs ?? []).join(', '),
        ipsError: null,
        invalidIps: [],
        failure: null,
        confirmation: null,
      };
    }),
    startDeleting: assign(({ event }) => {
      assertEvent(event, 'user.delete');
      return { keyId: event.keyId, failure: null, confirmation: null };
    }),
    changeDescription: assign(({ event }) => {
      assertEvent(event, 'user.changeDescription');
      return { description: event.value, descriptionError: null, failure: null };
    }),
    changeIps: assign(({ event }) => {
      assertEvent(event, 'user.changeIps');
      return { ipsDraft: event.value, ipsError: null, invalidIps: [], failure: null };
    }),
    showDescriptionError: assign({ descriptionError: ({ context }) => descriptionErrorOf(context.description) }),
    showIpsErrors: assign(({ context }) => localIpsCheck(context.ipsDraft)),
    markInvalidIps: assign({
      invalidIps: (_, validation: CidrValidationResponse) =>
        validation.entries.filter((entry) => !entry.valid).map((entry) => entry.value),
    }),
    rememberFailure: assign({ failure: (_, error: unknown) => refusalOf(error) }),
    refreshKeys: assign(({ event }) => {
      assertEvent(event, 'keys.refreshed');
      return { keys: event.keys };
    }),
    /** Invalidates the team query, so the list and the audit log show the change. */
    keysChanged: () => {},
  },
  guards: {
    hasNoIps: ({ context }) => allowedIpsOf(context.ipsDraft).length === 0,
    isNewKeyRefusedLocally: ({ context }) =>
      descriptionErrorOf(context.description) !== null || !isIpsDraftAcceptable(context.ipsDraft),
    isIpsDraftRefusedLocally: ({ context }) => !isIpsDraftAcceptable(context.ipsDraft),
    areAllIpsValid: (_, validation: CidrValidationResponse) => validation.valid,
    isListedKey: ({ context, event }) =>
      'keyId' in event && context.keys.some((candidate) => candidate.keyId === event.keyId),
  },
}).createMachine({
  id: 'apiKey',
  context: ({ input }) => ({
    keys: input.keys,
    description: '',
    descriptionError: null,
    ipsDraft: '',
    ipsError: null,
    invalidIps: [],
    failure: null,
    keyId: null,
    createdKey: null,
    confirmation: null,
  }),
  on: {
    'keys.refreshed': { actions: 'refreshKeys' },
  },
  initial: 'listed',
  states: {
    listed: {
      on: {
        'user.create': { target: 'creating', actions: 'startCreating' },
        'user.editIps': { guard: 'isListedKey', target: 'editingIps', actions: 'startEditing' },
        'user.delete': { guard: 'isListedKey', target: 'deleting', actions: 'startDeleting' },
      },
    },
    /** A new key: its form, the server's check of the addresses, and its creation. */
    creating: {
      initial: 'editing',
      states: {
        /** A description and the addresses, none meaning any address. */
        editing: { on: editingNewKey },
        validatingIps: {
          tags: ['busy'],
          invoke: {
            id: 'validateIps',
            src: 'validateIps',
            input: ({ context }) => ({ allowedIPs: allowedIpsOf(context.ipsDraft) }),
            onDone: [
              { guard: { type: 'areAllIpsValid', params: ({ event }) => event.output }, target: 'saving' },
              { target: 'editing', actions: { type: 'markInvalidIps', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: rememberFailure },
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'createKey',
            src: 'createKey',
            input: ({ context }) => ({
              description: context.description.trim(),
              allowedIPs: allowedIpsOf(context.ipsDraft),
            }),
            onDone: {
              target: '#apiKey.shownOnce',
              actions: [
                assign(({ context, event }) => ({
                  createdKey: event.output.apiKey,
                  keys: [...context.keys, event.output.key],
                })),
                'keysChanged',
              ],
            },
            onError: { target: 'failed', actions: rememberFailure },
          },
        },
        /** The form stays as typed beside the server's answer. */
        failed: { tags: ['error'], on: editingNewKey },
      },
    },
    /** The whole key, this once; the person copies it and is done. */
    shownOnce: {
      initial: 'ready',
      on: { 'user.done': { target: 'listed', actions: assign({ createdKey: null }) } },
      states: {
        ready: { on: copying },
        copying: {
          invoke: {
            id: 'copyKey',
            src: 'copyKey',
            input: ({ context }) => ({ apiKey: context.createdKey ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: { on: copying },
        /** No clipboard here (an insecure page, a refused permission): the key stays there to copy by hand. */
        copyFailed: { on: copying },
      },
    },
    /** One key's addresses, as a comma-separated list: edited, checked by the server, saved. */
    editingIps: {
      initial: 'editing',
      states: {
        editing: { on: editingAddresses },
        validatingIps: {
          tags: ['busy'],
          invoke: {
            id: 'validateIps',
            src: 'validateIps',
            input: ({ context }) => ({ allowedIPs: allowedIpsOf(context.ipsDraft) }),
            onDone: [
              { guard: { type: 'areAllIpsValid', params: ({ event }) => event.output }, target: 'saving' },
              { target: 'editing', actions: { type: 'markInvalidIps', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: rememberFailure },
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'saveIps',
            src: 'saveIps',
            input: ({ context }) => ({ keyId: context.keyId ?? '', allowedIPs: allowedIpsOf(context.ipsDraft) }),
            onDone: {
              target: '#apiKey.listed',
              actions: [
                assign(({ context }) => ({
                  keys: context.keys.map((key) =>
                    key.keyId === context.keyId ? { ...key, allowedIPs: allowedIpsOf(context.ipsDraft) } : key,
                  ),
                  confirmation: 'ipsSaved' as const,
                })),
                'keysChanged',
              ],
            },
            onError: { target: 'failed', actions: rememberFailure },
          },
        },
        failed: { tags: ['error'], on: editingAddresses },
      },
    },
    /** A key deleted for good: the confirm dialog, open until it is done or dismissed. */
    deleting: {
      initial: 'confirming',
      states: {
        confirming: { on: answeringDelete },
        sending: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'deleteKey',
            src: 'deleteKey',
            input: ({ context }) => ({ keyId: context.keyId ?? '' }),
            onDone: {
              target: '#apiKey.listed',
              actions: [
                assign(({ context }) => ({
                  keys: context.keys.filter((key) => key.keyId !== context.keyId),
                  confirmation: 'deleted' as const,
                })),
                'keysChanged',
              ],
            },
            onError: { target: 'failed', actions: rememberFailure },
          },
        },
        /** The dialog stays open with the server's answer. */
        failed: { tags: ['error'], on: answeringDelete },
      },
    },
  },
});
