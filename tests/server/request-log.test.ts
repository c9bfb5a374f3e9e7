// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

/** The request log's entries written while `work` ran. */
async function requestsLoggedBy(work: () => Promise<unknown>) {
  const from = portal.logLines.length;
  await work();
  const lines = portal.logLines.slice(from);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { text: lines.join(''), requests: entries.filter((entry) => entry.msg === 'request') };
}

// 43 characters of base64url, as a reset or choose-your-password token is.
const token = 'Zq3xV9mK2pL7wR4tY8uB1nC6dF0gH5jS-_aEiOoUyTr';

describe('the request log', () => {
  it('names the route of a reset link, never its token nor the query string', async () => {
    const { text, requests } = await requestsLoggedBy(() =>
      portal.request(`/api/password/reset/${token}?email=reader%40example.com`),
    );
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/password/reset/:token', status: 200 }),
    ]);
    expect(text).not.toContain(token);
    expect(text).not.toContain('reader');
  });

  it('names the route of "forgot password", never the address, nor when a mail is queued', async () => {
    await portal.createUser('forgetful@example.com', 'a long enough password');
    const { text, requests } = await requestsLoggedBy(async () => {
      await portal.request('/api/password/forgot', { json: { email: 'forgetful@example.com' } });
      expect(await portal.newestMailTo('forgetful@example.com')).not.toBeNull();
    });
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', route: '/api/password/forgot', status: 202 })]);
    expect(text).toContain('mail queued');
    expect(text).not.toContain('forgetful');
  });

  it('names no path of an unmatched request, nor of a refused one', async () => {
    const { text, requests } = await requestsLoggedBy(async () => {
      expect((await portal.request(`/api/no-such-call/${token}`)).status).toBe(404);
      expect((await portal.request(`/elsewhere/${token}`)).status).toBe(404);
      // Refused by the same-origin check, before the route's handler.
      const refused = await portal.request(`/api/password/reset/${token}`, {
        method: 'POST',
        origin: 'https://evil.example',
      });
      expect(refused.status).toBe(403);
    });
    expect(requests.map((entry) => entry.route)).toEqual(['/api/*', '/*', '/api/*']);
    expect(text).not.toContain(token);
  });

  it('keeps the values of a failed query and the unhandled path out of an error entry', async () => {
    await portal.createUser('twice@example.com', 'a long enough password');
    const failure = await portal.createUser('twice@example.com', 'a long enough password').catch((error) => error);
    const from = portal.logLines.length;
    portal.services.logger.error({ err: failure, path: `/api/password/reset/${token}` }, 'unhandled error');
    const text = portal.logLines.slice(from).join('');
    expect(text).toContain('Failed query');
    expect(text).toContain(users.email.name);
    expect(text).not.toContain('twice@example.com');
    expect(text).not.toContain(token);
  });
});
