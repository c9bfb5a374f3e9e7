// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { QrSignInMessage, qrSignInLimits } from '../../contract/qr-sign-in';
import { qrSignIns, sessions } from '../../server/db/schema';
import type { Person } from './billing-fixtures';
import { clientAddresses, startTestPortal, type TestPortal } from './support';
import { newPerson } from './team-fixtures';

let portal: TestPortal;
let approver: Person;
let other: Person;
const nextAddress = clientAddresses();
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  portal = await startTestPortal();
  approver = await newPerson(portal, 'qr.approver@example.test');
  other = await newPerson(portal, 'qr.other@example.test');
});
afterAll(() => portal.close());

type Browser = { key: string; address: string };

/** The number each waiting browser was told to show, by request id. */
const shownNumbers = new Map<string, number>();

/** A browser on the sign-in page asks for a request: its id, and the key cookie only it holds. */
async function ask({
  address = nextAddress(),
  key,
  replaces,
}: {
  address?: string;
  key?: string;
  replaces?: string;
} = {}): Promise<{ id: string; matchNumber: number; browser: Browser; setCookie: string }> {
  const response = await portal.request(api.qrSignIn, {
    json: replaces ? { replaces } : {},
    address,
    cookie: key,
    headers: { 'user-agent': firefoxOnWindows },
  });
  expect(response.status).toBe(201);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const cookie = /portal_qr_key=[^;]+/.exec(setCookie)?.[0];
  if (!cookie) throw new Error(`no key cookie in: ${setCookie}`);
  const id = String(response.json.id);
  const matchNumber = Number(response.json.matchNumber);
  shownNumbers.set(id, matchNumber);
  return { id, matchNumber, browser: { key: cookie, address }, setCookie };
}

const status = (id: string, browser?: Browser, wait = 0) =>
  portal.request(`${api.qrSignInStatus(id)}?wait=${wait}`, { cookie: browser?.key, address: browser?.address });
const redeem = (id: string, browser?: Browser) =>
  portal.request(api.qrSignInSession(id), { method: 'POST', cookie: browser?.key, address: browser?.address });
const details = (id: string, person?: Person) => portal.request(api.qrSignInRequest(id), { cookie: person?.cookie });
/** Approves with the number the waiting browser shows, unless told another. */
const approve = (id: string, person: Person | null = approver, number = shownNumbers.get(id) ?? 10) =>
  portal.request(api.qrSignInApproval(id), { method: 'POST', json: { number }, cookie: person?.cookie });
/** One of the request's choices that is not the number shown. */
const wrongNumberOf = async (id: string) => {
  const row = await rowOf(id);
  const wrong = row?.numberChoices?.find((number) => number !== row.matchNumber);
  if (wrong === undefined) throw new Error(`no decoy for ${id}`);
  return wrong;
};
const decline = (id: string, person: Person = approver) =>
  portal.request(api.qrSignInDecline(id), { method: 'POST', cookie: person.cookie });
const rowOf = async (id: string) => (await portal.db.select().from(qrSignIns).where(eq(qrSignIns.id, id)))[0];
const qrSessionsOf = (userId: string) =>
  portal.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.signInMethod, 'qr')));

