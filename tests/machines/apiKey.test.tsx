import { fireEvent, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type CidrValidationResponse, type CreateApiKeyResponse, TeamMessage } from '../../contract/teams';
import {
  allowedIpsOf,
  apiKeyMachine,
  type CreateKeyInput,
  descriptionErrorOf,
  type SaveIpsInput,
} from '../../machines/apiKey/apiKey.machine';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { apiKeyModel, createdKey, keys, wholeKey } from './apiKey.cases';

type Machine = typeof apiKeyMachine;

const keyChangeUnavailable = 'We could not change the API keys right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [TeamMessage.notAdmin]: 'Only the owner and the team’s admins can do this.',
  [TeamMessage.apiKeyNotFound]: 'There is no such API key.',
};

beforeAll(() => {
  // jsdom lays nothing out, so the dialog's focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['drivers'][string]>>[0]['screen'];

const shownOnce = (screen: Pick<Screen, 'getByRole'>) =>
  within(screen.getByRole('region', { name: 'Your new API key' }));
const dialog = (screen: Pick<Screen, 'getByRole'>) => within(screen.getByRole('alertdialog'));

/** The server's message (translated when the portal knows it), or the view's own words when it sent none. */
function expectFailure(scope: Pick<Screen, 'getByRole'>, message: string | null) {
  expect(scope.getByRole('alert')).toHaveTextContent(
    message ? (knownMessages[message] ?? message) : keyChangeUnavailable,
  );
}

/** What the addresses field says: "any address" for an empty list, and every bad entry by name. */
function expectAddressesField(screen: Screen, label: string, snapshot: { context: Record<string, unknown> }) {
  const { ipsDraft, invalidIps, ipsError } = snapshot.context as {
    ipsDraft: string;
    invalidIps: string[];
    ipsError: string | null;
  };
  const field = screen.getByLabelText(label);
  expect(field).toHaveValue(ipsDraft);
  if (allowedIpsOf(ipsDraft).length === 0)
    expect(field).toHaveAccessibleDescription('No addresses listed: the key works from any address.');
  for (const entry of invalidIps)
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`“${entry}” is not an IP address or range.`));
  if (ipsError) expect(field).toHaveAccessibleDescription(expect.stringContaining('Please list at most 50'));
  if (invalidIps.length > 0 || ipsError) expect(field).toHaveAttribute('aria-invalid', 'true');
  else expect(field).not.toHaveAttribute('aria-invalid');
}

const editLabel = 'Allowed addresses for CI deploys';

function inDialog(snapshot: { matches: (state: 'deleting') => boolean }) {
  return snapshot.matches('deleting');
}

const changeIps: Driver<Machine> = async ({ screen, event, snapshot }) => {
  const label = snapshot.context.keyId && !snapshot.matches('creating') ? editLabel : 'Allowed addresses';
  fireEvent.change(screen.getByLabelText(label), { target: { value: 'value' in event ? event.value : '' } });
};

