import { ErrorCode } from '../../contract/errors';
import { type ApiKey, TeamMessage } from '../../contract/teams';
import {
  type ApiKeyContext,
  allowedIpsOf,
  type apiKeyMachine,
  descriptionErrorOf,
  isIpsDraftAcceptable,
} from '../../machines/apiKey/apiKey.machine';
import { ApiKeysView } from '../../src/features/api-keys/api-keys.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

function aKey(overrides: Partial<ApiKey>): ApiKey {
  return {
    keyId: 'key-1',
    prefix: 'bk_live_3f9a',
    description: 'CI deploys',
    dateGenerated: '2026-01-15T09:00:00.000Z',
    expirationDate: '2027-01-15T09:00:00.000Z',
    invalidated: false,
    allowedIPs: ['203.0.113.0/24'],
    role: 'user',
    userid: '6f1c1f7e-4a7b-4d35-9a43-5c3f2b1f0a11',
    teamId: 7,
    ...overrides,
  };
}

/** The clock the views judge expiry against. */
export const now = Date.parse('2026-11-23T10:00:00.000Z');

export const keys: ApiKey[] = [
  aKey({}),
  aKey({ keyId: 'key-2', prefix: 'bk_live_77c1', description: 'Monitoring', allowedIPs: [] }),
  aKey({ keyId: 'key-3', prefix: 'bk_live_0d2e', description: 'Old exporter', invalidated: true }),
  aKey({
    keyId: 'key-4',
    prefix: 'bk_live_a41b',
    description: 'Last year',
    expirationDate: '2026-06-01T00:00:00.000Z',
  }),
];

export const createdKey = aKey({
  keyId: 'key-5',
  prefix: 'bk_live_9e0f',
  description: 'Backups',
  dateGenerated: '2026-11-23T10:00:00.000Z',
  expirationDate: '2027-11-23T10:00:00.000Z',
  allowedIPs: ['10.0.0.1', '2001:db8::/32'],
});

export const wholeKey = 'bk_live_9e0f5c2a71d84b6e93f0aa1c2d3e4f50';

const someIps = '10.0.0.1, 2001:db8::/32';
const tooManyIps = Array.from({ length: 51 }, (_, index) => `10.0.0.${index}`).join(', ');

/** Sample events for generating the API key machine's paths. */
const apiKeyCases = {
  // A person can only change a field to something other than what it holds.
  'user.changeDescription': ({ context }: { context: ApiKeyContext }) =>
    ['Backups', '']
      .filter((value) => value !== context.description)
      .map((value) => ({ type: 'user.changeDescription' as const, value })),
  'user.changeIps': ({ context }: { context: ApiKeyContext }) =>
    [someIps, '', tooManyIps]
      .filter((value) => value !== context.ipsDraft)
      .map((value) => ({ type: 'user.changeIps' as const, value })),
  'user.editIps': [{ type: 'user.editIps', keyId: 'key-1' }],
  'user.delete': [{ type: 'user.delete', keyId: 'key-2' }],
  // The team read again with two keys gone (deleted elsewhere); the ones the other samples use stay.
  'keys.refreshed': [{ type: 'keys.refreshed', keys: keys.slice(0, 2) }],
  'xstate.done.actor.validateIps': [
    {
      type: 'xstate.done.actor.validateIps',
      output: {
        valid: true,
        entries: [
          { value: '10.0.0.1', valid: true },
          { value: '2001:db8::/32', valid: true },
        ],
      },
      actorId: 'validateIps',
    },
    {
      type: 'xstate.done.actor.validateIps',
      output: {
        valid: false,
        entries: [
          { value: '10.0.0.300', valid: false },
          { value: '2001:db8::/32', valid: true },
          { value: 'office', valid: false },
        ],
      },
      actorId: 'validateIps',
    },
  ],
  'xstate.error.actor.validateIps': [
    { type: 'xstate.error.actor.validateIps', error: new Error('network down'), actorId: 'validateIps' },
  ],
  'xstate.done.actor.createKey': [
    { type: 'xstate.done.actor.createKey', output: { apiKey: wholeKey, key: createdKey }, actorId: 'createKey' },
  ],
  'xstate.error.actor.createKey': [
    {
      type: 'xstate.error.actor.createKey',
      error: refused(ErrorCode.forbidden, TeamMessage.notAdmin),
      actorId: 'createKey',
    },
    { type: 'xstate.error.actor.createKey', error: new Error('network down'), actorId: 'createKey' },
  ],
  'xstate.done.actor.saveIps': [{ type: 'xstate.done.actor.saveIps', output: undefined, actorId: 'saveIps' }],
  'xstate.error.actor.saveIps': [
    {
      type: 'xstate.error.actor.saveIps',
      error: refused(ErrorCode.notFound, TeamMessage.apiKeyNotFound),
      actorId: 'saveIps',
    },
    { type: 'xstate.error.actor.saveIps', error: new Error('network down'), actorId: 'saveIps' },
  ],
  'xstate.done.actor.deleteKey': [{ type: 'xstate.done.actor.deleteKey', output: undefined, actorId: 'deleteKey' }],
  'xstate.error.actor.deleteKey': [
    {
      type: 'xstate.error.actor.deleteKey',
      error: refused(ErrorCode.teamRefused, 'The key is in use by a running export.'),
      actorId: 'deleteKey',
    },
    { type: 'xstate.error.actor.deleteKey', error: new Error('network down'), actorId: 'deleteKey' },
  ],
  'xstate.done.actor.copyKey': [{ type: 'xstate.done.actor.copyKey', output: undefined, actorId: 'copyKey' }],
  'xstate.error.actor.copyKey': [
    { type: 'xstate.error.actor.copyKey', error: new Error('clipboard refused'), actorId: 'copyKey' },
  ],
} as const;

/** What the API key machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const apiKeyModel: FlowModel<typeof apiKeyMachine> = {
  input: { keys },
  cases: apiKeyCases,
  // What decides where a save goes: the state, whether the description passes, whether the list is
  // empty, acceptable or too long, and whether a failure came with the server's message. The keys,
  // the confirmation and the marks shown are left out: they change what is seen, not where a path goes.
  serializeState: (snapshot) => {
    const { description, ipsDraft, failure } = snapshot.context;
    const drafting = [
      { creating: 'editing' },
      { creating: 'failed' },
      { editingIps: 'editing' },
      { editingIps: 'failed' },
    ].some((state) => snapshot.matches(state));
    return JSON.stringify([
      snapshot.value,
      drafting ? descriptionErrorOf(description) === null : null,
      drafting
        ? allowedIpsOf(ipsDraft).length === 0
          ? 'none'
          : isIpsDraftAcceptable(ipsDraft)
            ? 'acceptable'
            : 'tooMany'
        : null,
      snapshot.hasTag('error') ? Boolean(failure?.message) : null,
    ]);
  },
  render: (snapshot, send) => <ApiKeysView snapshot={snapshot} send={send} now={now} />,
};
