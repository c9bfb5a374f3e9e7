import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AccountUser } from '../../contract/account';
import type { SessionClaims } from '../../contract/auth';
import { App } from '../../src/app/app';
import { lazyQueryClient } from '../../src/app/lazy-query-client';
import { createAppRouter } from '../../src/app/router';
import { createSessionActor } from '../../src/app/session';
import { setUnauthorizedHandler } from '../../src/lib/api-client';

/**
 * The real route tree in a memory history for a signed-in person, with the API answered by a stub
 * of fetch: `answers` by `METHOD /path?query`, or a function of the call for answers that change as
 * the test goes on; anything unanswered is a 404. Every call is recorded.
 */

export type ApiCall = { method: string; path: string; body: unknown };
export type ApiAnswer = { status: number; body: unknown };
type ApiAnswers = Record<string, ApiAnswer> | ((call: ApiCall) => ApiAnswer | undefined);

function stubApi(user: SessionClaims, account: AccountUser, answers: ApiAnswers) {
  const calls: ApiCall[] = [];
  const json = ({ status, body }: ApiAnswer) =>
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
      const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (path === '/api/user') return json({ status: 200, body: { user } });
      if (path === '/api/account/user') return json({ status: 200, body: account });
      const answer = typeof answers === 'function' ? answers(call) : answers[`${method} ${path}`];
      return json(answer ?? { status: 404, body: { error: 'not_found', message: 'Not found.' } });
    }),
  );
  return calls;
}

/** Opens `path` signed in as `user`; resolves once the router has settled. */
export async function openSignedIn(
  path: string,
  { user, account, answers = {} }: { user: SessionClaims; account: AccountUser; answers?: ApiAnswers },
) {
  const calls = stubApi(user, account, answers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queries = lazyQueryClient(async () => queryClient);
  const session = createSessionActor({ queries, redirectToLogin: vi.fn(), notifyRefreshFailed: vi.fn() });
  setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
  session.start();
  session.send({ type: 'session.check' });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queries, session }, { history });
  render(<App router={router} locale="en" />);
  await waitFor(() => expect(router.state.status).toBe('idle'));
  await waitFor(() => expect(router.state.isLoading).toBe(false));
  const location = () => `${router.state.location.pathname}${router.state.location.searchStr}`;
  return { calls, location, history, router, session };
}