describe('the waiting browser asks', () => {
  it('gets an id and an HttpOnly, strict key cookie for the QR paths; only the key hash is kept', async () => {
    const { id, browser, setCookie } = await ask({ address: '198.51.100.23' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/qr/);
    const row = await rowOf(id);
    expect(JSON.stringify(row)).not.toContain(browser.key.split('=')[1]);
    expect((row?.expiresAt.getTime() ?? 0) - portal.clock.current.getTime()).toBe(
      portal.env.qrLoginValiditySeconds * 1000,
    );
    expect((await status(id, browser)).json).toEqual({ state: 'waiting' });
  });

  it('keeps its key across requests, so two tabs of one browser both work', async () => {
    const first = await ask();
    const second = await ask({ key: first.browser.key, address: first.browser.address });
    expect(second.browser.key).toBe(first.browser.key);
    expect((await status(first.id, first.browser)).json).toEqual({ state: 'waiting' });
    expect((await status(second.id, second.browser)).json).toEqual({ state: 'waiting' });
  });

  it('tells nobody else the state: no key, another key, a guessed id and a malformed id are all unknown', async () => {
    const { id } = await ask();
    const stranger = await ask();
    for (const response of [
      await status(id),
      await status(id, stranger.browser),
      await status(crypto.randomUUID(), stranger.browser),
      await status('not-an-id', stranger.browser),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json.error).toBe(ErrorCode.notFound);
    }
  });

  it('refuses a request from another site', async () => {
    const response = await portal.request(api.qrSignIn, { json: {}, origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });
});

describe('the approving person', () => {
  it('sees where the request comes from: browser, system, the /24 network and the time', async () => {
    const { id } = await ask({ address: '198.51.100.23' });
    const response = await details(id, approver);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id,
      browser: 'Firefox',
      system: 'Windows',
      network: '198.51.100.0/24',
      requestedAt: portal.clock.current.toISOString(),
      numberChoices: (await rowOf(id))?.numberChoices,
    });
  });

  it('needs a session to see, approve or decline (401), and a guessed id is unknown (404)', async () => {
    const { id } = await ask();
    expect((await details(id)).status).toBe(401);
    expect((await approve(id, null)).status).toBe(401);
    expect((await portal.request(api.qrSignInDecline(id), { method: 'POST' })).status).toBe(401);
    expect((await rowOf(id))?.approvedAt).toBeNull();
    for (const response of [await details(crypto.randomUUID(), approver), await approve(crypto.randomUUID())]) {
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: ErrorCode.notFound, message: QrSignInMessage.notFound });
    }
  });
});

describe('the waiting browser is answered by notification, not by reading its row again and again', () => {
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('waits once for its whole time when nobody answers', async () => {
    const { id, browser } = await ask();
    const before = portal.services.qrAnswers.waitsStarted;
    expect((await status(id, browser, 1)).json).toEqual({ state: 'waiting' });
    // One wait of a second; reading the row every 400 ms would have taken three.
    expect(portal.services.qrAnswers.waitsStarted - before).toBe(1);
    expect(portal.services.qrAnswers.waiting).toBe(0);
  });

  it('wakes on an answer written by anyone, as the database announces it', async () => {
    const { id, browser } = await ask();
    const waiting = status(id, browser, 20);
    await until(() => portal.services.qrAnswers.waiting === 1);
    // Declined by a plain update, as another process's code would write it.
    await portal.db.update(qrSignIns).set({ declinedAt: portal.clock.current }).where(eq(qrSignIns.id, id));
    expect((await waiting).json).toEqual({ state: 'declined' });
  });

  it('keeps one open wait per request: a newer one ends the older with "waiting"', async () => {
    const { id, browser } = await ask();
    const first = status(id, browser, 20);
    await until(() => portal.services.qrAnswers.waiting === 1);
    const second = status(id, browser, 20);
    expect((await first).json).toEqual({ state: 'waiting' });
    await until(() => portal.services.qrAnswers.waiting === 1);
    expect((await approve(id)).json).toEqual({ success: true });
    expect((await second).json).toEqual({ state: 'approved' });
    expect(portal.services.qrAnswers.waiting).toBe(0);
  });
});

describe('approval signs in the waiting browser, and only it', () => {
  it('the waiting browser learns of the approval within a second and gets a qr session of the approver', async () => {
    const { id, browser } = await ask();
    const started = Date.now();
    const waiting = status(id, browser, 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await approve(id)).json).toEqual({ success: true });
    expect((await waiting).json).toEqual({ state: 'approved' });
    expect(Date.now() - started).toBeLessThan(1500);

    const signedIn = await redeem(id, browser);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ sub: approver.id, email: approver.email });
    const sessionCookie = /portal_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0];
    expect((await portal.request(api.user, { cookie: sessionCookie })).json.user).toMatchObject({ sub: approver.id });
    const [session] = (await qrSessionsOf(approver.id)).filter((row) => row.clientAddress === browser.address);
    expect(session).toMatchObject({ signInMethod: 'qr', userAgent: null, clientAddress: browser.address });
  });

  it('an approved id redeemed by another browser, without the key or with its own, yields nothing', async () => {
    const { id, browser } = await ask();
    const thief = await ask();
    await approve(id);
    for (const response of [await redeem(id), await redeem(id, thief.browser)]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await rowOf(id))?.redeemedAt).toBeNull();
    expect((await redeem(id, browser)).status).toBe(200);
  });

  it('is single use: a second redemption and a second answer are refused', async () => {
    const { id, browser } = await ask();
    await approve(id);
    expect((await redeem(id, browser)).status).toBe(200);
    const again = await redeem(id, browser);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: ErrorCode.codeUsed, message: QrSignInMessage.answered });
    expect((await approve(id)).status).toBe(409);
    expect((await decline(id)).status).toBe(409);
    expect((await details(id, approver)).status).toBe(409);
  });

  it('two simultaneous redemptions give exactly one session', async () => {
    const person = await newPerson(portal, 'qr.parallel@example.test');
    const { id, browser } = await ask();
    await approve(id, person);
    const responses = await Promise.all(Array.from({ length: 6 }, () => redeem(id, browser)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await qrSessionsOf(person.id)).toHaveLength(1);
  });

  it('a request that is not approved yet cannot be redeemed', async () => {
    const { id, browser } = await ask();
    const response = await redeem(id, browser);
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(QrSignInMessage.notApproved);
  });
});

