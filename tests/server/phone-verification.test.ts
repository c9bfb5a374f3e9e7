// @vitest-environment node
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { SessionResponse } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import {
  PhoneCodeIssued,
  PhoneMessage,
  phoneCodeLifetimeSeconds,
  phoneCodeMaxAttempts,
  phoneResendCooldownSeconds,
  phoneVerificationLimits,
} from '../../contract/phone';
import { phoneVerificationCodes, smsOutbox, users } from '../../server/db/schema';
import { parseEnv } from '../../server/env';
import { portalConfigMeta } from '../../server/static';
import type { Person } from './billing-fixtures';
import { cookieFrom, startTestPortal, type TestPortal } from './support';
import { newPerson } from './team-fixtures';

let portal: TestPortal;
let owner: Person;
let other: Person;

beforeAll(async () => {
  portal = await startTestPortal();
  owner = await newPerson(portal, 'phone.owner@example.test');
  other = await newPerson(portal, 'phone.other@example.test');
});
afterAll(() => portal.close());

/** A fresh, valid US number per call (555-01xx is reserved for fiction). */
let numberCount = 0;
const freshNumber = () => `+1201555${String(100 + (numberCount++ % 100)).padStart(4, '0')}`;
/** Moves past the resend cooldown's window, so a test's first request is never in an earlier one's. */
const nextWindow = () => {
  portal.clock.current = new Date(portal.clock.current.getTime() + phoneResendCooldownSeconds * 1000);
};

const requestCode = (who: Person, phone: string, address?: string) =>
  portal.request(api.phoneVerificationCode(phone), { method: 'POST', cookie: who.cookie, address });
const verify = (who: Person, phone: string, code: string) =>
  portal.request(api.phoneVerificationCode(phone), { method: 'PATCH', json: { code }, cookie: who.cookie });
const addPhone = (who: Person, phone: string) =>
  portal.request(api.addPhoneVerificationData, { json: { phone }, cookie: who.cookie });

async function codeTextedTo(phone: string): Promise<string> {
  const [text] = await portal.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toNumber, phone))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = /^(\d{6}) /.exec(text?.body ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const phoneOf = async (who: Person) =>
  (await portal.db.select({ phone: users.phone }).from(users).where(eq(users.id, who.id)))[0]?.phone ?? null;

describe('asking for a code', () => {
  it('texts six digits from the outbox, keeps only their hash, and logs neither number nor code', async () => {
    nextWindow();
    const phone = freshNumber();
    const response = await requestCode(owner, phone);
    expect(response.status).toBe(200);
    const issued = v.parse(PhoneCodeIssued, response.json);
    expect(new Date(issued.expiresAt).getTime() - portal.clock.current.getTime()).toBe(phoneCodeLifetimeSeconds * 1000);
    const code = await codeTextedTo(phone);
    const [row] = await portal.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.phone, phone));
    expect(row?.userId).toBe(owner.id);
    expect(JSON.stringify(row)).not.toContain(code);
    const log = portal.logLines.join('');
    expect(log).toContain('sms queued');
    expect(log).not.toContain(code);
    expect(log).not.toContain(phone);
    expect(log).not.toContain(encodeURIComponent(phone));
    expect(log).toContain('/api/phone/:phone/verification-code');
  });

  it('refuses numbers that are not valid E.164 with 400 and texts nothing', async () => {
    for (const bad of ['12345', '+1201555', '+1 201 555 0100', '+12015550100x', '+999123456789', '0201555010']) {
      const response = await requestCode(owner, bad);
      expect(response.status, bad).toBe(400);
      expect(response.json).toMatchObject({ error: ErrorCode.validation, message: PhoneMessage.numberInvalid });
    }
    const texts = await portal.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, '12345'));
    expect(texts).toEqual([]);
  });

  it('needs a session (401) and a same-origin request', async () => {
    const phone = freshNumber();
    const anonymous = await portal.request(api.phoneVerificationCode(phone), { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBe(ErrorCode.unauthorized);
    const crossSite = await portal.request(api.phoneVerificationCode(phone), {
      method: 'POST',
      cookie: owner.cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    for (const response of [
      await portal.request(api.phoneVerificationCode(phone), { method: 'PATCH', json: { code: '123456' } }),
      await portal.request(api.addPhoneVerificationData, { json: { phone } }),
    ])
      expect(response.status).toBe(401);
  });

  it('has a resend cooldown per account and number, and the new code replaces the old one', async () => {
    nextWindow();
    const phone = freshNumber();
    expect((await requestCode(owner, phone)).status).toBe(200);
    const first = await codeTextedTo(phone);
    const again = await requestCode(owner, phone);
    expect(again.status).toBe(429);
    expect(again.json.error).toBe(ErrorCode.rateLimited);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    nextWindow();
    expect((await requestCode(owner, phone)).status).toBe(200);
    const second = await codeTextedTo(phone);
    // The first code is void: it is now only a wrong guess at the second.
    if (first !== second) expect((await verify(owner, phone, first)).json.error).toBe(ErrorCode.invalidCode);
    expect((await verify(owner, phone, second)).status).toBe(200);
  });
});

describe('checking the code', () => {
  it('refuses a wrong code, accepts the right one, and a used code does not work twice', async () => {
    nextWindow();
    const phone = freshNumber();
    await requestCode(owner, phone);
    const code = await codeTextedTo(phone);
    const wrong = await verify(owner, phone, wrongCodeFor(code));
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: ErrorCode.invalidCode, message: PhoneMessage.codeInvalid });
    expect((await verify(owner, phone, code)).status).toBe(200);
    const reused = await verify(owner, phone, code);
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({ error: ErrorCode.codeExpired, message: PhoneMessage.codeExpired });
  });

  it('refuses a malformed code with 400 before counting it', async () => {
    const response = await verify(owner, freshNumber(), '12ab56');
    expect(response.status).toBe(400);
    expect(response.json.error).toBe(ErrorCode.validation);
  });

  it('lets a code expire after five minutes', async () => {
    nextWindow();
    const phone = freshNumber();
    await requestCode(owner, phone);
    const code = await codeTextedTo(phone);
    portal.clock.current = new Date(portal.clock.current.getTime() + phoneCodeLifetimeSeconds * 1000 + 1000);
    const expired = await verify(owner, phone, code);
    expect(expired.status).toBe(400);
    expect(expired.json.error).toBe(ErrorCode.codeExpired);
  });

  it('voids the code after five wrong tries, even the right code after them', async () => {
    nextWindow();
    const phone = freshNumber();
    await requestCode(owner, phone);
    const code = await codeTextedTo(phone);
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < phoneCodeMaxAttempts; i++)
      answers.push((await verify(owner, phone, wrongCodeFor(code))).json.error);
    expect(answers).toEqual([...Array(phoneCodeMaxAttempts - 1).fill(ErrorCode.invalidCode), ErrorCode.codeExpired]);
    expect((await verify(owner, phone, code)).json.error).toBe(ErrorCode.codeExpired);
  });

  it("refuses another account's pending code: the code belongs to the session that asked", async () => {
    nextWindow();
    const phone = freshNumber();
    await requestCode(owner, phone);
    const code = await codeTextedTo(phone);
    const stolen = await verify(other, phone, code);
    expect(stolen.status).toBe(400);
    expect(stolen.json.error).toBe(ErrorCode.codeExpired);
    expect((await addPhone(other, phone)).status).toBe(400);
    expect(await phoneOf(other)).toBeNull();
    // The owner's code still works: the other's try did not spend it.
    expect((await verify(owner, phone, code)).status).toBe(200);
  });

  it('accepts one of many parallel checks of the right code, exactly once', async () => {
    nextWindow();
    const phone = freshNumber();
    await requestCode(owner, phone);
    const code = await codeTextedTo(phone);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(owner, phone, code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    const accepted = await portal.db
      .select()
      .from(phoneVerificationCodes)
      .where(and(eq(phoneVerificationCodes.phone, phone)));
    expect(accepted.filter((row) => row.acceptedAt !== null)).toHaveLength(1);
  });
});

