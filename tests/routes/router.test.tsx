import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountUser, Subscription } from '../../contract/account';
import type { SessionClaims } from '../../contract/auth';
import { App } from '../../src/app/app';
import { lazyQueryClient } from '../../src/app/lazy-query-client';
import { createAppRouter } from '../../src/app/router';
import { createSessionActor } from '../../src/app/session';
import { setUnauthorizedHandler } from '../../src/lib/api-client';
import { accountUserQuery } from '../../src/lib/queries/account-user';
import { anAccount, aSubscription, someClaims } from '../support/fixtures';

/**
 * The real route tree in a memory history, with the API answered by a stub of fetch (this test is
 * about the routing layer; the server has its own tests). Each case checks where a URL ends up.
 */

const teamOwner = someClaims({ sub: 'owner-id', email: 'owner@example.com' });
const teamUser = someClaims({ sub: 'member-id', email: 'member@example.com' });

function teamsSubscription(role: 'admin' | 'user' | null, overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    referenceId: 'teams-1',
    type: 'teams',
    productName: 'Bonding Teams',
    planCode: 'teams-yearly',
    quantity: 10,
    team: { teamId: 1, name: 'Northwind', role },
    ...overrides,
  });
}

const accountOf = anAccount;

type Backend = {
  user: SessionClaims | null;
  /** While set, GET /api/user fails with this status (the portal is unreachable). */
  userStatus?: number;
  /** When set, GET /api/user answers only once this settles (a slow session check). */
  userAnswer?: Promise<void>;
  account?: AccountUser;
  accountStatus?: number;
  /** Who POST /api/auth/login signs in (that request then succeeds). */
  signsIn?: SessionClaims;
  /** The answer to POST /api/auth/providers/{provider}/complete (a provider's sign-in). */
  providerSignIn?: { status: number; body: unknown };
  /** The account has an authenticator app on: sign-in asks for the second step, which `signsIn` then answers. */
  secondStep?: boolean;
};

