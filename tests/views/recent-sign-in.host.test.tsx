import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecentSignInMessage, type RecentSignInRequired } from '../../contract/recent-sign-in';
import { RecentSignInHost } from '../../src/features/recent-sign-in/recent-sign-in.host';
import { ApiError, apiRequest } from '../../src/lib/api-client';
import { password } from '../machines/recentSignIn.cases';
import { TestI18n } from '../support/i18n';

// Tests render the source strings (TestI18n): the dialog's catalog has nothing to add.
vi.mock('../../src/lib/security-catalog', () => ({ loadSecurityCatalog: async () => {} }));

const KeyCreated = v.object({ id: v.string() });
const requiredOf = (methods: RecentSignInRequired['methods']): RecentSignInRequired => ({
  error: 'recent_sign_in_required',
  message: RecentSignInMessage.required,
  methods,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answers, in turn, per path; every request is kept with its method and body. */
function serverAnswering(answers: Record<string, Array<() => Response>>) {
  const requests: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      requests.push({
        path,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const next = answers[path]?.shift();
      if (!next) throw new Error(`no answer left for ${path}`);
      return next();
    }),
  );
  return requests;
}

function renderHost(onSignInAgain = vi.fn()) {
  const view = render(
    <TestI18n>
      <button type="button">Create an API key</button>
      <RecentSignInHost email="sam@example.com" onSignInAgain={onSignInAgain} />
    </TestI18n>,
  );
  return { ...view, onSignInAgain };
}

beforeAll(() => {
  // jsdom lays nothing out, so the focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('RecentSignInHost', () => {
  it('asks in place when a call needs a recent sign-in, and the call succeeds as if nothing happened', async () => {
    const user = userEvent.setup();
    const requests = serverAnswering({
      '/api/keys': [() => json(403, requiredOf(['password'])), () => json(201, { id: 'key-1' })],
      '/api/account/recent-sign-in': [
        () => json(400, { error: 'invalid_credentials', message: RecentSignInMessage.passwordIncorrect }),
        () => json(200, { recentUntil: '2026-11-28T10:10:00.000Z' }),
      ],
    });
    renderHost();
    const trigger = screen.getByRole('button', { name: 'Create an API key' });
    trigger.focus();
    const call = apiRequest('/api/keys', { method: 'POST', body: { name: 'CI' }, schema: KeyCreated });

    await screen.findByRole('dialog', { name: "Confirm it's you" });
    const field = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That password is not right.')).toBeVisible();
    await vi.waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);

    await expect(call).resolves.toEqual({ id: 'key-1' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(trigger).toHaveFocus());
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/keys',
      'POST /api/account/recent-sign-in',
      'POST /api/account/recent-sign-in',
      'POST /api/keys',
    ]);
    expect(requests[2]?.body).toEqual({ method: 'password', password });
  });

  it('fails the call with its 403 when the person presses Escape', async () => {
    const user = userEvent.setup();
    const requests = serverAnswering({ '/api/keys': [() => json(403, requiredOf(['authenticatorApp']))] });
    renderHost();
    const call = apiRequest('/api/keys', { method: 'POST', schema: KeyCreated }).catch((error: unknown) => error);
    const field = await screen.findByLabelText('Code from your authenticator app');
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('{Escape}');
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, payload: requiredOf(['authenticatorApp']) });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toHaveLength(1);
  });

  it('signs out to sign in again where there is no way of proving it here', async () => {
    const user = userEvent.setup();
    serverAnswering({ '/api/keys': [() => json(403, requiredOf([]))] });
    const { onSignInAgain } = renderHost();
    const call = apiRequest('/api/keys', { method: 'POST', schema: KeyCreated }).catch((error: unknown) => error);
    expect(await screen.findByText('Sign in again to make this change.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledOnce();
    expect(await call).toMatchObject({ status: 403 });
  });

  it('asks nothing for a 403 whose body is not the contract’s (no methods): the call fails as answered', async () => {
    serverAnswering({
      '/api/keys': [() => json(403, { error: 'recent_sign_in_required', message: RecentSignInMessage.required })],
    });
    renderHost();
    await expect(apiRequest('/api/keys', { method: 'POST', schema: KeyCreated })).rejects.toMatchObject({
      status: 403,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels an open dialog when the signed-in pages go, and asks no more', async () => {
    const requests = serverAnswering({
      '/api/keys': [() => json(403, requiredOf(['password'])), () => json(403, requiredOf(['password']))],
    });
    const { unmount } = renderHost();
    const call = apiRequest('/api/keys', { method: 'POST', schema: KeyCreated }).catch((error: unknown) => error);
    await screen.findByRole('dialog');
    unmount();
    expect(await call).toMatchObject({ status: 403 });
    await expect(apiRequest('/api/keys', { method: 'POST', schema: KeyCreated })).rejects.toMatchObject({
      status: 403,
    });
    expect(requests).toHaveLength(2);
  });
});
