import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionClaims } from '../../contract/auth';
import { App } from '../../src/app/app';
import { lazyQueryClient } from '../../src/app/lazy-query-client';
import { createAppRouter } from '../../src/app/router';
import { createSessionActor } from '../../src/app/session';
import { setUnauthorizedHandler } from '../../src/lib/api-client';
import { toasters } from '../../src/lib/toasters';
import { anAccount, someClaims } from '../support/fixtures';

/**
 * The password pages in the real route tree, with the API answered by a stub of fetch: the pages
 * call the right endpoints and go where they should (the server has its own tests).
 */

type Answer = { status: number; body: unknown };
type Routes = Record<string, Answer | ((body: unknown) => Answer)>;

const token = 'T'.repeat(43);
const neutral =
  'If this address is on record, a link to reset your password is on its way and should arrive within minutes.';

function stubApi(user: SessionClaims | null, routes: Routes) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : new URL(input.url).pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const json = ({ status, body }: Answer) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/api/user') return json({ status: 200, body: { user: user ?? null } });
    const route = routes[`${method} ${path}`];
    if (route) return json(typeof route === 'function' ? route(body) : route);
    return json({ status: 404, body: { error: 'not_found', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

async function open(path: string, user: SessionClaims | null, routes: Routes = {}) {
  const calls = stubApi(user, routes);
  const queries = lazyQueryClient(async () => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const session = createSessionActor({ queries, redirectToLogin: vi.fn(), notifyRefreshFailed: vi.fn() });
  setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
  session.start();
  session.send({ type: 'session.check' });
  const router = createAppRouter({ queries, session }, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} locale="en" />);
  await waitFor(() => expect(router.state.status).toBe('idle'));
  const location = () => `${router.state.location.pathname}${router.state.location.searchStr}`;
  return { calls, location };
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    for (const toaster of Object.values(toasters)) toaster.remove();
  });
});

describe('/password/forgot', () => {
  it('pre-fills the e-mail from the link and answers neutrally', async () => {
    const user = userEvent.setup();
    const { calls } = await open('/password/forgot?email=sam%40example.com', null, {
      'POST /api/password/forgot': { status: 202, body: { success: true, message: neutral } },
    });
    expect(document.title).toBe('Forgot password | Bondline');
    expect(await screen.findByLabelText('E-Mail')).toHaveValue('sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(neutral);
    expect(calls).toContainEqual({ method: 'POST', path: '/api/password/forgot', body: { email: 'sam@example.com' } });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('is reached from sign-in with the address typed there', async () => {
    const user = userEvent.setup();
    const { location } = await open('/login', null, {});
    await user.type(await screen.findByLabelText('E-Mail'), 'kim@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(location()).toBe('/password/forgot?email=kim%40example.com'));
    expect(await screen.findByLabelText('E-Mail')).toHaveValue('kim@example.com');
  });

  it('asks to try later or contact support when the request is refused', async () => {
    const user = userEvent.setup();
    await open('/password/forgot', null, {
      'POST /api/password/forgot': { status: 429, body: { error: 'rate_limited', message: 'Too many requests.' } },
    });
    await user.type(await screen.findByLabelText('E-Mail'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'We could not send the reset link right now. Please try again later or contact support.',
    );
    expect(alert).toHaveTextContent('support@bondline.example');
  });
});

describe('/password/reset/{token}', () => {
  it('says a dead link is dead, and offers a new one', async () => {
    await open(`/password/reset/${token}`, null, {
      [`GET /api/password/reset/${token}`]: { status: 200, body: { valid: false, linkedProviders: [] } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password reset link is invalid. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/password/forgot');
  });

  it('sets the new password, says "Password Changed" and goes to sign in', async () => {
    const user = userEvent.setup();
    const { calls, location } = await open(`/password/reset/${token}`, null, {
      [`GET /api/password/reset/${token}`]: { status: 200, body: { valid: true, linkedProviders: [] } },
      'POST /api/password/reset': { status: 200, body: { success: true } },
    });
    await user.type(await screen.findByLabelText('New password'), 'a fresh password');
    await user.type(screen.getByLabelText('Repeat new password'), 'a fresh password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('Password Changed')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/password/reset',
      body: { token, password: 'a fresh password' },
    });
  });
});

describe('the dashboard', () => {
  it('has a "Change password" card that changes the password and clears itself', async () => {
    const user = userEvent.setup();
    const owner = someClaims();
    const { calls } = await open('/account', owner, {
      'GET /api/account/user': { status: 200, body: anAccount(owner, []) },
      'GET /api/account/linkedDevices': { status: 200, body: { devices: [], deviceLimit: 5 } },
      'GET /api/account/sessions': { status: 200, body: { sessions: [] } },
      'GET /api/account/linked-sign-ins': { status: 200, body: { passwordSet: true, linkedSignIns: [] } },
      'GET /api/account/passkeys': { status: 200, body: { passkeys: [] } },
      'GET /api/account/second-factor': {
        status: 200,
        body: {
          authenticatorApp: { enabled: false, enabledAt: null },
          recoveryCodes: { remaining: 0, createdAt: null },
          requiredByTeam: null,
        },
      },
      'PUT /api/password': (body) =>
        (body as { currentPassword: string }).currentPassword === 'the old password'
          ? { status: 200, body: { success: true } }
          : {
              status: 403,
              body: {
                error: 'current_password_incorrect',
                message: 'Current password is incorrect. Not changing password.',
              },
            },
    });
    await screen.findByRole('region', { name: 'Change password' });
    await user.type(screen.getByLabelText('Current password'), 'a wrong password');
    await user.type(screen.getByLabelText('New password'), 'a fresh password');
    await user.type(screen.getByLabelText('Repeat new password'), 'a fresh password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect. Not changing password.');
    expect(screen.getByLabelText('Current password')).toHaveValue('');

    await user.type(screen.getByLabelText('Current password'), 'the old password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password Changed')).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(calls.filter((call) => call.path === '/api/password')).toHaveLength(2);
  });
});
