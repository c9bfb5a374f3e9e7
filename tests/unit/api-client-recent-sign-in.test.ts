import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { RecentSignInMessage, type RecentSignInRequired } from '../../contract/recent-sign-in';
import { ApiError, apiRequest, setRecentSignInHandler } from '../../src/lib/api-client';

const required: RecentSignInRequired = {
  error: 'recent_sign_in_required',
  message: RecentSignInMessage.required,
  methods: ['passkey', 'password'],
};
const KeyCreated = v.object({ id: v.string() });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answers, in turn, per path; every request is kept with its method and body. */
function serverAnswering(answers: Record<string, Array<() => Response | Promise<Response>>>) {
  const requests: { path: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    requests.push({ path, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers[path]?.shift();
    if (!next) throw new Error(`no answer left for ${path}`);
    return next();
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

/** A handler whose dialog stays open until the test answers it. */
function dialog() {
  let settle: (confirmed: boolean) => void = () => {};
  const handler = vi.fn(
    (_: ApiError) =>
      new Promise<boolean>((resolve) => {
        settle = resolve;
      }),
  );
  setRecentSignInHandler(handler);
  return { handler, answer: (confirmed: boolean) => settle(confirmed) };
}

afterEach(() => {
  setRecentSignInHandler(null);
  vi.unstubAllGlobals();
});

describe('apiRequest and a recent sign-in', () => {
  it('asks once, then makes the same call again: the caller sees only the second answer', async () => {
    const requests = serverAnswering({
      '/api/keys': [() => json(403, required), () => json(201, { id: 'key-1' })],
    });
    const { handler, answer } = dialog();
    const call = apiRequest('/api/keys', { method: 'POST', body: { name: 'CI' }, schema: KeyCreated });
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    const [refusal] = handler.mock.calls[0] ?? [];
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, payload: required });
    answer(true);
    await expect(call).resolves.toEqual({ id: 'key-1' });
    expect(requests).toEqual([
      { path: '/api/keys', method: 'POST', body: { name: 'CI' } },
      { path: '/api/keys', method: 'POST', body: { name: 'CI' } },
    ]);
  });

  it('fails with the 403 as answered when the person cancels, and makes no second call', async () => {
    const requests = serverAnswering({ '/api/keys': [() => json(403, required)] });
    const { handler, answer } = dialog();
    const call = apiRequest('/api/keys', { method: 'POST', body: { name: 'CI' }, schema: KeyCreated });
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    answer(false);
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      body: { error: ErrorCode.recentSignInRequired, message: RecentSignInMessage.required },
      payload: required,
    });
    expect(requests).toHaveLength(1);
  });

  it('shares one dialog between calls refused together, and makes each again once it is confirmed', async () => {
    serverAnswering({
      '/api/account/passkeys/options': [() => json(403, required), () => json(200, { id: 'options' })],
      '/api/account/linked-sign-ins': [() => json(403, required), () => json(200, { id: 'unlinked' })],
    });
    const { handler, answer } = dialog();
    const first = apiRequest('/api/account/passkeys/options', { method: 'POST', schema: KeyCreated });
    const second = apiRequest('/api/account/linked-sign-ins', { method: 'DELETE', schema: KeyCreated });
    // Both have their 403 before the person answers.
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).toHaveBeenCalledOnce();
    answer(true);
    await expect(first).resolves.toEqual({ id: 'options' });
    await expect(second).resolves.toEqual({ id: 'unlinked' });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('does not ask again for a call refused before a confirmation that came meanwhile', async () => {
    let answerLate: (response: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => {
      answerLate = resolve;
    });
    serverAnswering({
      '/api/keys': [() => json(403, required), () => json(201, { id: 'key-1' })],
      // Sent before the confirmation, refused after it.
      '/api/account/authenticator-app': [() => late, () => json(200, { id: 'setup' })],
    });
    const { handler, answer } = dialog();
    const first = apiRequest('/api/keys', { method: 'POST', schema: KeyCreated });
    const second = apiRequest('/api/account/authenticator-app', { method: 'POST', schema: KeyCreated });
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    answer(true);
    await expect(first).resolves.toEqual({ id: 'key-1' });
    answerLate(json(403, required));
    await expect(second).resolves.toEqual({ id: 'setup' });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('makes the call again only once: a second 403 after confirming fails as answered', async () => {
    const requests = serverAnswering({
      '/api/keys': [() => json(403, required), () => json(403, required), () => json(201, { id: 'never' })],
    });
    const { handler, answer } = dialog();
    const call = apiRequest('/api/keys', { method: 'POST', schema: KeyCreated });
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    answer(true);
    await expect(call).rejects.toMatchObject({ status: 403, payload: required });
    expect(requests).toHaveLength(2);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('treats a dialog that could not open (its code failed to load) as cancelled', async () => {
    serverAnswering({ '/api/keys': [() => json(403, required)] });
    setRecentSignInHandler(() => Promise.reject(new Error('chunk failed to load')));
    await expect(apiRequest('/api/keys', { method: 'POST', schema: KeyCreated })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('fails as answered where nobody can ask (no handler), for the asking calls themselves, and for other 403s', async () => {
    const requests = serverAnswering({
      '/api/keys': [() => json(403, required)],
      '/api/account/recent-sign-in/passkey-options': [() => json(403, required)],
      '/api/subscription/s-1/team': [() => json(403, { error: ErrorCode.forbidden, message: 'Only the owner.' })],
    });
    await expect(apiRequest('/api/keys', { method: 'POST', schema: KeyCreated })).rejects.toMatchObject({
      status: 403,
    });
    const { handler } = dialog();
    await expect(
      apiRequest('/api/account/recent-sign-in/passkey-options', {
        method: 'POST',
        schema: KeyCreated,
        askRecentSignIn: false,
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(apiRequest('/api/subscription/s-1/team', { schema: KeyCreated })).rejects.toMatchObject({
      status: 403,
      body: { error: ErrorCode.forbidden },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(requests).toHaveLength(3);
  });
});