describeModel('apiKey', {
  machine: apiKeyMachine,
  ...apiKeyModel,
  states: {
    listed: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Create API key' })).toBeEnabled();
        expect(screen.queryByRole('alertdialog')).toBeNull();
        expect(screen.getAllByRole('listitem')).toHaveLength(snapshot.context.keys.length);
        const confirmations: Record<string, string> = {
          ipsSaved: 'The key’s addresses are saved.',
          deleted: 'The key is deleted.',
        };
        expect(screen.getByRole('status')).toHaveTextContent(confirmations[snapshot.context.confirmation] ?? '');
      },
    },
    'creating.editing': {
      view: (screen, snapshot) => {
        expect(screen.getByRole('form', { name: 'New API key' })).toBeVisible();
        expect(screen.getByLabelText('Description')).toHaveValue(snapshot.context.description);
        if (snapshot.context.descriptionError)
          expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
            'Please describe what the key is for.',
          );
        expectAddressesField(screen, 'Allowed addresses', snapshot);
        expect(screen.getByRole('button', { name: 'Create key' })).toBeEnabled();
      },
    },
    'creating.validatingIps': {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Checking addresses…' })).toBeDisabled();
        expect(screen.getByLabelText('Description')).toBeDisabled();
      },
    },
    'creating.saving': {
      machine: (snapshot) => expect(descriptionErrorOf(snapshot.context.description)).toBeNull(),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Creating key…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    'creating.failed': {
      machine: (snapshot) => expect(snapshot.hasTag('error')).toBe(true),
      view: (screen, snapshot) => {
        expectFailure(screen, snapshot.context.failure?.message ?? null);
        expect(screen.getByLabelText('Description')).toHaveValue(snapshot.context.description);
        expect(screen.getByRole('button', { name: 'Create key' })).toBeEnabled();
      },
    },
    shownOnce: {
      machine: (snapshot) => expect(snapshot.context.createdKey).toBe(wholeKey),
      view: (screen) => {
        const field = screen.getByLabelText('API key');
        expect(field).toHaveValue(wholeKey);
        expect(field).toHaveAttribute('readonly');
        expect(screen.getByText(/It will not be shown again\./)).toBeVisible();
        expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
      },
    },
    'shownOnce.ready': {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Copy key' })).toBeEnabled();
        expect(shownOnce(screen).getByRole('status')).toHaveTextContent('');
      },
    },
    'shownOnce.copying': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Copy key' })).toBeDisabled(),
    },
    'shownOnce.copied': {
      view: (screen) =>
        expect(shownOnce(screen).getByRole('status')).toHaveTextContent('The key is copied to the clipboard.'),
    },
    'shownOnce.copyFailed': {
      view: (screen) =>
        expect(shownOnce(screen).getByRole('status')).toHaveTextContent(
          'We could not copy the key. Select it and copy it yourself.',
        ),
    },
    'editingIps.editing': {
      machine: (snapshot) => expect(snapshot.context.keyId).toBe('key-1'),
      view: (screen, snapshot) => {
        expectAddressesField(screen, editLabel, snapshot);
        expect(screen.getByRole('button', { name: 'Save addresses' })).toBeEnabled();
      },
    },
    'editingIps.validatingIps': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Checking addresses…' })).toBeDisabled(),
    },
    'editingIps.saving': {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Saving addresses…' })).toBeDisabled();
        expect(screen.getByLabelText(editLabel)).toBeDisabled();
      },
    },
    'editingIps.failed': {
      view: (screen, snapshot) => {
        expectFailure(screen, snapshot.context.failure?.message ?? null);
        expect(screen.getByLabelText(editLabel)).toHaveValue(snapshot.context.ipsDraft);
      },
    },
    'deleting.confirming': {
      machine: (snapshot) => expect(snapshot.context.keyId).toBe('key-2'),
      view: (screen) => {
        expect(dialog(screen).getByRole('heading', { name: 'Delete the API key Monitoring?' })).toBeVisible();
        expect(dialog(screen).getByRole('button', { name: 'Delete key' })).toBeEnabled();
        expect(dialog(screen).getByRole('button', { name: 'Keep key' })).toBeEnabled();
      },
    },
    'deleting.sending': {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const accept = dialog(screen).getByRole('button', { name: 'Deleting key…' });
        expect(accept).toBeDisabled();
        expect(accept).toHaveAttribute('aria-busy', 'true');
      },
    },
    'deleting.failed': {
      view: (screen, snapshot) => {
        expectFailure(dialog(screen), snapshot.context.failure?.message ?? null);
        expect(dialog(screen).getByRole('button', { name: 'Delete key' })).toBeEnabled();
      },
    },
  },
  drivers: {
    'user.create': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Create API key' })),
    'user.changeDescription': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Description'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.changeIps': changeIps,
    'user.save': async ({ user, screen, snapshot }) =>
      user.click(
        screen.getByRole('button', {
          name: snapshot.matches('creating') ? 'Create key' : 'Save addresses',
        }),
      ),
    'user.dismiss': async ({ user, screen, snapshot }) =>
      inDialog(snapshot)
        ? user.click(dialog(screen).getByRole('button', { name: 'Keep key' }))
        : user.click(screen.getByRole('button', { name: 'Cancel' })),
    'user.copy': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Copy key' })),
    'user.done': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Done' })),
    'user.editIps': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Edit addresses of CI deploys' })),
    'user.delete': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Delete Monitoring' })),
    'user.confirmDelete': async ({ user, screen }) =>
      user.click(dialog(screen).getByRole('button', { name: 'Delete key' })),
  },
});

function started() {
  return initialTransition(apiKeyMachine, { keys })[0];
}

