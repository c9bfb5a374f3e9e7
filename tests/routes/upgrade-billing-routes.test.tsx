import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountUser, Subscription } from '../../contract/account';
import { Pricing } from '../../contract/subscriptions';
import { App } from '../../src/app/app';
import { lazyQueryClient } from '../../src/app/lazy-query-client';
import { createAppRouter } from '../../src/app/router';
import { createSessionActor } from '../../src/app/session';
import { setUnauthorizedHandler } from '../../src/lib/api-client';
import { aBillingOverview, anInvoice, anUpgradeOption, aOneTimeOption, aPreview } from '../support/billing-fixtures';
import { anAccount, aSubscription, someClaims } from '../support/fixtures';

/**
 * The upgrade, billing and invoice pages in the real route tree, with the API stubbed: which
 * subscription each opens, and that the upgrade screen sends the spec's calls.
 */

const owner = someClaims({ sub: 'owner-id', email: 'owner@example.com' });

function teamsSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    referenceId: 'teams-1',
    type: 'teams',
    productName: 'Bonding Teams',
    planCode: 'teams-monthly',
    title: 'Teams, monthly',
    quantity: 5,
    team: { teamId: 1, name: 'Northwind', role: 'admin' },
    upgradeDetails: { upgradeOptions: [anUpgradeOption(), aOneTimeOption()] },
    ...overrides,
  });
}

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

function stubApi(account: AccountUser, answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const json = ({ status, body }: Answer) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      const path = `${url.pathname}${url.search}`;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/user') return json({ status: 200, body: { user: owner } });
      if (path === '/api/account/user') return json({ status: 200, body: account });
      return json(answers[`${method} ${path}`] ?? { status: 404, body: { error: 'not_found', message: 'Not found.' } });
    }),
  );
  return calls;
}