describe('number matching', () => {
  it('the waiting browser alone is told a two-digit number; the approver gets it among three distinct choices', async () => {
    const { id, matchNumber } = await ask();
    expect(String(matchNumber)).toMatch(/^[1-9]\d$/);
    const { numberChoices } = (await details(id, approver)).json as { numberChoices: number[] };
    expect(numberChoices).toHaveLength(3);
    expect(new Set(numberChoices).size).toBe(3);
    expect(numberChoices).toContain(matchNumber);
    for (const number of numberChoices) expect(number).toBeGreaterThanOrEqual(10);
    for (const number of numberChoices) expect(number).toBeLessThanOrEqual(99);
    // The same order every time the page is opened, as it was stored.
    expect((await details(id, approver)).json.numberChoices).toEqual(numberChoices);
    expect(await rowOf(id)).toMatchObject({ matchNumber, numberChoices });
  });

  it('numbers and their places vary from request to request', async () => {
    const requests = await Promise.all(Array.from({ length: 12 }, () => ask()));
    const rows = await Promise.all(requests.map(({ id }) => rowOf(id)));
    expect(new Set(requests.map(({ matchNumber }) => matchNumber)).size).toBeGreaterThan(1);
    expect(new Set(rows.map((row) => row?.numberChoices?.indexOf(row.matchNumber ?? 0))).size).toBeGreaterThan(1);
  });

  it('the right number approves', async () => {
    const { id, matchNumber, browser } = await ask();
    expect((await approve(id, approver, matchNumber)).json).toEqual({ success: true });
    expect((await status(id, browser)).json).toEqual({ state: 'approved' });
    expect((await redeem(id, browser)).status).toBe(200);
  });

  it('a wrong number is refused (409) and declines the request: the right one cannot approve it afterwards', async () => {
    const { id, matchNumber, browser } = await ask();
    const wrong = await approve(id, approver, await wrongNumberOf(id));
    expect(wrong.status).toBe(409);
    expect(wrong.json).toEqual({ error: ErrorCode.numberMismatch, message: QrSignInMessage.numberMismatch });
    expect((await status(id, browser)).json).toEqual({ state: 'declined' });
    expect(await rowOf(id)).toMatchObject({ approvedAt: null, approvedBy: null });
    expect((await rowOf(id))?.declinedAt).not.toBeNull();
    const late = await approve(id, approver, matchNumber);
    expect(late.status).toBe(409);
    expect(late.json.error).toBe(ErrorCode.codeUsed);
    expect((await redeem(id, browser)).json.message).toBe(QrSignInMessage.declined);
    expect(await qrSessionsOf(approver.id)).not.toContainEqual(
      expect.objectContaining({ clientAddress: browser.address }),
    );
  });

  it('a number that is not among the choices is refused the same way', async () => {
    const { id, browser } = await ask();
    const choices = (await rowOf(id))?.numberChoices ?? [];
    const outside = [10, 11, 12, 13].find((number) => !choices.includes(number)) ?? 10;
    expect((await approve(id, approver, outside)).status).toBe(409);
    expect((await status(id, browser)).json).toEqual({ state: 'declined' });
  });

  it('a missing or malformed number is a validation failure (400) that leaves the request waiting', async () => {
    const { id, matchNumber, browser } = await ask();
    for (const json of [{}, { number: String(matchNumber) }, { number: 4.5 }, { number: 100 }, { number: null }]) {
      const response = await portal.request(api.qrSignInApproval(id), {
        method: 'POST',
        json,
        cookie: approver.cookie,
      });
      expect(response.status).toBe(400);
      expect(response.json.error).toBe(ErrorCode.validation);
      expect(response.json.message).toContain(QrSignInMessage.numberRequired);
    }
    expect((await status(id, browser)).json).toEqual({ state: 'waiting' });
  });

  it("a second user with the right number still cannot redeem another browser's request", async () => {
    const second = await newPerson(portal, 'qr.second@example.test');
    const { id, matchNumber, browser } = await ask();
    const thief = await ask();
    expect((await approve(id, second, matchNumber)).status).toBe(200);
    for (const response of [await redeem(id), await redeem(id, thief.browser)]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await redeem(id, browser)).json.user).toMatchObject({ sub: second.id });
  });

  it('a request made before number matching cannot be approved', async () => {
    const { id } = await ask();
    await portal.db
      .update(qrSignIns)
      .set({ matchNumber: null, numberChoices: null, expiresAt: portal.clock.current })
      .where(eq(qrSignIns.id, id));
    expect((await details(id, approver)).status).toBe(410);
    expect((await approve(id, approver, 42)).status).toBe(410);
  });
});