describe('apiKey machine', () => {
  it('splits the addresses on commas, trims each, and drops empty entries', () => {
    expect(allowedIpsOf(' 10.0.0.1 ,, 2001:db8::/32 , ')).toEqual(['10.0.0.1', '2001:db8::/32']);
    expect(allowedIpsOf('  ')).toEqual([]);
  });

  it('checks the new key’s addresses with the server, then creates it with the trimmed description', async () => {
    const calls: string[] = [];
    const created: CreateKeyInput[] = [];
    const keysChanged = vi.fn();
    const actor = createActor(
      apiKeyMachine.provide({
        actors: {
          validateIps: fromPromise<CidrValidationResponse, { allowedIPs: string[] }>(async ({ input }) => {
            calls.push(`validate ${input.allowedIPs.join(' ')}`);
            return { valid: true, entries: input.allowedIPs.map((value) => ({ value, valid: true })) };
          }),
          createKey: fromPromise<CreateApiKeyResponse, CreateKeyInput>(async ({ input }) => {
            created.push(input);
            return { apiKey: wholeKey, key: createdKey };
          }),
        },
        actions: { keysChanged },
      }),
      { input: { keys } },
    ).start();
    actor.send({ type: 'user.create' });
    actor.send({ type: 'user.changeDescription', value: '  Backups ' });
    actor.send({ type: 'user.changeIps', value: '10.0.0.1, ,2001:db8::/32' });
    actor.send({ type: 'user.save' });
    await waitFor(actor, (state) => state.matches('shownOnce'));
    expect(calls).toEqual(['validate 10.0.0.1 2001:db8::/32']);
    expect(created).toEqual([{ description: 'Backups', allowedIPs: ['10.0.0.1', '2001:db8::/32'] }]);
    expect(keysChanged).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.done' });
    expect(actor.getSnapshot().value).toBe('listed');
    expect(actor.getSnapshot().context.createdKey).toBeNull();
  });

  it('marks each bad entry and saves nothing', async () => {
    const createKey = vi.fn();
    const actor = createActor(
      apiKeyMachine.provide({
        actors: {
          validateIps: fromPromise<CidrValidationResponse, { allowedIPs: string[] }>(async ({ input }) => ({
            valid: false,
            entries: input.allowedIPs.map((value) => ({ value, valid: value !== '10.0.0.300' })),
          })),
          createKey: fromPromise<CreateApiKeyResponse, CreateKeyInput>(createKey),
        },
      }),
      { input: { keys } },
    ).start();
    actor.send({ type: 'user.create' });
    actor.send({ type: 'user.changeDescription', value: 'Backups' });
    actor.send({ type: 'user.changeIps', value: '10.0.0.1, 10.0.0.300' });
    actor.send({ type: 'user.save' });
    await waitFor(actor, (state) => state.matches({ creating: 'editing' }) && state.context.invalidIps.length > 0);
    expect(actor.getSnapshot().context.invalidIps).toEqual(['10.0.0.300']);
    expect(createKey).not.toHaveBeenCalled();
    actor.send({ type: 'user.changeIps', value: '10.0.0.1, 10.0.0.30' });
    expect(actor.getSnapshot().context.invalidIps).toEqual([]);
  });

  it('asks for a description, and refuses more than 50 entries, before any call', () => {
    let [snapshot] = transition(apiKeyMachine, started(), { type: 'user.create' });
    [snapshot] = transition(apiKeyMachine, snapshot, {
      type: 'user.changeIps',
      value: Array.from({ length: 51 }, (_, index) => `10.0.0.${index}`).join(','),
    });
    [snapshot] = transition(apiKeyMachine, snapshot, { type: 'user.save' });
    expect(snapshot.value).toEqual({ creating: 'editing' });
    expect(snapshot.context.descriptionError).toBe(TeamMessage.descriptionRequired);
    expect(snapshot.context.ipsError).toBe(TeamMessage.tooManyAllowedIps);
  });

  it('saves an empty list without asking the server: any address', async () => {
    const saved: SaveIpsInput[] = [];
    const validateIps = vi.fn();
    const actor = createActor(
      apiKeyMachine.provide({
        actors: {
          validateIps: fromPromise<CidrValidationResponse, { allowedIPs: string[] }>(validateIps),
          saveIps: fromPromise<void, SaveIpsInput>(async ({ input }) => {
            saved.push(input);
          }),
        },
      }),
      { input: { keys } },
    ).start();
    actor.send({ type: 'user.editIps', keyId: 'key-1' });
    expect(actor.getSnapshot().context.ipsDraft).toBe('203.0.113.0/24');
    actor.send({ type: 'user.changeIps', value: ' , ' });
    actor.send({ type: 'user.save' });
    await waitFor(actor, (state) => state.matches('listed'));
    expect(validateIps).not.toHaveBeenCalled();
    expect(saved).toEqual([{ keyId: 'key-1', allowedIPs: [] }]);
    expect(actor.getSnapshot().context.keys[0]?.allowedIPs).toEqual([]);
    expect(actor.getSnapshot().context.confirmation).toBe('ipsSaved');
  });

  it('deletes after the confirm, and keeps the dialog with the server’s answer when refused', async () => {
    let refuse = true;
    const keysChanged = vi.fn();
    const actor = createActor(
      apiKeyMachine.provide({
        actors: {
          deleteKey: fromPromise<void, { keyId: string }>(async () => {
            if (refuse) throw refused(ErrorCode.teamRefused, 'Try later.');
          }),
        },
        actions: { keysChanged },
      }),
      { input: { keys } },
    ).start();
    actor.send({ type: 'user.delete', keyId: 'key-2' });
    actor.send({ type: 'user.confirmDelete' });
    await waitFor(actor, (state) => state.matches({ deleting: 'failed' }));
    expect(actor.getSnapshot().context.failure?.message).toBe('Try later.');
    expect(keysChanged).not.toHaveBeenCalled();
    refuse = false;
    actor.send({ type: 'user.confirmDelete' });
    await waitFor(actor, (state) => state.matches('listed'));
    expect(actor.getSnapshot().context.keys.map((key) => key.keyId)).toEqual(['key-1', 'key-3', 'key-4']);
    expect(keysChanged).toHaveBeenCalledTimes(1);
  });

  it('ignores a key that is not in the list', () => {
    const [snapshot] = transition(apiKeyMachine, started(), { type: 'user.delete', keyId: 'gone' });
    expect(snapshot.value).toBe('listed');
  });
});