describe('adding the verified number to the account', () => {
  it('stores the number, re-issues the session with the phone claim, and uses the code up', async () => {
    nextWindow();
    const person = await newPerson(portal, 'phone.adder@example.test');
    const phone = freshNumber();
    await requestCode(person, phone);
    expect((await addPhone(person, phone)).json).toEqual({
      error: ErrorCode.invalidCode,
      message: PhoneMessage.notVerified,
    });
    await verify(person, phone, await codeTextedTo(phone));
    const added = await addPhone(person, phone);
    expect(added.status).toBe(200);
    expect(v.parse(SessionResponse, added.json).user.phone).toBe(phone);
    expect(await phoneOf(person)).toBe(phone);
    const cookie = cookieFrom(added.headers);
    expect(cookie).not.toBe(person.cookie);
    const session = await portal.request(api.user, { cookie });
    expect(session.json).toMatchObject({ user: { sub: person.id, phone } });
    expect((await addPhone(person, phone)).status).toBe(400);
  });

  it('refuses a number verified on another account, when asked and when both verify at once', async () => {
    nextWindow();
    const first = await newPerson(portal, 'phone.first@example.test');
    const second = await newPerson(portal, 'phone.second@example.test');
    const phone = freshNumber();
    // Both accounts receive and accept a code before either adds the number.
    await requestCode(first, phone);
    await verify(first, phone, await codeTextedTo(phone));
    await requestCode(second, phone);
    await verify(second, phone, await codeTextedTo(phone));
    const answers = await Promise.all([addPhone(first, phone), addPhone(second, phone)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json).toEqual({
      error: ErrorCode.phoneTaken,
      message: PhoneMessage.numberTaken,
    });
    const holders = await portal.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    expect(holders).toHaveLength(1);
    // Asking for a code to a taken number is refused before anything is texted.
    nextWindow();
    const loser = answers[0]?.status === 409 ? first : second;
    const before = await portal.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone));
    const refused = await requestCode(loser, phone);
    expect(refused.status).toBe(409);
    expect(await portal.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone))).toHaveLength(before.length);
  });
});

