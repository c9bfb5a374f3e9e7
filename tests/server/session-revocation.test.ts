// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../server/db/schema';
import { clientAddresses, startTestPortal, type TestPortal, tokenFrom } from './support';

/**
 * Verified sessions are cached per process (server/services/session-cache.ts). These tests hold the
 * cache to its promise: a revoked session is refused at once by the process that revoked it, and
 * within a second by every other process on the same database.
 */

const password = 'a long enough password';
const nextAddress = clientAddresses();

async function signedIn(portal: TestPortal, email: string) {
  const cookie = await portal.signIn(email, password, { address: nextAddress() });
  expect((await portal.request('/api/account/user', { cookie })).status).toBe(200);
  return cookie;
}

const answers = (portal: TestPortal, cookie: string) =>
  portal.request('/api/account/user', { cookie }).then((response) => response.status);

describe('one process', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal.close());

  it('remembers a verified session instead of checking it again', async () => {
    await portal.createUser('cached@example.com', password);
    const before = portal.services.sessions.cachedCount;
    const cookie = await signedIn(portal, 'cached@example.com');
    expect(portal.services.sessions.cachedCount).toBe(before + 1);
    expect(await answers(portal, cookie)).toBe(200);
    expect(portal.services.sessions.cachedCount).toBe(before + 1);
  });

  it('refuses a session at once after sign-out', async () => {
    await portal.createUser('signout@example.com', password);
    const cookie = await signedIn(portal, 'signout@example.com');
    expect((await portal.request('/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    expect(await answers(portal, cookie)).toBe(401);
  });

  it('refuses the other sessions at once after a password change', async () => {
    await portal.createUser('change@example.com', password);
    const kept = await signedIn(portal, 'change@example.com');
    const other = await signedIn(portal, 'change@example.com');
    const response = await portal.request('/api/password', {
      method: 'PUT',
      cookie: kept,
      json: { currentPassword: password, newPassword: 'another long enough password' },
    });
    expect(response.status).toBe(200);
    expect(await answers(portal, other)).toBe(401);
    expect(await answers(portal, kept)).toBe(200);
  });

  it('refuses a session revoked in the database by any other path, once the notification arrives', async () => {
    await portal.createUser('direct@example.com', password);
    const cookie = await signedIn(portal, 'direct@example.com');
    const session = await portal.services.sessions.verify(tokenFrom(cookie));
    if (!session) throw new Error('the session should be live');
    await portal.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sessionId));
    await vi.waitFor(async () => expect(await answers(portal, cookie)).toBe(401), { timeout: 1000, interval: 20 });
  });

  it('refuses a session whose row was deleted', async () => {
    const user = await portal.createUser('deleted@example.com', password);
    const cookie = await signedIn(portal, 'deleted@example.com');
    await portal.db.delete(sessions).where(eq(sessions.userId, user.id));
    await vi.waitFor(async () => expect(await answers(portal, cookie)).toBe(401), { timeout: 1000, interval: 20 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  let first: TestPortal;
  let second: TestPortal;
  beforeAll(async () => {
    first = await startTestPortal();
    second = await startTestPortal({}, { joinSchema: first.schema });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('shares sessions: one process signs in, the other accepts the session', async () => {
    await first.createUser('shared@example.com', password);
    const cookie = await signedIn(first, 'shared@example.com');
    expect(await answers(second, cookie)).toBe(200);
  });

  it('refuses on the other process within a second a session signed out on one', async () => {
    await first.createUser('elsewhere@example.com', password);
    const cookie = await signedIn(first, 'elsewhere@example.com');
    expect(await answers(second, cookie)).toBe(200);
    expect(await answers(second, cookie)).toBe(200);

    expect((await first.request('/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    const revokedAt = performance.now();
    await vi.waitFor(async () => expect(await answers(second, cookie)).toBe(401), { timeout: 1000, interval: 10 });
    expect(performance.now() - revokedAt).toBeLessThan(1000);
  });

  it('refuses on the other process the sessions a password change ended', async () => {
    await first.createUser('changed.elsewhere@example.com', password);
    const kept = await signedIn(first, 'changed.elsewhere@example.com');
    const other = await signedIn(first, 'changed.elsewhere@example.com');
    expect(await answers(second, other)).toBe(200);
    const response = await first.request('/api/password', {
      method: 'PUT',
      cookie: kept,
      json: { currentPassword: password, newPassword: 'another long enough password' },
    });
    expect(response.status).toBe(200);
    await vi.waitFor(async () => expect(await answers(second, other)).toBe(401), { timeout: 1000, interval: 10 });
    expect(await answers(second, kept)).toBe(200);
  });

  it('empties the cache when its listener connection drops, and listens again', async () => {
    const user = await first.createUser('dropped@example.com', password);
    const cookie = await signedIn(first, 'dropped@example.com');
    expect(await answers(second, cookie)).toBe(200);
    expect(second.services.sessions.cachedCount).toBeGreaterThan(0);

    // Both instances' listeners are cut (only this test process's: other test files share the
    // database); a revocation made meanwhile is never announced to them.
    await first.database.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      `portal-listen-session_revoked-${process.pid}`,
    ]);
    await vi.waitFor(() => expect(second.services.sessions.cachedCount).toBe(0), { timeout: 1000, interval: 10 });
    await first.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect(await answers(second, cookie)).toBe(401);

    // Once it listens again (after a second), it caches again.
    const fresh = await signedIn(first, 'dropped@example.com');
    await vi.waitFor(
      async () => {
        expect(await answers(second, fresh)).toBe(200);
        expect(second.services.sessions.cachedCount).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 100 },
    );
  });
});
