// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { startTestPortal, type TestPortal } from './support';

/**
 * A session ends after SESSION_IDLE_MINUTES (30 by default) without use, whatever its absolute
 * lifetime (issue 21): a browser left signed in on a shared computer does not stay a way in.
 */

let portal: TestPortal;
const password = 'an idle password';
const minutes = (count: number) => count * 60 * 1000;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

function later(ms: number) {
  portal.clock.current = new Date(portal.clock.current.getTime() + ms);
}

describe('the idle timeout', () => {
  it('ends a session unused for longer than it, and it is no longer listed', async () => {
    await portal.createUser('idle@example.com', password);
    const idle = await portal.signIn('idle@example.com', password);
    const other = await portal.signIn('idle@example.com', password);
    expect((await portal.request(api.accountUser, { cookie: idle })).status).toBe(200);

    later(minutes(20));
    expect((await portal.request(api.accountUser, { cookie: other })).status).toBe(200);
    later(minutes(11));
    // 31 minutes since `idle` was last used; `other` was used 11 minutes ago.
    expect((await portal.request(api.accountUser, { cookie: idle })).status).toBe(401);
    const listed = await portal.request(api.accountSessions, { cookie: other });
    expect(listed.status).toBe(200);
    expect((listed.json as unknown as { sessions: unknown[] }).sessions).toHaveLength(1);
  });

  it('keeps a session in use alive past it, up to its absolute lifetime', async () => {
    await portal.createUser('busy@example.com', password);
    const busy = await portal.signIn('busy@example.com', password);
    for (let step = 0; step < 6; step += 1) {
      later(minutes(20));
      expect((await portal.request(api.accountUser, { cookie: busy })).status).toBe(200);
    }
  });

  it('is a setting: between 5 and 1440 minutes', async () => {
    const { parseEnv } = await import('../../server/env');
    expect(parseEnv({ SESSION_IDLE_MINUTES: '15' }).sessionIdleSeconds).toBe(900);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '2' })).toThrow(/SESSION_IDLE_MINUTES: must be between 5 and 1440/);
  });
});
