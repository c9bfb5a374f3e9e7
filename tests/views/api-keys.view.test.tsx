import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, initialTransition, transition } from 'xstate';
import { type ApiKeyEvent, apiKeyMachine } from '../../machines/apiKey/apiKey.machine';
import { apiKeyStateOf } from '../../src/features/api-keys/api-key-item.view';
import { ApiKeysView } from '../../src/features/api-keys/api-keys.view';
import { createdKey, keys, now, wholeKey } from '../machines/apiKey.cases';
import { TestI18n } from '../support/i18n';

beforeAll(() => {
  // jsdom lays nothing out, so the dialog's focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

/** The machine's snapshot after these events, from the sample keys. */
function snapshotAfter(...events: AnyEventObject[]) {
  let [snapshot] = initialTransition(apiKeyMachine, { keys });
  for (const event of events) [snapshot] = transition(apiKeyMachine, snapshot, event as ApiKeyEvent);
  return snapshot;
}

function renderKeys(snapshot = snapshotAfter(), send: (event: ApiKeyEvent) => void = vi.fn()) {
  render(
    <TestI18n>
      <ApiKeysView snapshot={snapshot} send={send} now={now} />
    </TestI18n>,
  );
}

const keyItem = (description: string) =>
  within(screen.getByRole('heading', { name: description }).closest('li') as HTMLElement);

describe('API keys view', () => {
  it('lists each key with its prefix, dates, state and addresses', () => {
    renderKeys();
    expect(screen.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);

    const ci = keyItem('CI deploys');
    expect(ci.getByText('bk_live_3f9a…')).toHaveAttribute('dir', 'ltr');
    expect(ci.getByText('bk_live_3f9a…').tagName).toBe('CODE');
    expect(ci.getByText('Key').closest('dl')).toHaveTextContent(
      'Keybk_live_3f9a…GeneratedJanuary 15, 2026ExpiresJanuary 15, 2027StatusActiveAllowed addresses203.0.113.0/24',
    );
    expect(keyItem('Monitoring').getByText('Any address')).toBeVisible();
    expect(keyItem('Old exporter').getByText('Invalidated')).toBeVisible();
    expect(keyItem('Last year').getByText('Expired')).toBeVisible();
    expect(ci.getByRole('button', { name: 'Edit addresses of CI deploys' })).toBeEnabled();
    expect(ci.getByRole('button', { name: 'Delete CI deploys' })).toBeEnabled();
  });

  it('judges expiry against the given time, and invalidation first', () => {
    const key = { invalidated: false, expirationDate: '2026-11-23T10:00:00.000Z' };
    expect(apiKeyStateOf(key, Date.parse('2026-11-23T09:59:59.000Z'))).toBe('active');
    expect(apiKeyStateOf(key, Date.parse('2026-11-23T10:00:00.000Z'))).toBe('expired');
    expect(apiKeyStateOf({ ...key, invalidated: true }, 0)).toBe('invalidated');
  });

  it('says when there are no keys', () => {
    renderKeys(initialTransition(apiKeyMachine, { keys: [] })[0]);
    expect(screen.getByText('There are no API keys yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeEnabled();
  });

  it('says that an empty list of addresses means any address', () => {
    renderKeys(snapshotAfter({ type: 'user.create' }));
    expect(screen.getByLabelText('Allowed addresses')).toHaveAccessibleDescription(
      'No addresses listed: the key works from any address.',
    );
    expect(screen.getByLabelText('Description')).toHaveFocus();
  });

  it('marks each bad entry by name, tied to the field', () => {
    renderKeys(
      snapshotAfter(
        { type: 'user.create' },
        { type: 'user.changeDescription', value: 'Backups' },
        { type: 'user.changeIps', value: '10.0.0.1, 10.0.0.300, office' },
        { type: 'user.save' },
        {
          type: 'xstate.done.actor.validateIps',
          output: {
            valid: false,
            entries: [
              { value: '10.0.0.1', valid: true },
              { value: '10.0.0.300', valid: false },
              { value: 'office', valid: false },
            ],
          },
        },
      ),
    );
    const field = screen.getByLabelText('Allowed addresses');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'Separate entries with commas: IPv4 or IPv6 addresses, or ranges such as 203.0.113.0/24. ' +
        '“10.0.0.300” is not an IP address or range. “office” is not an IP address or range.',
    );
    expect(screen.queryByText(/“10\.0\.0\.1”/)).toBeNull();
  });

  it('ties a missing description to its field', () => {
    renderKeys(snapshotAfter({ type: 'user.create' }, { type: 'user.save' }));
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Please describe what the key is for.');
  });

  it('shows the new key once, read-only, with a copy button and the warning', async () => {
    const send = vi.fn();
    const snapshot = snapshotAfter(
      { type: 'user.create' },
      { type: 'user.changeDescription', value: 'Backups' },
      { type: 'user.save' },
      { type: 'xstate.done.actor.createKey', output: { apiKey: wholeKey, key: createdKey } },
    );
    renderKeys(snapshot, send);
    const panel = within(screen.getByRole('region', { name: 'Your new API key' }));
    expect(panel.getByLabelText('API key')).toHaveValue(wholeKey);
    expect(panel.getByLabelText('API key')).toHaveAttribute('readonly');
    expect(panel.getByText(/It will not be shown again\./)).toBeVisible();
    expect(keyItem('Backups').getByText('bk_live_9e0f…')).toBeVisible();
    await userEvent.setup().click(panel.getByRole('button', { name: 'Copy key' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.copy' });
    await userEvent.setup().click(panel.getByRole('button', { name: 'Done' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'user.done' });
  });

  it('announces the copy', () => {
    renderKeys(
      snapshotAfter(
        { type: 'user.create' },
        { type: 'user.changeDescription', value: 'Backups' },
        { type: 'user.save' },
        { type: 'xstate.done.actor.createKey', output: { apiKey: wholeKey, key: createdKey } },
        { type: 'user.copy' },
        { type: 'xstate.done.actor.copyKey', output: undefined },
      ),
    );
    const panel = within(screen.getByRole('region', { name: 'Your new API key' }));
    expect(panel.getByRole('status')).toHaveTextContent('The key is copied to the clipboard.');
  });

  it('confirms a delete in a dialog with the accept button focused, and shows the server’s answer there', async () => {
    const send = vi.fn();
    renderKeys(snapshotAfter({ type: 'user.delete', keyId: 'key-2' }), send);
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByRole('heading', { name: 'Delete the API key Monitoring?' })).toBeVisible();
    await vi.waitFor(() => expect(dialog.getByRole('button', { name: 'Delete key' })).toHaveFocus());
    await userEvent.setup().keyboard('{Enter}');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.confirmDelete' });
  });

  it('shows a refused delete’s message in the dialog', () => {
    renderKeys(
      snapshotAfter(
        { type: 'user.delete', keyId: 'key-2' },
        { type: 'user.confirmDelete' },
        { type: 'xstate.error.actor.deleteKey', error: new Error('network down') },
      ),
    );
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent(
      'We could not change the API keys right now. Please try again later.',
    );
  });

  it('edits one key’s addresses in its own item', () => {
    renderKeys(snapshotAfter({ type: 'user.editIps', keyId: 'key-1' }));
    const ci = keyItem('CI deploys');
    expect(ci.getByLabelText('Allowed addresses for CI deploys')).toHaveValue('203.0.113.0/24');
    expect(ci.getByRole('button', { name: 'Save addresses' })).toBeEnabled();
    // One change at a time.
    expect(keyItem('Monitoring').getByRole('button', { name: 'Delete Monitoring' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeDisabled();
  });
});
