// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { AccountSessions, SessionMessage, SignOutOthersResponse } from '../../contract/sessions';
import { sessions } from '../../server/db/schema';
import { lastActiveResolutionMs } from '../../server/services/sessions';
import { approximatePlaceOf } from '../../server/services/your-sessions/approximate-place';
import { describeUserAgent } from '../../server/services/your-sessions/user-agent';
import { clientAddresses, startTestPortal, type TestPortal, tokenFrom } from './support';

const password = 'a long enough password';
const nextAddress = clientAddresses();

const agents = {
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

type SignedIn = { cookie: string; sessionId: string };

async function signIn(email: string, userAgent: string, address = nextAddress()): Promise<SignedIn> {
  const cookie = await portal.signIn(email, password, { address, userAgent });
  const session = await portal.services.sessions.verify(tokenFrom(cookie));
  if (!session) throw new Error('the new session should be live');
  return { cookie, sessionId: session.sessionId };
}

const list = (who: SignedIn) => portal.request(api.accountSessions, { cookie: who.cookie });
const signOutOne = (who: SignedIn, sessionId: string) =>
  portal.request(api.accountSession(sessionId), { method: 'DELETE', cookie: who.cookie });
const signOutOthers = (who: SignedIn) =>
  portal.request(api.otherAccountSessions, { method: 'DELETE', cookie: who.cookie });
const answers = (who: SignedIn) => portal.request(api.accountUser, { cookie: who.cookie }).then((r) => r.status);

async function listed(who: SignedIn) {
  const response = await list(who);
  expect(response.status).toBe(200);
  return v.parse(AccountSessions, response.json).sessions;
}

async function revokedAtOf(sessionId: string) {
  const [row] = await portal.db
    .select({ revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.revokedAt ?? null;
}

describe('GET /api/account/sessions', () => {
  it('lists only the person’s live sessions, the current one first and marked, with what they are', async () => {
    const person = await portal.createUser('list.sessions@example.test', password);
    await portal.createUser('list.stranger@example.test', password);
    const stranger = await signIn('list.stranger@example.test', agents.chromeLinux);
    const phone = await signIn(person.email, agents.chromeAndroid, '2001:db8:abcd:12::7');
    const ended = await signIn(person.email, agents.safariIphone);
    expect((await portal.request(api.logout, { method: 'POST', cookie: ended.cookie })).status).toBe(200);
    // A session past its lifetime is not live, although nobody revoked it.
    const expired = await signIn(person.email, agents.edgeMac);
    await portal.db
      .update(sessions)
      .set({ expiresAt: new Date(portal.clock.current.getTime() - 1000) })
      .where(eq(sessions.id, expired.sessionId));
    const laptop = await signIn(person.email, agents.firefoxWindows, '198.51.100.23');

    const shown = await listed(laptop);
    expect(shown).toEqual([
      {
        id: laptop.sessionId,
        current: true,
        browser: 'Firefox',
        system: 'Windows',
        signInMethod: 'password',
        provider: null,
        place: { network: '198.51.100.0/24', local: false },
        startedAt: portal.clock.current.toISOString(),
        lastActiveAt: portal.clock.current.toISOString(),
      },
      {
        id: phone.sessionId,
        current: false,
        browser: 'Chrome',
        system: 'Android',
        signInMethod: 'password',
        provider: null,
        place: { network: '2001:db8:abcd::/48', local: false },
        startedAt: portal.clock.current.toISOString(),
        lastActiveAt: portal.clock.current.toISOString(),
      },
    ]);
    // The phone sees the same two, itself marked now.
    expect((await listed(phone)).map(({ id, current }) => [id, current])).toEqual([
      [phone.sessionId, true],
      [laptop.sessionId, false],
    ]);
    expect((await listed(stranger)).map(({ id }) => id)).toEqual([stranger.sessionId]);
  });

  it('needs a session', async () => {
    const response = await portal.request(api.accountSessions);
    expect(response.status).toBe(401);
    expect(response.json.error).toBe(ErrorCode.unauthorized);
  });

  it('never answers the full address: only its network', async () => {
    await portal.createUser('address.sessions@example.test', password);
    const session = await signIn('address.sessions@example.test', agents.chromeLinux, '203.0.113.199');
    const response = await list(session);
    expect(response.text).not.toContain('203.0.113.199');
    expect(response.text).toContain('203.0.113.0/24');
  });
});

describe('last activity', () => {
  it('is written when a session is used after the resolution has passed, and not on every request', async () => {
    await portal.createUser('activity.sessions@example.test', password);
    const session = await signIn('activity.sessions@example.test', agents.firefoxWindows);
    const startedAt = portal.clock.current;
    const lastActiveOf = async () => (await listed(session))[0]?.lastActiveAt;

    portal.clock.current = new Date(startedAt.getTime() + lastActiveResolutionMs / 2);
    expect(await lastActiveOf()).toBe(startedAt.toISOString());

    portal.clock.current = new Date(startedAt.getTime() + lastActiveResolutionMs + 1000);
    // The request that lists is itself activity: it is recorded before the list is read.
    expect(await lastActiveOf()).toBe(portal.clock.current.toISOString());
  });
});

describe('DELETE /api/account/sessions/{id}', () => {
  it('signs out one of the person’s sessions: its token is refused at once, the current one stays', async () => {
    await portal.createUser('one.sessions@example.test', password);
    const laptop = await signIn('one.sessions@example.test', agents.firefoxWindows);
    const phone = await signIn('one.sessions@example.test', agents.chromeAndroid);
    expect(await answers(phone)).toBe(200);

    const response = await signOutOne(laptop, phone.sessionId);
    expect(response.status).toBe(204);
    expect(await answers(phone)).toBe(401);
    expect(await answers(laptop)).toBe(200);
    expect(await revokedAtOf(phone.sessionId)).not.toBeNull();
    expect((await listed(laptop)).map(({ id }) => id)).toEqual([laptop.sessionId]);
  });

  it('answers 404 for another person’s session, and changes nothing', async () => {
    await portal.createUser('victim.sessions@example.test', password);
    await portal.createUser('intruder.sessions@example.test', password);
    const victim = await signIn('victim.sessions@example.test', agents.safariIphone);
    const intruder = await signIn('intruder.sessions@example.test', agents.chromeLinux);

    const response = await signOutOne(intruder, victim.sessionId);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: ErrorCode.notFound, message: SessionMessage.sessionNotFound });
    expect(await revokedAtOf(victim.sessionId)).toBeNull();
    expect(await answers(victim)).toBe(200);
    // Nor does the intruder's list show it, nor their "every other session" reach it.
    expect((await listed(intruder)).map(({ id }) => id)).toEqual([intruder.sessionId]);
    expect(v.parse(SignOutOthersResponse, (await signOutOthers(intruder)).json).signedOut).toBe(0);
    expect(await answers(victim)).toBe(200);
  });

  it('answers 404 for an unknown or already ended session', async () => {
    await portal.createUser('ended.sessions@example.test', password);
    const laptop = await signIn('ended.sessions@example.test', agents.firefoxWindows);
    const phone = await signIn('ended.sessions@example.test', agents.chromeAndroid);
    expect((await signOutOne(laptop, phone.sessionId)).status).toBe(204);
    expect((await signOutOne(laptop, phone.sessionId)).status).toBe(404);
    expect((await signOutOne(laptop, crypto.randomUUID())).status).toBe(404);
  });

  it('refuses ids that are not session ids with 400, and changes nothing', async () => {
    await portal.createUser('bad.ids.sessions@example.test', password);
    const laptop = await signIn('bad.ids.sessions@example.test', agents.firefoxWindows);
    const phone = await signIn('bad.ids.sessions@example.test', agents.chromeAndroid);
    for (const id of ['not-a-uuid', '12345', `${phone.sessionId}x`, "' or 1=1 --"]) {
      const response = await signOutOne(laptop, id);
      expect(response.status, id).toBe(400);
      expect(response.json).toEqual({ error: ErrorCode.validation, message: SessionMessage.sessionIdInvalid });
    }
    expect(await answers(phone)).toBe(200);
    expect(await revokedAtOf(phone.sessionId)).toBeNull();
  });

  it('needs a session and a same-origin request', async () => {
    await portal.createUser('csrf.sessions@example.test', password);
    const laptop = await signIn('csrf.sessions@example.test', agents.firefoxWindows);
    const phone = await signIn('csrf.sessions@example.test', agents.chromeAndroid);
    expect((await portal.request(api.accountSession(phone.sessionId), { method: 'DELETE' })).status).toBe(401);
    const crossSite = await portal.request(api.accountSession(phone.sessionId), {
      method: 'DELETE',
      cookie: laptop.cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await answers(phone)).toBe(200);
  });

  it('signs a session out once when two requests race for it', async () => {
    await portal.createUser('race.sessions@example.test', password);
    const laptop = await signIn('race.sessions@example.test', agents.firefoxWindows);
    const tablet = await signIn('race.sessions@example.test', agents.safariMac);
    const phone = await signIn('race.sessions@example.test', agents.chromeAndroid);
    const statuses = await Promise.all([signOutOne(laptop, phone.sessionId), signOutOne(tablet, phone.sessionId)]);
    expect(statuses.map((response) => response.status).sort()).toEqual([204, 404]);
    expect(await answers(phone)).toBe(401);
  });
});

describe('DELETE /api/account/sessions/others', () => {
  it('signs out every other session of the person at once and keeps the current one', async () => {
    await portal.createUser('others.sessions@example.test', password);
    await portal.createUser('bystander.sessions@example.test', password);
    const bystander = await signIn('bystander.sessions@example.test', agents.chromeLinux);
    const laptop = await signIn('others.sessions@example.test', agents.firefoxWindows);
    const phone = await signIn('others.sessions@example.test', agents.chromeAndroid);
    const tablet = await signIn('others.sessions@example.test', agents.safariIphone);
    expect(await answers(phone)).toBe(200);
    expect(await answers(tablet)).toBe(200);

    const response = await signOutOthers(laptop);
    expect(response.status).toBe(200);
    expect(v.parse(SignOutOthersResponse, response.json)).toEqual({ success: true, signedOut: 2 });
    expect(await answers(phone)).toBe(401);
    expect(await answers(tablet)).toBe(401);
    expect(await answers(laptop)).toBe(200);
    expect(await answers(bystander)).toBe(200);
    expect((await listed(laptop)).map(({ id, current }) => [id, current])).toEqual([[laptop.sessionId, true]]);

    // Again: nothing left to sign out.
    expect(v.parse(SignOutOthersResponse, (await signOutOthers(laptop)).json).signedOut).toBe(0);
  });

  it('needs a session', async () => {
    expect((await portal.request(api.otherAccountSessions, { method: 'DELETE' })).status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  it('refuses within a second, on the other process, the sessions signed out on one', async () => {
    const second = await startTestPortal({}, { joinSchema: portal.schema });
    try {
      await portal.createUser('elsewhere.sessions@example.test', password);
      const laptop = await signIn('elsewhere.sessions@example.test', agents.firefoxWindows);
      const phone = await signIn('elsewhere.sessions@example.test', agents.chromeAndroid);
      const tablet = await signIn('elsewhere.sessions@example.test', agents.safariIphone);
      const answersOnSecond = (who: SignedIn) =>
        second.request(api.accountUser, { cookie: who.cookie }).then((response) => response.status);
      // Verified (and cached) by the second process first.
      expect(await answersOnSecond(phone)).toBe(200);
      expect(await answersOnSecond(tablet)).toBe(200);

      expect((await signOutOne(laptop, phone.sessionId)).status).toBe(204);
      await vi.waitFor(async () => expect(await answersOnSecond(phone)).toBe(401), { timeout: 1000, interval: 10 });
      expect((await signOutOthers(laptop)).status).toBe(200);
      await vi.waitFor(async () => expect(await answersOnSecond(tablet)).toBe(401), { timeout: 1000, interval: 10 });
      expect(await answersOnSecond(laptop)).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('what a session is shown as', () => {
  it('tells browsers and systems apart from their user agents', () => {
    expect(describeUserAgent(agents.firefoxWindows)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(describeUserAgent(agents.chromeAndroid)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(describeUserAgent(agents.safariIphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(describeUserAgent(agents.edgeMac)).toEqual({ browser: 'Edge', system: 'macOS' });
    expect(describeUserAgent(agents.chromeLinux)).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(describeUserAgent(agents.firefoxIphone)).toEqual({ browser: 'Firefox', system: 'iOS' });
    expect(describeUserAgent(agents.samsungAndroid)).toEqual({ browser: 'Samsung Internet', system: 'Android' });
    expect(describeUserAgent(agents.operaWindows)).toEqual({ browser: 'Opera', system: 'Windows' });
    expect(describeUserAgent(agents.safariMac)).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(describeUserAgent(agents.chromeOs)).toEqual({ browser: 'Chrome', system: 'ChromeOS' });
  });

  it('says nothing rather than guess for an unknown or missing user agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
    expect(describeUserAgent('')).toEqual({ browser: null, system: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(describeUserAgent('BondlineVPN/3.2 (Windows NT 10.0)')).toEqual({ browser: null, system: 'Windows' });
  });

  it('shows an address as its network: IPv4 /24, IPv6 /48, local ones marked', () => {
    expect(approximatePlaceOf('203.0.113.77')).toEqual({ network: '203.0.113.0/24', local: false });
    expect(approximatePlaceOf('2001:db8:abcd:12::1')).toEqual({ network: '2001:db8:abcd::/48', local: false });
    expect(approximatePlaceOf('::ffff:198.51.100.9')).toEqual({ network: '198.51.100.0/24', local: false });
    expect(approximatePlaceOf('192.168.1.20')).toEqual({ network: '192.168.1.0/24', local: true });
    expect(approximatePlaceOf('127.0.0.1')).toEqual({ network: '127.0.0.0/24', local: true });
    expect(approximatePlaceOf('::1')).toEqual({ network: '::/48', local: true });
    expect(approximatePlaceOf('fe80::1%eth0')).toEqual({ network: 'fe80::/48', local: true });
    expect(approximatePlaceOf('unknown')).toBeNull();
    expect(approximatePlaceOf(null)).toBeNull();
  });
});
