// @vitest-environment node
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { passkeyChallengeSeconds, passkeysPerAccount } from '../../contract/passkeys';
import { recentSignInSeconds } from '../../contract/recent-sign-in';
import { outbox, passkeys, rateLimits, users } from '../../server/db/schema';
import { createSoftwareAuthenticator } from '../support/software-authenticator';
import { clientAddresses, cookieFrom, publicOrigin, startTestPortal, type TestPortal } from './support';

/**
 * Passkeys and recent sign-in (issue 22): a passkey is added by a recently signed-in session, signs
 * in alone (both steps), answers a second step and a recent sign-in; challenges are bound and used
 * once; counters that go back, other origins and other people's passkeys are refused.
 */

const partnerOrigin = 'http://miri.portal.test';
let portal: TestPortal;
const nextAddress = clientAddresses();

const owner = 'owner@example.com';
const ownerPassword = 'owner-password-1';
const other = 'other@example.com';
const otherPassword = 'other-password-1';

beforeAll(async () => {
  portal = await startTestPortal({ PARTNER_ORIGINS: partnerOrigin });
});
afterAll(async () => {
  await portal.close();
});
beforeEach(async () => {
  portal.clock.current = new Date();
  await portal.db.delete(users);
  await portal.db.delete(outbox);
  await portal.db.delete(rateLimits);
  await portal.createUser(owner, ownerPassword);
  await portal.createUser(other, otherPassword);
});

const advance = (seconds: number) => {
  portal.clock.current = new Date(portal.clock.current.getTime() + seconds * 1000);
};

const creationOptions = async (session: string) => {
  const response = await portal.request(api.passkeyCreationOptions, { method: 'POST', cookie: session });
  expect(response.status).toBe(200);
  return response.json as unknown as PublicKeyCredentialCreationOptionsJSON;
};

/** Adds a passkey made by `authenticator` to the signed-in account. */
async function addPasskey(
  session: string,
  authenticator = createSoftwareAuthenticator({ origin: publicOrigin }),
  name = 'Laptop',
) {
  const response = await portal.request(api.passkeys, {
    json: { name, response: authenticator.create(await creationOptions(session)) },
    cookie: session,
  });
  expect(response.status).toBe(201);
  return { authenticator, passkey: response.json };
}

/** The options of a passkey sign-in and the cookie they are bound to. */
async function signInOptions(origin = publicOrigin) {
  const response = await portal.request(api.passkeySignInOptions, {
    method: 'POST',
    origin,
    headers: origin === publicOrigin ? {} : { 'sec-fetch-site': 'same-origin' },
  });
  expect(response.status).toBe(200);
  const cookie = /portal_passkey=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no passkey cookie');
  return {
    options: response.json as unknown as PublicKeyCredentialRequestOptionsJSON,
    cookie,
    setCookie: response.headers.get('set-cookie') ?? '',
  };
}

const passkeySignIn = (cookie: string, response: unknown, address = nextAddress()) =>
  portal.request(api.passkeySignIn, { json: { response }, cookie, address });

const mailsTo = (email: string) => portal.db.select().from(outbox).where(eq(outbox.toAddress, email));