describe('declined, expired and replaced requests', () => {
  it('a declined request tells the browser so, and is neither redeemed nor approved after', async () => {
    const { id, browser } = await ask();
    expect((await decline(id, other)).status).toBe(200);
    expect((await status(id, browser)).json).toEqual({ state: 'declined' });
    expect((await redeem(id, browser)).json.message).toBe(QrSignInMessage.declined);
    expect((await approve(id)).status).toBe(409);
    expect(await qrSessionsOf(other.id)).toHaveLength(0);
  });

  it('after its validity a request is expired for everyone', async () => {
    const { id, browser } = await ask();
    portal.clock.current = new Date(portal.clock.current.getTime() + portal.env.qrLoginValiditySeconds * 1000);
    expect((await status(id, browser)).json).toEqual({ state: 'expired' });
    for (const response of [await details(id, approver), await approve(id), await redeem(id, browser)]) {
      expect(response.status).toBe(410);
      expect(response.json).toEqual({ error: ErrorCode.codeExpired, message: QrSignInMessage.expired });
    }
    expect((await rowOf(id))?.approvedAt).toBeNull();
  });

  it('an approval not redeemed within a minute expires', async () => {
    const { id, browser } = await ask();
    await approve(id);
    portal.clock.current = new Date(portal.clock.current.getTime() + 61_000);
    expect((await status(id, browser)).json).toEqual({ state: 'expired' });
    expect((await redeem(id, browser)).status).toBe(410);
  });

  it('a renewed code replaces the one shown before, which can no longer be approved; nobody else can replace it', async () => {
    const shown = await ask();
    const stranger = await ask();
    await ask({ key: stranger.browser.key, address: stranger.browser.address, replaces: shown.id });
    expect((await status(shown.id, shown.browser)).json).toEqual({ state: 'waiting' });
    await ask({ key: shown.browser.key, address: shown.browser.address, replaces: shown.id });
    expect((await approve(shown.id)).status).toBe(410);
  });
});

describe('rate limits', () => {
  it('requests per client address: of many at once, exactly the limit are created', async () => {
    const address = '192.0.2.201';
    const { limit } = qrSignInLimits.requestsPerAddress;
    const responses = await Promise.all(
      Array.from({ length: limit + 5 }, () => portal.request(api.qrSignIn, { json: {}, address })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((code) => code === 201)).toHaveLength(limit);
    expect(statuses.filter((code) => code === 429)).toHaveLength(5);
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.json.error).toBe(ErrorCode.rateLimited);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers per account: of many at once, exactly the limit are looked at', async () => {
    const person = await newPerson(portal, 'qr.guesser@example.test');
    const { limit } = qrSignInLimits.answersPerAccount;
    const responses = await Promise.all(Array.from({ length: limit + 5 }, () => approve(crypto.randomUUID(), person)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((code) => code === 404)).toHaveLength(limit);
    expect(statuses.filter((code) => code === 429)).toHaveLength(5);
    // Another account is not slowed by it.
    const { id } = await ask();
    expect((await approve(id, other)).status).toBe(200);
  });
});