describe('rate limits', () => {
  it('limits codes per number across accounts, and per account across numbers', async () => {
    nextWindow();
    const phone = freshNumber();
    const people = await Promise.all(
      Array.from({ length: phoneVerificationLimits.codesPerNumber.limit + 1 }, (_, i) =>
        newPerson(portal, `phone.flood${i}@example.test`),
      ),
    );
    const statuses: number[] = [];
    for (const person of people) statuses.push((await requestCode(person, phone, `192.0.2.${statuses.length}`)).status);
    expect(statuses).toEqual([...Array(phoneVerificationLimits.codesPerNumber.limit).fill(200), 429]);

    const busy = people[0] as Person;
    const perAccount: number[] = [];
    for (let i = 0; i < phoneVerificationLimits.codesPerAccount.limit; i++)
      perAccount.push((await requestCode(busy, freshNumber(), `192.0.2.${100 + i}`)).status);
    // One code of this hour went to the shared number already.
    expect(perAccount.filter((status) => status === 429)).toHaveLength(1);
  });

  it('limits code checks per account', async () => {
    const person = await newPerson(portal, 'phone.guesser@example.test');
    const phone = freshNumber();
    const statuses: number[] = [];
    for (let i = 0; i <= phoneVerificationLimits.checksPerAccount.limit; i++)
      statuses.push((await verify(person, phone, '000000')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });
});

describe('configuration', () => {
  it('reads the region map and the SMS provider, refusing an incomplete provider', () => {
    expect(parseEnv({}).phoneVerificationRegions).toEqual({ US: 50 });
    expect(parseEnv({ PHONE_VERIFICATION_REGIONS: 'US:50, CA:50' }).phoneVerificationRegions).toEqual({
      US: 50,
      CA: 50,
    });
    expect(() => parseEnv({ PHONE_VERIFICATION_REGIONS: 'usa' })).toThrow(/PHONE_VERIFICATION_REGIONS/);
    expect(() => parseEnv({ SMS_PROVIDER: 'https' })).toThrow(/SMS_API_URL[\s\S]*SMS_API_TOKEN/);
  });

  it('tells the browser the region map, and nothing of the SMS provider', () => {
    const meta = portalConfigMeta(
      parseEnv({
        PHONE_VERIFICATION_REGIONS: 'US:50,CA:50',
        SMS_PROVIDER: 'https',
        SMS_API_URL: 'https://sms.example/send',
        SMS_API_TOKEN: 'sms-secret-token',
      }),
    );
    expect(meta).toContain('&quot;phoneVerificationRegions&quot;:{&quot;US&quot;:50,&quot;CA&quot;:50}');
    expect(meta).not.toContain('sms-secret-token');
  });
});

describe('an SMS provider over HTTPS', () => {
  type Received = { authorization: string | undefined; body: { to: string; from?: string; body: string } };

  /** A stand-in for the provider's API: it records each request and answers with `status`. */
  async function fakeProvider(status: { current: number }) {
    const received: Received[] = [];
    const server = createServer(async (request: IncomingMessage, response) => {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
      response.writeHead(status.current, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
    return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('posts the text with the bearer token, marks it sent, and answers 503 without logging the token when refused', async () => {
    const status = { current: 200 };
    const provider = await fakeProvider(status);
    const viaProvider = await startTestPortal({
      SMS_PROVIDER: 'https',
      SMS_API_URL: provider.url,
      SMS_API_TOKEN: 'sms-secret-token',
      SMS_FROM: 'Bondline',
    });
    try {
      const person = await newPerson(viaProvider, 'phone.provider@example.test');
      const phone = '+12015550188';
      const sent = await viaProvider.request(api.phoneVerificationCode(phone), {
        method: 'POST',
        cookie: person.cookie,
      });
      expect(sent.status).toBe(200);
      expect(provider.received).toHaveLength(1);
      expect(provider.received[0]?.authorization).toBe('Bearer sms-secret-token');
      expect(provider.received[0]?.body).toMatchObject({ to: phone, from: 'Bondline' });
      expect(provider.received[0]?.body.body).toMatch(/^\d{6} is your Bondline verification code\./);
      const [row] = await viaProvider.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone));
      expect(row?.sentAt).not.toBeNull();

      status.current = 500;
      viaProvider.clock.current = new Date(viaProvider.clock.current.getTime() + phoneResendCooldownSeconds * 1000);
      const refused = await viaProvider.request(api.phoneVerificationCode(phone), {
        method: 'POST',
        cookie: person.cookie,
      });
      expect(refused.status).toBe(503);
      expect(refused.json.message).toBe(PhoneMessage.smsUnavailable);
      const rows = await viaProvider.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone));
      expect(rows.filter((text) => text.sentAt === null).map((text) => text.lastError)).toEqual([
        'the provider answered 500',
      ]);
      expect(viaProvider.logLines.join('')).not.toContain('sms-secret-token');
    } finally {
      await viaProvider.close();
      await provider.close();
    }
  });
});