function stubApi(backend: Backend) {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : new URL(input.url).pathname;
    if (path === '/api/user') {
      await backend.userAnswer;
      if (backend.userStatus) return json(backend.userStatus, { error: 'unavailable', message: 'Unavailable.' });
      return json(200, { user: backend.user });
    }
    if (path === '/api/auth/login' && backend.signsIn) {
      if (backend.secondStep) return json(200, { outcome: 'secondFactorRequired', methods: ['authenticatorApp'] });
      backend.user = backend.signsIn;
      return json(200, { outcome: 'signedIn', user: backend.signsIn });
    }
    if (path === '/api/auth/second-factor' && backend.signsIn && backend.secondStep) {
      backend.user = backend.signsIn;
      return json(200, { outcome: 'signedIn', user: backend.signsIn, redirect: null, accountCreated: false });
    }
    if (path.startsWith('/api/auth/providers/') && backend.providerSignIn) {
      const { status, body } = backend.providerSignIn;
      if (status === 200) backend.user = (body as { user: SessionClaims }).user;
      return json(status, body);
    }
    if (path === '/api/account/user') {
      if (backend.accountStatus) return json(backend.accountStatus, { error: 'x', message: 'x' });
      return json(200, backend.account);
    }
    return json(404, { error: 'not_found', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

async function open(
  path: string,
  backend: Backend,
  seed?: (queryClient: QueryClient) => void,
  { settles = true }: { settles?: boolean } = {},
) {
  const fetchStub = stubApi(backend);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queries = lazyQueryClient(async () => queryClient);
  if (seed) {
    // Data an earlier page stored: the client exists already.
    seed(queryClient);
    await queries.load();
  }
  const effects = { redirectToLogin: vi.fn(), notifyRefreshFailed: vi.fn() };
  const session = createSessionActor({ queries, ...effects });
  setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
  session.start();
  session.send({ type: 'session.check' });
  const router = createAppRouter({ queries, session }, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} locale="en" />);
  if (settles) {
    await waitFor(() => expect(router.state.status).toBe('idle'));
    await waitFor(() => expect(router.state.isLoading).toBe(false));
  }
  const location = () => `${router.state.location.pathname}${router.state.location.searchStr}`;
  return { router, session, effects, fetchStub, location };
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes for someone signed out', () => {
  it('send a login-required page to sign in, keeping utm_ and the way back', async () => {
    const { location } = await open('/activate?utm_source=news&x=1', { user: null });
    await waitFor(() => expect(location()).toMatch(/^\/login\?/));
    const search = new URLSearchParams(location().split('?')[1]);
    expect(search.get('utm_source')).toBe('news');
    expect(search.get('x')).toBeNull();
    expect(search.get('redirect')).toBe('/activate?utm_source=news&x=1');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('send /users/{email} to sign in with login_hint, prefilling the e-mail', async () => {
    const { location } = await open('/users/owner%40example.com', { user: null });
    await waitFor(() => expect(location()).toContain('login_hint=owner%40example.com'));
    expect(await screen.findByLabelText('E-Mail')).toHaveValue('owner@example.com');
  });

  it('send the subscription shortcut to sign in with the subscription as the way back', async () => {
    const { location } = await open('/users/owner%40example.com/subscriptions/teams-1', { user: null });
    await waitFor(() => expect(location()).toMatch(/^\/login\?/));
    expect(new URLSearchParams(location().split('?')[1]).get('redirect')).toBe('/subscription?referenceId=teams-1');
  });

  it('turn the legacy reset link into the reset page', async () => {
    const { location } = await open('/password-set?token=abc123', { user: null });
    await waitFor(() => expect(location()).toBe('/password/reset/abc123'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  it('show the welcome page without a session, its ways in keeping utm_', async () => {
    const { location } = await open('/welcome?utm_source=app&tab=2', { user: null });
    expect(location()).toBe('/welcome?utm_source=app&tab=2');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?utm_source=app');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/create?utm_source=app');
  });

  it('offer the signed-in visitor of the welcome page their account', async () => {
    await open('/welcome', { user: teamOwner, account: accountOf(teamOwner, []) });
    expect(await screen.findByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

describe('while the session check is out', () => {
  function slowCheck(user: SessionClaims | null): { backend: Backend; answer: () => void } {
    let answer = () => {};
    const userAnswer = new Promise<void>((resolve) => {
      answer = resolve;
    });
    return { backend: { user, userAnswer, account: user ? accountOf(user, []) : undefined }, answer };
  }

  it('show public pages at once', async () => {
    const { backend } = slowCheck(null);
    const login = await open('/login', backend);
    expect(login.session.getSnapshot().matches('checking')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    const forgot = await open('/password/forgot', backend);
    expect(forgot.session.getSnapshot().matches('checking')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeVisible();
  });

  it('hold a login-required page back with "Loading your account…" until it answers', async () => {
    const { backend, answer } = slowCheck(teamOwner);
    const { location } = await open('/routers', backend, undefined, { settles: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account…');
    answer();
    expect(await screen.findByRole('heading', { name: 'Routers' })).toBeVisible();
    expect(location()).toBe('/routers');
  });

  it('send someone it finds signed in from /login on to the redirect', async () => {
    const { backend, answer } = slowCheck(teamOwner);
    const { location } = await open('/login?redirect=%2Frouters', backend);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    answer();
    await waitFor(() => expect(location()).toBe('/routers'));
    expect(await screen.findByRole('heading', { name: 'Routers' })).toBeVisible();
  });
});

describe('the sign-up routes', () => {
  it('start at /create without a session', async () => {
    const { location } = await open('/create', { user: null });
    expect(location()).toBe('/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  });

  it('send a direct visit of /finalize back to /create: a password needs a checked code first', async () => {
    const { location } = await open('/finalize', { user: null });
    await waitFor(() => expect(location()).toBe('/create'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  });

  it('open the code step from the link in the mail', async () => {
    const { location } = await open('/verify-email?email=sam%40example.com', { user: null });
    expect(location()).toBe('/verify-email?email=sam%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
    expect(screen.getByText('sam@example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('let a link out of the flow leave it', async () => {
    const user = userEvent.setup();
    const { location } = await open('/create', { user: null });
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('send /verify-email without an address to /create', async () => {
    const { location } = await open('/verify-email', { user: null });
    await waitFor(() => expect(location()).toBe('/create'));
  });
});

describe('signing in', () => {
  it('takes the person to the redirect once signed in', async () => {
    const user = userEvent.setup();
    const backend: Backend = { user: null, signsIn: teamOwner, account: accountOf(teamOwner, []) };
    const { location, session } = await open('/routers?utm_source=news', backend);
    await waitFor(() => expect(location()).toMatch(/^\/login\?/));
    await user.type(await screen.findByLabelText('E-Mail'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/routers?utm_source=news'));
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Routers' })).toBeVisible();
  });
});

describe('two-step sign-in', () => {
  it('asks for the second step after the password, then takes the person to the redirect', async () => {
    const user = userEvent.setup();
    const backend: Backend = { user: null, signsIn: teamOwner, secondStep: true, account: accountOf(teamOwner, []) };
    const { location, session } = await open('/login?redirect=%2Frouters', backend);
    await user.type(await screen.findByLabelText('E-Mail'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/auth/second-step?redirect=%2Frouters'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
    expect(session.getSnapshot().matches('signedIn')).toBe(false);
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(field).toHaveFocus();
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/routers'));
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Routers' })).toBeVisible();
  });

  it('goes on to the second step from a provider’s sign-in, the redirect waiting on the server', async () => {
    const { location } = await open('/auth/callback/google?code=second-step&state=state-sent', {
      user: null,
      providerSignIn: { status: 200, body: { outcome: 'secondFactorRequired', methods: ['authenticatorApp'] } },
    });
    await waitFor(() => expect(location()).toBe('/auth/second-step'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('sends someone already signed in on to the redirect', async () => {
    const { location } = await open('/auth/second-step?redirect=%2Frouters', {
      user: teamOwner,
      account: accountOf(teamOwner, []),
    });
    await waitFor(() => expect(location()).toBe('/routers'));
  });
});

describe('an unreachable portal', () => {
  it('offers to try again, and then goes on to the page the person asked for', async () => {
    const user = userEvent.setup();
    const backend: Backend = { user: teamOwner, userStatus: 503, account: accountOf(teamOwner, []) };
    // The page waits for the session, so the router does not settle until the portal answers.
    const { location } = await open('/routers', backend, undefined, { settles: false });
    expect(await screen.findByRole('heading', { name: "We can't reach the portal right now." })).toBeVisible();
    expect(location()).toBe('/routers');
    backend.userStatus = undefined;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location()).toBe('/routers'));
    expect(await screen.findByRole('heading', { name: 'Routers' })).toBeVisible();
  });
});

describe('the sign-in callback', () => {
  // Each test has an answer of its own: the page sends an answer once.
  const answer = (code: string) => `?code=${code}&state=state-sent`;
  const signedIn = (redirect: string) => ({
    user: null,
    account: accountOf(teamOwner, []),
    providerSignIn: { status: 200, body: { outcome: 'signedIn', user: teamOwner, accountCreated: false, redirect } },
  });

  it('completes the sign-in and follows the same-origin redirect it was started with', async () => {
    const { location } = await open(`/auth/callback/google${answer('same-origin')}`, signedIn('/routers'));
    await waitFor(() => expect(location()).toBe('/routers'));
  });

  it('goes to the dashboard for a foreign redirect', async () => {
    const { location } = await open(`/auth/callback/google${answer('foreign')}`, signedIn('https://evil.example/'));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('without a provider’s answer, follows the redirect for someone signed in', async () => {
    const { location } = await open('/auth/callback/google?redirect=%2Frouters', {
      user: teamOwner,
      account: accountOf(teamOwner, []),
    });
    await waitFor(() => expect(location()).toBe('/routers'));
  });

  it('without a provider’s answer, asks someone signed out to sign in, keeping the redirect', async () => {
    const { location } = await open('/auth/callback/google?redirect=%2Frouters', { user: null });
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Frouters'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('says why a sign-in was refused, with the way back to sign in', async () => {
    await open(`/auth/callback/google${answer('refused')}`, {
      user: null,
      providerSignIn: {
        status: 400,
        body: {
          error: 'sign_in_refused',
          message: 'This sign-in has expired or was already used. Please start again.',
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired or was already used.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('routes for someone signed in', () => {
  it('title each page with the route title, then the product', async () => {
    await open('/activate', { user: teamOwner, account: accountOf(teamOwner, []) });
    await waitFor(() => expect(document.title).toBe('Device Activation | Bondline'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Device Activation' })).toBeVisible();
    expect(screen.getByLabelText('Activation code')).toBeVisible();
  });

  it('lead / and unknown paths to the dashboard', async () => {
    const owner = { user: teamOwner, account: accountOf(teamOwner, [teamsSubscription('admin')]) };
    const root = await open('/', owner);
    await waitFor(() => expect(root.location()).toBe('/account'));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeVisible();
  });

  it('lead an unknown path to the dashboard', async () => {
    const { location } = await open('/no/such/page', { user: teamOwner, account: accountOf(teamOwner, []) });
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('take the signed-in owner of /users/{email} to the dashboard, and the subscription shortcut to the portal', async () => {
    const backend = { user: teamOwner, account: accountOf(teamOwner, [teamsSubscription('admin')]) };
    const plain = await open('/users/owner%40example.com', backend);
    await waitFor(() => expect(plain.location()).toBe('/account'));
  });

  it('open the subscription portal for its owner', async () => {
    const backend = { user: teamOwner, account: accountOf(teamOwner, [teamsSubscription('admin')]) };
    const { location } = await open('/users/owner%40example.com/subscriptions/teams-1', backend);
    await waitFor(() => expect(location()).toBe('/subscription?referenceId=teams-1'));
  });

  it('send a team user away from owner-only and admin-or-owner pages', async () => {
    const backend = { user: teamUser, account: accountOf(teamUser, [teamsSubscription('user')]) };
    const billing = await open('/billing', backend);
    await waitFor(() => expect(billing.location()).toBe('/account'));
    const portal = await open('/subscription?referenceId=teams-1', backend);
    await waitFor(() => expect(portal.location()).toBe('/account'));
  });

  it('let a team admin open the subscription portal but not billing', async () => {
    const admin = { ...teamUser, sub: 'admin-id', email: 'admin@example.com' };
    const backend = { user: admin, account: accountOf(admin, [teamsSubscription('admin')]) };
    const portal = await open('/subscription?referenceId=teams-1', backend);
    expect(portal.location()).toBe('/subscription?referenceId=teams-1');
    const billing = await open('/billing', backend);
    await waitFor(() => expect(billing.location()).toBe('/account'));
  });

  it('resolve the marketing upgrade route by currentPlan', async () => {
    const two = [teamsSubscription('admin'), teamsSubscription('admin', { referenceId: 'teams-2' })];
    const several = await open('/account/upgrade?currentPlan=teams-yearly', {
      user: teamOwner,
      account: accountOf(teamOwner, two),
    });
    await waitFor(() => expect(several.location()).toBe('/account'));

    const none = await open('/account/upgrade?currentPlan=families-monthly', {
      user: teamOwner,
      account: accountOf(teamOwner, two),
    });
    expect(none.location()).toBe('/account/upgrade?currentPlan=families-monthly');
    expect(await screen.findByText('We could not find that plan among your subscriptions.')).toBeVisible();

    const one = await open('/account/upgrade?currentPlan=teams-yearly', {
      user: teamOwner,
      account: accountOf(teamOwner, [two[0] as Subscription]),
    });
    expect(one.location()).toBe('/account/upgrade?currentPlan=teams-yearly');
    expect(one.router.state.matches.at(-1)?.context).toMatchObject({
      upgradeTarget: { kind: 'subscription', referenceId: 'teams-1' },
    });

    const without = await open('/account/upgrade', { user: teamOwner, account: accountOf(teamOwner, two) });
    await waitFor(() => expect(without.location()).toBe('/account'));
  });

  it('open reports while the flag is on', async () => {
    const { location } = await open('/reports', { user: teamOwner, account: accountOf(teamOwner, []) });
    expect(location()).toBe('/reports');
    expect(await screen.findByRole('heading', { name: 'Usage reports' })).toBeVisible();
  });

  it('leave /login for the redirect target when already signed in', async () => {
    const { location } = await open('/login?redirect=%2Frouters', {
      user: teamOwner,
      account: accountOf(teamOwner, []),
    });
    await waitFor(() => expect(location()).toBe('/routers'));
  });

  it('ask for the account once, as the dashboard loads, while the session check gates it', async () => {
    let answer = () => {};
    const userAnswer = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const backend = { user: teamOwner, userAnswer, account: accountOf(teamOwner, [teamsSubscription('admin')]) };
    const { router, fetchStub } = await open('/account', backend, undefined, { settles: false });
    const accountCalls = () => fetchStub.mock.calls.filter(([input]) => String(input) === '/api/account/user').length;
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account…');
    expect(accountCalls()).toBe(0);
    // The route's loader asks as soon as the guard knows the session: the request is out before the
    // router commits the page, so it does not wait for the page's code.
    let callsWhenCommitted: number | undefined;
    router.subscribe('onLoad', () => {
      callsWhenCommitted ??= accountCalls();
    });
    answer();
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(callsWhenCommitted).toBe(1);
    expect(await screen.findByText('Bonding Teams')).toBeVisible();
    expect(accountCalls()).toBe(1);
  });

  it('refresh the stored user when it is not the session user', async () => {
    const backend = { user: teamOwner, account: accountOf(teamOwner, []) };
    const { fetchStub } = await open('/activate', backend, (queryClient) =>
      queryClient.setQueryData(accountUserQuery.queryKey, accountOf(teamUser, [])),
    );
    await waitFor(() =>
      expect(fetchStub.mock.calls.some(([input]) => String(input) === '/api/account/user')).toBe(true),
    );
  });

  it('refresh the stored user on public pages that do not skip it, and not on those that do', async () => {
    const backend = { user: teamOwner, account: accountOf(teamOwner, []) };
    const stale = (queryClient: QueryClient) =>
      queryClient.setQueryData(accountUserQuery.queryKey, accountOf(teamUser, []));
    const accountCalls = (fetchStub: ReturnType<typeof stubApi>) =>
      fetchStub.mock.calls.filter(([input]) => String(input) === '/api/account/user').length;

    const welcome = await open('/welcome', backend, stale);
    await waitFor(() => expect(accountCalls(welcome.fetchStub)).toBe(1));

    const callback = await open('/auth/callback/google?code=c0de&state=st4te', backend, stale);
    await waitFor(() => expect(accountCalls(callback.fetchStub)).toBe(1));

    const forgot = await open('/password/forgot', backend, stale);
    expect(forgot.location()).toBe('/password/forgot');
    expect(accountCalls(forgot.fetchStub)).toBe(0);
  });

  it('sign out and go to sign-in on a 401 from any call', async () => {
    const { session, effects } = await open('/account', { user: teamOwner, accountStatus: 401 });
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    expect(effects.redirectToLogin).toHaveBeenCalled();
  });

  it('treat a 404 on the account user as signed out too', async () => {
    const { session } = await open('/account', { user: teamOwner, accountStatus: 404 });
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
  });
});