async function open(path: string, account: AccountUser, answers: Record<string, Answer> = {}) {
  const calls = stubApi(account, answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queries = lazyQueryClient(async () => queryClient);
  const session = createSessionActor({ queries, redirectToLogin: vi.fn(), notifyRefreshFailed: vi.fn() });
  setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
  session.start();
  session.send({ type: 'session.check' });
  const router = createAppRouter({ queries, session }, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} locale="en" />);
  await waitFor(() => expect(router.state.status).toBe('idle'));
  await waitFor(() => expect(router.state.isLoading).toBe(false));
  const location = () => `${router.state.location.pathname}${router.state.location.searchStr}`;
  return { calls, location };
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the upgrade page', () => {
  it("opens the owner's only subscription, previews, and upgrades with the spec's payload", async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    const { calls } = await open('/upgrade', account, {
      'POST /api/subscription/teams-1/upgrade-preview': { status: 200, body: aPreview() },
      'PUT /api/subscription/teams-1': {
        status: 200,
        body: {
          success: true,
          state: 'active',
          planCode: 'teams-yearly',
          quantity: 5,
          renewalQuantity: null,
          invoiceNumber: 1003,
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Choose Teams, yearly' }));
    await user.click(screen.getByRole('button', { name: 'See the price' }));
    expect(await screen.findByRole('row', { name: 'Total due today $641.22' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm upgrade' }));
    expect(await screen.findByText('Your subscription is now Teams, yearly.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View invoice 1003' })).toHaveAttribute('href', '/billing/invoices/1003');

    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: '/api/subscription/teams-1/upgrade-preview',
        body: { newPlanCode: 'teams-yearly', quantity: 5, blackfriday24Eligible: false },
      },
      {
        method: 'PUT',
        path: '/api/subscription/teams-1',
        body: {
          userid: 'owner-id',
          email: 'owner@example.com',
          referenceId: 'teams-1',
          storeType: 'web',
          newPlanCode: 'teams-yearly',
          quantity: 5,
          prorate: true,
          blackfriday24Eligible: false,
        },
      },
    ]);
  });

  it("shows the server's refusal of a preview", async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    await open('/upgrade?referenceId=teams-1', account, {
      'POST /api/subscription/teams-1/upgrade-preview': {
        status: 422,
        body: { error: 'subscription_refused', message: 'This plan is not an upgrade offered for this subscription.' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Choose Router with lifetime service' }));
    await user.click(screen.getByRole('button', { name: 'See the price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This plan is not an upgrade offered for this subscription.',
    );
  });

  it('after a conflict, starts over with the subscription read again', async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    const { calls } = await open('/upgrade', account, {
      'POST /api/subscription/teams-1/upgrade-preview': { status: 200, body: aPreview() },
      'PUT /api/subscription/teams-1': {
        status: 409,
        body: {
          error: 'subscription_conflict',
          message: 'This subscription was changed at the same time. Please review it and try again.',
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Choose Teams, yearly' }));
    await user.click(screen.getByRole('button', { name: 'See the price' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm upgrade' }));
    const accountReads = calls.filter((call) => call.path === '/api/account/user').length;
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Choose Teams, yearly' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/account/user').length).toBe(accountReads + 1);
  });

  it('sends an owner of several subscriptions, none named, back to the account', async () => {
    const account = anAccount(owner, [teamsSubscription(), teamsSubscription({ referenceId: 'teams-2' })]);
    const { location } = await open('/upgrade', account);
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('shows the upgrade screen from the marketing shortcut when one subscription has the plan', async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    const { location } = await open('/account/upgrade?currentPlan=teams-monthly', account);
    expect(location()).toBe('/account/upgrade?currentPlan=teams-monthly');
    expect(await screen.findByRole('heading', { name: 'Upgrade your subscription' })).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Teams, yearly' })).toBeVisible();
  });

  it('lists every plan’s price from GET /api/pricing on the marketing shortcut when no subscription has the plan', async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    const pricing = v.parse(Pricing, { 'families-monthly': 19.99, 'families-yearly': 199.99, 'router-lifetime': 249 });
    const { calls, location } = await open('/account/upgrade?currentPlan=families-monthly', account, {
      'GET /api/pricing': { status: 200, body: pricing },
    });
    expect(location()).toBe('/account/upgrade?currentPlan=families-monthly');
    expect(await screen.findByText('We could not find that plan among your subscriptions.')).toBeVisible();
    const plans = await screen.findByRole('table', { name: 'Prices of every plan' });
    expect(within(plans).getByRole('row', { name: 'Families billed yearly $199.99' })).toBeVisible();
    expect(within(plans).getByRole('row', { name: 'Router billed once $249.00' })).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/pricing')).toEqual([
      { method: 'GET', path: '/api/pricing', body: undefined },
    ]);
  });
});

describe('the billing pages', () => {
  it("shows the owner's only subscription's billing", async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    await open('/billing', account, {
      'GET /api/billing?referenceId=teams-1': { status: 200, body: aBillingOverview() },
    });
    const invoices = within(await screen.findByRole('region', { name: 'Invoices' }));
    expect(invoices.getByRole('link', { name: 'Invoice 1001' })).toHaveAttribute('href', '/billing/invoices/1001');
  });

  it('lets an owner of several subscriptions choose', async () => {
    const account = anAccount(owner, [
      teamsSubscription(),
      teamsSubscription({ referenceId: 'personal-1', title: 'Personal, yearly', team: null }),
    ]);
    await open('/billing', account);
    expect(await screen.findByRole('link', { name: 'Personal, yearly' })).toHaveAttribute(
      'href',
      '/billing?referenceId=personal-1',
    );
  });

  it('shows an invoice ready to print', async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    await open('/billing/invoices/1003', account, {
      'GET /api/billing/invoices/1003': { status: 200, body: anInvoice() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice 1003' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  it('says an invoice the server does not give is not found', async () => {
    const account = anAccount(owner, [teamsSubscription()]);
    await open('/billing/invoices/77', account);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found.');
  });
});