describe('adding a passkey', () => {
  it('asks for a resident key of the portal, stores it, lists it, and tells the owner', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const options = await creationOptions(session);
    expect(options.rp).toEqual({ name: portal.env.productName, id: 'portal.test' });
    expect(options.user.name).toBe(owner);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.excludeCredentials).toEqual([]);

    const authenticator = createSoftwareAuthenticator({ origin: publicOrigin });
    const added = await portal.request(api.passkeys, {
      json: { name: '  Work laptop ', response: authenticator.create(options) },
      cookie: session,
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });

    const list = await portal.request(api.passkeys, { cookie: session });
    expect(list.json).toEqual({ passkeys: [added.json] });
    expect((await mailsTo(owner)).map((mail) => mail.subject)).toEqual([
      `A passkey was added to your ${portal.env.productName} account`,
    ]);
    // A second passkey's options exclude the first, so a device does not make two.
    expect((await creationOptions(session)).excludeCredentials).toEqual([
      { id: added.json.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('uses a challenge once, only for the session it was made for, and within its lifetime', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const otherSession = await portal.signIn(other, otherPassword);
    const authenticator = createSoftwareAuthenticator({ origin: publicOrigin });
    const response = authenticator.create(await creationOptions(session));

    const byAnother = await portal.request(api.passkeys, { json: { name: 'Stolen', response }, cookie: otherSession });
    expect(byAnother.status).toBe(400);
    expect(byAnother.json.error).toBe(ErrorCode.secondFactorExpired);
    expect(await portal.db.select().from(passkeys)).toEqual([]);

    expect((await portal.request(api.passkeys, { json: { name: 'Laptop', response }, cookie: session })).status).toBe(
      201,
    );
    const replay = await portal.request(api.passkeys, { json: { name: 'Again', response }, cookie: session });
    expect(replay.status).toBe(400);

    const late = authenticator.create(await creationOptions(session));
    advance(passkeyChallengeSeconds);
    const expired = await portal.request(api.passkeys, { json: { name: 'Late', response: late }, cookie: session });
    expect(expired.status).toBe(400);
    expect(expired.json.error).toBe(ErrorCode.secondFactorExpired);
  });

  it('refuses an answer made for another site, and malformed bodies, changing nothing', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const phished = createSoftwareAuthenticator({ origin: 'https://portal.evil.example' }).create(
      await creationOptions(session),
    );
    const refused = await portal.request(api.passkeys, {
      json: { name: 'Phished', response: phished },
      cookie: session,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(ErrorCode.passkeyRefused);

    for (const body of [
      {},
      { name: '', response: phished },
      { name: 'x'.repeat(65), response: phished },
      { name: 'A', response: { id: 'x' } },
    ]) {
      const response = await portal.request(api.passkeys, { json: body, cookie: session });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json.error).toBe(ErrorCode.validation);
    }
    expect(await portal.db.select().from(passkeys)).toEqual([]);
  });

  it(`holds at most ${passkeysPerAccount} passkeys, even when more are added at once`, async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const authenticator = createSoftwareAuthenticator({ origin: publicOrigin });
    const answers = [];
    for (let index = 0; index < passkeysPerAccount + 4; index += 1)
      answers.push(authenticator.create(await creationOptions(session)));
    const responses = await Promise.all(
      answers.map((response, index) =>
        portal.request(api.passkeys, { json: { name: `Key ${index}`, response }, cookie: session }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(passkeysPerAccount).fill(201), ...Array(4).fill(409)]);
    expect(await portal.db.select().from(passkeys)).toHaveLength(passkeysPerAccount);
  });

  it('renames and removes only the account’s own passkeys', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const otherSession = await portal.signIn(other, otherPassword);
    const { passkey } = await addPasskey(session);
    const id = String(passkey.id);

    expect(
      (await portal.request(api.passkey(id), { method: 'PATCH', json: { name: 'Mine now' }, cookie: otherSession }))
        .status,
    ).toBe(404);
    expect((await portal.request(api.passkey(id), { method: 'DELETE', cookie: otherSession })).status).toBe(404);
    const renamed = await portal.request(api.passkey(id), {
      method: 'PATCH',
      json: { name: 'Phone' },
      cookie: session,
    });
    expect(renamed.json).toMatchObject({ id, name: 'Phone' });
    expect((await portal.request(api.passkey(id), { method: 'DELETE', cookie: session })).status).toBe(204);
    expect((await portal.request(api.passkey(id), { method: 'DELETE', cookie: session })).status).toBe(404);
    expect(await portal.db.select().from(passkeys)).toEqual([]);
  });

  it('needs a session for every call of the account’s passkeys', async () => {
    for (const [path, method] of [
      [api.passkeys, 'GET'],
      [api.passkeys, 'POST'],
      [api.passkeyCreationOptions, 'POST'],
      [api.passkey('x'), 'PATCH'],
      [api.passkey('x'), 'DELETE'],
      [api.recentSignIn, 'POST'],
      [api.recentSignInPasskeyOptions, 'POST'],
    ] as const) {
      const response = await portal.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password, as both steps, and records the passkey’s use', async () => {
    const { authenticator, passkey } = await addPasskey(await portal.signIn(owner, ownerPassword));
    const { options, cookie, setCookie } = await signInOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toContain(`Path=${api.passkeySignIn}`);

    const signedIn = await passkeySignIn(cookie, authenticator.get(options));
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ outcome: 'signedIn', user: { email: owner } });
    const session = cookieFrom(signedIn.headers);
    const sessions = await portal.request(api.accountSessions, { cookie: session });
    expect(JSON.stringify(sessions.json)).toContain('"signInMethod":"passkey"');
    const [stored] = await portal.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, String(passkey.id)));
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: portal.clock.current });
  });

  it('refuses a replayed answer, a counter that went back, a cookie of another browser and a late answer', async () => {
    const { authenticator } = await addPasskey(await portal.signIn(owner, ownerPassword));
    const first = await signInOptions();
    const answer = authenticator.get(first.options, { counter: 5 });
    expect((await passkeySignIn(first.cookie, answer)).status).toBe(200);
    const replay = await passkeySignIn(first.cookie, answer);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe(ErrorCode.secondFactorExpired);

    const cloned = await signInOptions();
    const wentBack = await passkeySignIn(cloned.cookie, authenticator.get(cloned.options, { counter: 3 }));
    expect(wentBack.status).toBe(400);
    expect(wentBack.json.error).toBe(ErrorCode.passkeyRefused);

    const mine = await signInOptions();
    const theirs = await signInOptions();
    expect((await passkeySignIn(theirs.cookie, authenticator.get(mine.options))).status).toBe(400);

    const late = await signInOptions();
    advance(passkeyChallengeSeconds);
    expect((await passkeySignIn(late.cookie, authenticator.get(late.options))).json.error).toBe(
      ErrorCode.secondFactorExpired,
    );
  });

  it('refuses a passkey without the person’s check, one made for another site, and an unknown one', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const presenceOnly = createSoftwareAuthenticator({ origin: publicOrigin, userVerified: false });
    await addPasskey(session, presenceOnly);
    const unverified = await signInOptions();
    expect((await passkeySignIn(unverified.cookie, presenceOnly.get(unverified.options))).json.error).toBe(
      ErrorCode.passkeyRefused,
    );

    const { authenticator } = await addPasskey(session, createSoftwareAuthenticator({ origin: publicOrigin }), 'Phone');
    const phished = await signInOptions();
    const elsewhere = authenticator.get(phished.options, { origin: 'https://portal.evil.example' });
    expect((await passkeySignIn(phished.cookie, elsewhere)).json.error).toBe(ErrorCode.passkeyRefused);

    const stranger = createSoftwareAuthenticator({ origin: publicOrigin });
    stranger.create(await creationOptions(session));
    const unknown = await signInOptions();
    expect((await passkeySignIn(unknown.cookie, stranger.get(unknown.options))).json.error).toBe(
      ErrorCode.passkeyRefused,
    );
  });

  it('accepts a passkey made on the partner theme’s host, as its own relying party', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const onPartner = createSoftwareAuthenticator({ origin: partnerOrigin });
    const creation = await portal.request(api.passkeyCreationOptions, {
      method: 'POST',
      cookie: session,
      origin: partnerOrigin,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const options = creation.json as unknown as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp.id).toBe('miri.portal.test');
    const added = await portal.request(api.passkeys, {
      json: { name: 'Partner', response: onPartner.create(options) },
      cookie: session,
      origin: partnerOrigin,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(added.status).toBe(201);
    const { options: request, cookie } = await signInOptions(partnerOrigin);
    expect(request.rpId).toBe('miri.portal.test');
    expect((await passkeySignIn(cookie, onPartner.get(request))).status).toBe(200);
  });

  it('limits failed passkey sign-ins per address, counted before the checks', async () => {
    const { authenticator } = await addPasskey(await portal.signIn(owner, ownerPassword));
    const address = nextAddress();
    const tries = [];
    for (let index = 0; index < 40; index += 1) {
      const { options, cookie } = await signInOptions();
      tries.push({ cookie, answer: authenticator.get(options, { counter: 0 }) });
    }
    // Counter 0 after a used counter: every answer is refused, so every one takes a try.
    await portal.db.update(passkeys).set({ counter: 100 });
    const responses = await Promise.all(tries.map(({ cookie, answer }) => passkeySignIn(cookie, answer, address)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('a passkey as the second step', () => {
  it('answers the second step of a password sign-in, with the account’s own passkeys only', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const setup = await portal.request(api.authenticatorApp, { method: 'POST', cookie: session });
    await portal.request(api.confirmAuthenticatorApp, {
      json: {
        code: await generate({
          secret: String(setup.json.secret),
          epoch: Math.floor(portal.clock.current.getTime() / 1000),
        }),
      },
      cookie: session,
    });
    const { authenticator, passkey } = await addPasskey(session);
    const otherAuthenticator = (await addPasskey(await portal.signIn(other, otherPassword))).authenticator;

    const login = await portal.request(api.login, { json: { email: owner, password: ownerPassword } });
    expect(login.json).toEqual({
      outcome: 'secondFactorRequired',
      methods: ['passkey', 'authenticatorApp', 'recoveryCode'],
    });
    const challenge = /portal_second_factor=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const optionsFor = async () => {
      const response = await portal.request(api.secondFactorPasskeyOptions, { method: 'POST', cookie: challenge });
      expect(response.status).toBe(200);
      return response.json as unknown as PublicKeyCredentialRequestOptionsJSON;
    };
    const options = await optionsFor();
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([passkey.id]);

    const theirs = await portal.request(api.secondFactor, {
      json: { method: 'passkey', response: otherAuthenticator.get(options, { id: undefined }) },
      cookie: challenge,
    });
    expect(theirs.status).toBe(400);
    expect(theirs.json.error).toBe(ErrorCode.invalidCode);

    const answered = await portal.request(api.secondFactor, {
      json: { method: 'passkey', response: authenticator.get(await optionsFor()) },
      cookie: challenge,
    });
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ outcome: 'signedIn', user: { email: owner } });
  });

  it('gives no passkey options without a waiting second step', async () => {
    const response = await portal.request(api.secondFactorPasskeyOptions, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe(ErrorCode.secondFactorExpired);
  });
});

describe('recent sign-in', () => {
  const staleBy = recentSignInSeconds + 1;

  it('asks a session signed in more than 10 minutes ago to confirm, then carries on', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    advance(staleBy);
    const asked = await portal.request(api.passkeyCreationOptions, { method: 'POST', cookie: session });
    expect(asked.status).toBe(403);
    expect(asked.json).toEqual({
      error: ErrorCode.recentSignInRequired,
      message: 'For your security, confirm it is you before making this change.',
      methods: ['password'],
    });
    for (const [path, method, json] of [
      [api.authenticatorApp, 'POST', undefined],
      [api.linkedSignIns, 'DELETE', { provider: 'google', subject: 'x' }],
    ] as const) {
      expect((await portal.request(path, { method, json, cookie: session })).status, path).toBe(403);
    }

    const wrong = await portal.request(api.recentSignIn, {
      json: { method: 'password', password: 'nope' },
      cookie: session,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe(ErrorCode.invalidCredentials);
    const confirmed = await portal.request(api.recentSignIn, {
      json: { method: 'password', password: ownerPassword },
      cookie: session,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({
      recentUntil: new Date(portal.clock.current.getTime() + recentSignInSeconds * 1000).toISOString(),
    });
    expect((await portal.request(api.passkeyCreationOptions, { method: 'POST', cookie: session })).status).toBe(200);
  });

  it('confirms with a passkey, bound to the session that asked', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const { authenticator } = await addPasskey(session);
    const otherSession = await portal.signIn(owner, ownerPassword);
    advance(staleBy);
    const asked = await portal.request(api.passkeyCreationOptions, { method: 'POST', cookie: session });
    expect(asked.json.methods).toEqual(['password', 'passkey']);

    const options = (await portal.request(api.recentSignInPasskeyOptions, { method: 'POST', cookie: session }))
      .json as unknown as PublicKeyCredentialRequestOptionsJSON;
    const answer = authenticator.get(options);
    const elsewhere = await portal.request(api.recentSignIn, {
      json: { method: 'passkey', response: answer },
      cookie: otherSession,
    });
    expect(elsewhere.status).toBe(400);
    expect(
      (await portal.request(api.recentSignIn, { json: { method: 'passkey', response: answer }, cookie: session }))
        .status,
    ).toBe(200);
    expect((await portal.request(api.passkeyCreationOptions, { method: 'POST', cookie: otherSession })).status).toBe(
      403,
    );
  });

  it('takes no password for an account with an authenticator app on: a code or a passkey', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const setup = await portal.request(api.authenticatorApp, { method: 'POST', cookie: session });
    const secret = String(setup.json.secret);
    const epoch = () => Math.floor(portal.clock.current.getTime() / 1000);
    await portal.request(api.confirmAuthenticatorApp, {
      json: { code: await generate({ secret, epoch: epoch() }) },
      cookie: session,
    });
    advance(staleBy);
    const asked = await portal.request(api.passkeyCreationOptions, { method: 'POST', cookie: session });
    expect(asked.json.methods).toEqual(['authenticatorApp', 'recoveryCode']);
    const password = await portal.request(api.recentSignIn, {
      json: { method: 'password', password: ownerPassword },
      cookie: session,
    });
    expect(password.status).toBe(400);
    const code = await portal.request(api.recentSignIn, {
      json: { method: 'authenticatorApp', code: await generate({ secret, epoch: epoch() }) },
      cookie: session,
    });
    expect(code.status).toBe(200);
  });

  it('limits wrong passwords as a sign-in does', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    advance(staleBy);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        portal.request(api.recentSignIn, { json: { method: 'password', password: 'wrong-guess' }, cookie: session }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('refuses malformed proofs with a clear message', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    for (const body of [{}, { method: 'sms' }, { method: 'password' }, { method: 'authenticatorApp', code: '12' }]) {
      const response = await portal.request(api.recentSignIn, { json: body, cookie: session });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error).toBe(ErrorCode.validation);
    }
  });
});
