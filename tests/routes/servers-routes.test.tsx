import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerList, type TeamServer } from '../../contract/teams';
import { anAccount, aSubscription, someClaims } from '../support/fixtures';
import type { ApiAnswer, ApiCall } from '../support/route-harness';
import { openSignedIn } from '../support/route-harness';

/**
 * The subscription portal of a dedicated server subscription in the real route tree, with the API
 * stubbed: the owner's private servers (GET /api/account/private-individual-servers) show beside
 * the request, and a request that is accepted shows its server there.
 */

const owner = someClaims({ sub: 'owner-id', email: 'owner@example.com' });
const account = anAccount(owner, [
  aSubscription({
    referenceId: 'dedicated-1',
    type: 'dedicated_server',
    productName: 'Bonding Dedicated Server',
    planCode: 'dedicated-server-monthly',
    title: 'Dedicated server, monthly',
  }),
]);
const portalPath = '/subscription?referenceId=dedicated-1';
const privateServersPath = 'GET /api/account/private-individual-servers';

const amsterdam: TeamServer = {
  serverId: 'server-1',
  name: 'Amsterdam dedicated server',
  location: 'Amsterdam, NL',
  address: '198.51.100.20',
  state: 'running',
  teamId: -1,
};
const requested: TeamServer = {
  serverId: 'server-2',
  name: 'Dedicated server',
  location: '',
  address: null,
  state: 'requested',
  teamId: -1,
};

/** Answers as the server does: the list is checked against the contract's schema first. */
const serversAnswer = (servers: TeamServer[]): ApiAnswer => ({ status: 200, body: v.parse(ServerList, { servers }) });

const privateServers = async () => within(await screen.findByRole('table', { name: 'Your private servers' }));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dedicated server subscription’s portal', () => {
  it('lists the owner’s private servers with name, location, address and state', async () => {
    await openSignedIn(portalPath, {
      user: owner,
      account,
      answers: { [privateServersPath]: serversAnswer([amsterdam]) },
    });
    const table = await privateServers();
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameLocationAddressStatus',
      'Amsterdam dedicated serverAmsterdam, NL198.51.100.20Running',
    ]);
    expect(screen.getByRole('region', { name: 'Private servers' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Dedicated server' })).toBeVisible();
  });

  it('shows the server it requested in the list at once, as requested', async () => {
    let accepted = false;
    const { calls } = await openSignedIn(portalPath, {
      user: owner,
      account,
      answers: ({ method, path }: ApiCall) => {
        if (`${method} ${path}` === privateServersPath) return serversAnswer(accepted ? [requested] : []);
        if (method === 'POST' && path === '/api/subscription/dedicated-1/server') {
          accepted = true;
          return { status: 202, body: { success: true } };
        }
        return undefined;
      },
    });
    expect(await screen.findByText('You have no private servers yet.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '02:00' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request server' }));
    expect(await screen.findByText(/^Your server is requested\./)).toBeVisible();
    const table = await privateServers();
    expect(table.getByRole('row', { name: /Dedicated server/ }).textContent).toBe(
      'Dedicated serverNot chosen yetNot assigned yetRequested',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/subscription/dedicated-1/server', body: { timeInterval: '22:00-02:00' } },
    ]);
  });

  it('offers to try again when the list could not be read', async () => {
    let reads = 0;
    await openSignedIn(portalPath, {
      user: owner,
      account,
      answers: ({ method, path }: ApiCall) => {
        if (`${method} ${path}` !== privateServersPath) return undefined;
        reads += 1;
        return reads === 1
          ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong.' } }
          : serversAnswer([amsterdam]);
      },
    });
    const region = within(await screen.findByRole('region', { name: 'Private servers' }));
    expect(await region.findByRole('alert')).toHaveTextContent('We could not load the servers.');
    await userEvent.setup().click(region.getByRole('button', { name: 'Try again' }));
    expect((await privateServers()).getByRole('rowheader', { name: 'Amsterdam dedicated server' })).toBeVisible();
    await waitFor(() => expect(reads).toBe(2));
  });
});
