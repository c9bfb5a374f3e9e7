// @vitest-environment node
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import {
  authenticatorSetupSeconds,
  recoveryCodeCount,
  secondFactorChallengeSeconds,
  secondFactorLimits,
} from '../../contract/second-factor';
import { authenticatorApps, outbox, rateLimits, recoveryCodes, users } from '../../server/db/schema';
import {
  demoAccounts,
  demoAuthenticatorKey,
  demoPassword,
  demoRecoveryCodes,
  seedDemoAccounts,
} from '../../server/db/seed-demo';
import type { LocalOpenIdProvider } from '../../server/dev/local-openid-provider';
import { providerEnv, signInThrough, startTestProvider } from './federated-sign-in-fixtures';
import { clientAddresses, cookieFrom, startTestPortal, type TestPortal } from './support';

/**
 * Two-step sign-in (issue 22): an authenticator app's code or a recovery code after the password
 * (or provider); no session before it; wrong codes limited; a code good once.
 */

let idp: LocalOpenIdProvider;
let portal: TestPortal;
const nextAddress = clientAddresses();

const owner = 'owner@example.com';
const ownerPassword = 'owner-password-1';
const other = 'other@example.com';
const otherPassword = 'other-password-1';

beforeAll(async () => {
  ({ idp } = await startTestProvider());
  portal = await startTestPortal(providerEnv(idp.issuer));
});
afterAll(async () => {
  await portal.close();
  await idp.close();
});
beforeEach(async () => {
  portal.clock.current = new Date();
  await portal.db.delete(users);
  await portal.db.delete(outbox);
  await portal.db.delete(rateLimits);
  await portal.createUser(owner, ownerPassword);
  await portal.createUser(other, otherPassword);
});

/** The code an authenticator app shows for `secret` at the portal's time (plus `stepsLater` steps). */
const codeFor = (secret: string, stepsLater = 0) =>
  generate({ secret, epoch: Math.floor(portal.clock.current.getTime() / 1000) + stepsLater * 30 });

const advance = (seconds: number) => {
  portal.clock.current = new Date(portal.clock.current.getTime() + seconds * 1000);
};

/** Turns the app on for a signed-in account: its key and its first recovery codes. */
async function turnOn(session: string) {
  const setup = await portal.request(api.authenticatorApp, { method: 'POST', cookie: session });
  expect(setup.status).toBe(201);
  const secret = String(setup.json.secret);
  const confirmed = await portal.request(api.confirmAuthenticatorApp, {
    json: { code: await codeFor(secret) },
    cookie: session,
  });
  expect(confirmed.status).toBe(200);
  // The next code must be of a later step: move on so a test's first code is not a replay.
  advance(30);
  return { secret, recoveryCodes: confirmed.json.recoveryCodes as string[] };
}

/** A password sign-in that stops at the second step: the cookie of the waiting challenge. */
async function firstStep(email = owner, password = ownerPassword, address = nextAddress()) {
  const response = await portal.request(api.login, { json: { email, password }, address });
  expect(response.status).toBe(200);
  expect(response.json).toEqual({ outcome: 'secondFactorRequired', methods: ['authenticatorApp', 'recoveryCode'] });
  return challengeFrom(response.headers);
}

/** The Cookie header that carries a waiting second step. */
function challengeFrom(headers: Headers): string {
  const cookie = /portal_second_factor=[^;]+/.exec(headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no second-step cookie');
  return cookie;
}

const answer = (challenge: string | undefined, body: unknown, address = nextAddress()) =>
  portal.request(api.secondFactor, { json: body, cookie: challenge, address });

const mailsTo = (email: string) => portal.db.select().from(outbox).where(eq(outbox.toAddress, email));

describe('turning an authenticator app on', () => {
  it('shows a key, turns on with the first code, answers ten recovery codes once, and tells the owner', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const setup = await portal.request(api.authenticatorApp, { method: 'POST', cookie: session });
    expect(setup.status).toBe(201);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    const secret = String(setup.json.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json.otpauthUri).toBe(
      `otpauth://totp/${encodeURIComponent(portal.env.productName)}:${encodeURIComponent(owner)}?secret=${secret}&issuer=${encodeURIComponent(portal.env.productName)}`,
    );
    // Not on before its first code.
    expect((await portal.request(api.accountSecondFactor, { cookie: session })).json).toMatchObject({
      authenticatorApp: { enabled: false, enabledAt: null },
      recoveryCodes: { remaining: 0, createdAt: null },
    });
    expect((await portal.request(api.login, { json: { email: owner, password: ownerPassword } })).json.outcome).toBe(
      'signedIn',
    );

    const wrong = await portal.request(api.confirmAuthenticatorApp, { json: { code: '000000' }, cookie: session });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe(ErrorCode.invalidCode);

    const confirmed = await portal.request(api.confirmAuthenticatorApp, {
      json: { code: await codeFor(secret) },
      cookie: session,
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.json.recoveryCodes as string[];
    expect(codes).toHaveLength(recoveryCodeCount);
    expect(new Set(codes).size).toBe(recoveryCodeCount);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}-[0-9A-HJKMNP-TV-Z]{6}$/);

    const status = await portal.request(api.accountSecondFactor, { cookie: session });
    expect(status.json).toEqual({
      authenticatorApp: { enabled: true, enabledAt: portal.clock.current.toISOString() },
      recoveryCodes: { remaining: recoveryCodeCount, createdAt: portal.clock.current.toISOString() },
      requiredByTeam: null,
    });
    const mails = await mailsTo(owner);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Two-step sign-in is on for your ${portal.env.productName} account`,
    ]);

    // The key is sealed at rest, and the codes are kept as hashes.
    const stored = JSON.stringify([
      await portal.db.select().from(authenticatorApps),
      await portal.db.select().from(recoveryCodes),
    ]);
    expect(stored).not.toContain(secret);
    for (const code of codes) expect(stored).not.toContain(code.replaceAll('-', ''));
  });

  it('refuses a second setup while an app is on, and a first code after the setup expired', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const setup = await portal.request(api.authenticatorApp, { method: 'POST', cookie: session });
    advance(authenticatorSetupSeconds);
    const late = await portal.request(api.confirmAuthenticatorApp, {
      json: { code: await codeFor(String(setup.json.secret)) },
      cookie: session,
    });
    expect(late.status).toBe(400);
    expect(late.json.error).toBe(ErrorCode.secondFactorExpired);

    // Starting a setup needs a recent sign-in: the session above is older than ten minutes now.
    const fresh = await portal.signIn(owner, ownerPassword);
    await turnOn(fresh);
    const again = await portal.request(api.authenticatorApp, { method: 'POST', cookie: fresh });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(ErrorCode.secondFactorConflict);
  });

  it('needs a session for every setup call', async () => {
    for (const [path, method] of [
      [api.accountSecondFactor, 'GET'],
      [api.authenticatorApp, 'POST'],
      [api.confirmAuthenticatorApp, 'POST'],
      [api.authenticatorApp, 'DELETE'],
      [api.recoveryCodes, 'POST'],
    ] as const) {
      const response = await portal.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('signing in with the app on', () => {
  it('starts no session with the password alone: the browser holds only the waiting second step', async () => {
    await turnOn(await portal.signIn(owner, ownerPassword));
    const response = await portal.request(api.login, { json: { email: owner, password: ownerPassword } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ outcome: 'secondFactorRequired', methods: ['authenticatorApp', 'recoveryCode'] });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).not.toContain('portal_session=');
    expect(setCookie).toMatch(/^portal_second_factor=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toContain(`Path=${api.secondFactor}`);
    expect(setCookie).toContain(`Max-Age=${secondFactorChallengeSeconds}`);
    const check = await portal.request(api.user, { cookie: challengeFrom(response.headers) });
    expect(check.json).toEqual({ user: null });
    // Nor can a session be started another way for such an account.
    const [account] = await portal.db.select().from(users).where(eq(users.email, owner));
    await expect(
      portal.services.sessions.start(account as typeof users.$inferSelect, {
        method: 'password',
        userAgent: null,
        clientAddress: '203.0.113.1',
      }),
    ).rejects.toThrow(/second step/);
  });

  it('signs in with the code the app shows; the same code is refused the second time', async () => {
    const { secret } = await turnOn(await portal.signIn(owner, ownerPassword));
    const code = await codeFor(secret);

    const wrong = await answer(await firstStep(), { method: 'authenticatorApp', code: '123 456' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe(ErrorCode.invalidCode);

    const challenge = await firstStep();
    const right = await answer(challenge, { method: 'authenticatorApp', code });
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({
      outcome: 'signedIn',
      user: { email: owner },
      redirect: null,
      accountCreated: false,
    });
    const session = cookieFrom(right.headers);
    expect((await portal.request(api.user, { cookie: session })).json.user).toMatchObject({ email: owner });
    // The challenge is used up, and its cookie cleared.
    expect(right.headers.get('set-cookie')).toMatch(/portal_second_factor=;/);
    expect((await answer(challenge, { method: 'authenticatorApp', code })).json.error).toBe(
      ErrorCode.secondFactorExpired,
    );

    const replay = await answer(await firstStep(), { method: 'authenticatorApp', code });
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe(ErrorCode.invalidCode);
    // The next step's code is good (a phone's clock a step ahead).
    const ahead = await answer(await firstStep(), { method: 'authenticatorApp', code: await codeFor(secret, 1) });
    expect(ahead.status).toBe(200);
  });

  it('accepts one right code once when it is sent twice at once', async () => {
    const { secret } = await turnOn(await portal.signIn(owner, ownerPassword));
    const code = await codeFor(secret);
    const challenges = [await firstStep(), await firstStep()];
    const answers = await Promise.all(
      challenges.map((challenge) => answer(challenge, { method: 'authenticatorApp', code })),
    );
    expect(answers.map((response) => response.status).sort()).toEqual([200, 400]);
  });

  it('signs in with a recovery code once, typed in any case and grouping, and tells the owner how many are left', async () => {
    const { recoveryCodes: codes } = await turnOn(await portal.signIn(owner, ownerPassword));
    const [first = ''] = codes;
    const typed = first.replaceAll('-', ' ').toLowerCase().replaceAll('0', 'o').replaceAll('1', 'l');
    const used = await answer(await firstStep(), { method: 'recoveryCode', code: typed });
    expect(used.status).toBe(200);
    const again = await answer(await firstStep(), { method: 'recoveryCode', code: first });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(ErrorCode.invalidCode);

    const mails = await mailsTo(owner);
    const notice = mails.find((mail) => mail.subject.startsWith('A recovery code was used'));
    expect(notice?.textBody).toContain(`You have ${recoveryCodeCount - 1} recovery codes left.`);
    const session = cookieFrom(used.headers);
    expect((await portal.request(api.accountSecondFactor, { cookie: session })).json.recoveryCodes).toMatchObject({
      remaining: recoveryCodeCount - 1,
    });
  });

  it('lets a waiting second step expire after five minutes, and refuses an answer without one', async () => {
    const { secret } = await turnOn(await portal.signIn(owner, ownerPassword));
    const challenge = await firstStep();
    advance(secondFactorChallengeSeconds);
    const late = await answer(challenge, { method: 'authenticatorApp', code: await codeFor(secret) });
    expect(late.status).toBe(400);
    expect(late.json.error).toBe(ErrorCode.secondFactorExpired);
    const none = await answer(undefined, { method: 'authenticatorApp', code: await codeFor(secret) });
    expect(none.json.error).toBe(ErrorCode.secondFactorExpired);
  });

  it('refuses malformed answers with the contract message and changes nothing', async () => {
    const challenge = await firstStepAfterTurningOn();
    for (const body of [
      { method: 'authenticatorApp', code: '12345' },
      { method: 'authenticatorApp', code: 'abcdef' },
      { method: 'recoveryCode', code: 'short' },
      { method: 'sms', code: '123456' },
      {},
    ]) {
      const response = await answer(challenge, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error).toBe(ErrorCode.validation);
    }
    // No try was spent on them.
    const spent = await portal.db.select().from(rateLimits);
    expect(spent.filter((row) => row.key.startsWith('second-factor') && row.count > 0)).toEqual([]);
  });

  it('limits wrong codes per account: 40 sent at once give 5 refusals and 35 × 429, and then a right code waits too', async () => {
    const { secret } = await turnOn(await portal.signIn(owner, ownerPassword));
    const challenge = await firstStep();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        answer(challenge, { method: 'authenticatorApp', code: String(100000 + index) }, nextAddress()),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(secondFactorLimits.perAccount.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - secondFactorLimits.perAccount.limit);
    expect(answers.find((response) => response.status === 429)?.headers.get('retry-after')).toBeTruthy();
    const right = await answer(challenge, { method: 'authenticatorApp', code: await codeFor(secret) });
    expect(right.status).toBe(429);
  });

  it("refuses another account's code for this account's sign-in", async () => {
    const { secret: ownerSecret } = await turnOn(await portal.signIn(owner, ownerPassword));
    await turnOn(await portal.signIn(other, otherPassword));
    const otherChallenge = await firstStep(other, otherPassword);
    const crossed = await answer(otherChallenge, { method: 'authenticatorApp', code: await codeFor(ownerSecret) });
    expect(crossed.status).toBe(400);
    expect(crossed.json.error).toBe(ErrorCode.invalidCode);
  });

  it('asks a provider sign-in for the second step too, and leads where it was started to', async () => {
    const person = 'new.person@example.com';
    const created = await signInThrough(portal, 'google', person, { redirect: '/subscription' });
    expect(created.json.outcome).toBe('signedIn');
    const { secret } = await turnOn(cookieFrom(created.headers));

    const again = await signInThrough(portal, 'google', person, { redirect: '/reports' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ outcome: 'secondFactorRequired', methods: ['authenticatorApp', 'recoveryCode'] });
    expect(again.headers.get('set-cookie')).not.toContain('portal_session=');
    const signedIn = await answer(challengeFrom(again.headers), {
      method: 'authenticatorApp',
      code: await codeFor(secret),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ outcome: 'signedIn', user: { email: person }, redirect: '/reports' });
  });
});

/** The owner's app turned on, and a sign-in waiting for its second step. */
async function firstStepAfterTurningOn() {
  await turnOn(await portal.signIn(owner, ownerPassword));
  return firstStep();
}

describe('turning the app off and new recovery codes', () => {
  it('turns off only with a code, deletes the recovery codes, tells the owner, and sign-in needs the password alone again', async () => {
    const ownerSession = await portal.signIn(owner, ownerPassword);
    const { secret, recoveryCodes: codes } = await turnOn(ownerSession);

    const unproved = await portal.request(api.authenticatorApp, {
      method: 'DELETE',
      json: { proof: { method: 'authenticatorApp', code: '000000' } },
      cookie: ownerSession,
    });
    expect(unproved.status).toBe(400);
    expect(unproved.json.error).toBe(ErrorCode.invalidCode);

    // Another person's session turns off nothing of the owner's, even with the owner's code.
    const otherSession = await portal.signIn(other, otherPassword);
    const foreign = await portal.request(api.authenticatorApp, {
      method: 'DELETE',
      json: { proof: { method: 'authenticatorApp', code: await codeFor(secret) } },
      cookie: otherSession,
    });
    expect(foreign.status).toBe(409);
    expect(foreign.json.error).toBe(ErrorCode.secondFactorConflict);

    const off = await portal.request(api.authenticatorApp, {
      method: 'DELETE',
      json: { proof: { method: 'authenticatorApp', code: await codeFor(secret) } },
      cookie: ownerSession,
    });
    expect(off.status).toBe(204);
    expect(await portal.db.select().from(recoveryCodes)).toEqual([]);
    expect((await mailsTo(owner)).map((mail) => mail.subject)).toContain(
      `Two-step sign-in is off for your ${portal.env.productName} account`,
    );
    const signIn = await portal.request(api.login, { json: { email: owner, password: ownerPassword } });
    expect(signIn.json.outcome).toBe('signedIn');
    expect(codes).toHaveLength(recoveryCodeCount);
  });

  it('makes a new set only with a code; the old set stops working', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    const { recoveryCodes: oldCodes } = await turnOn(session);
    const [proofCode = '', oldCode = ''] = oldCodes;

    const unproved = await portal.request(api.recoveryCodes, {
      json: { proof: { method: 'authenticatorApp', code: '000000' } },
      cookie: session,
    });
    expect(unproved.status).toBe(400);

    const renewed = await portal.request(api.recoveryCodes, {
      json: { proof: { method: 'recoveryCode', code: proofCode } },
      cookie: session,
    });
    expect(renewed.status).toBe(200);
    const newCodes = renewed.json.recoveryCodes as string[];
    expect(newCodes).toHaveLength(recoveryCodeCount);
    expect(newCodes).not.toContain(oldCode);
    // A code that proved a change signed nobody in: no mail says so.
    const recoveryMails = async () =>
      (await mailsTo(owner)).filter((mail) => mail.subject.startsWith('A recovery code was used'));
    expect(await recoveryMails()).toEqual([]);

    expect((await answer(await firstStep(), { method: 'recoveryCode', code: oldCode })).status).toBe(400);
    expect((await answer(await firstStep(), { method: 'recoveryCode', code: newCodes[0] ?? '' })).status).toBe(200);
    expect(await recoveryMails()).toHaveLength(1);
  });

  it('refuses new codes and turning off for an account whose app is off', async () => {
    const session = await portal.signIn(owner, ownerPassword);
    for (const [path, method] of [
      [api.recoveryCodes, 'POST'],
      [api.authenticatorApp, 'DELETE'],
    ] as const) {
      const response = await portal.request(path, {
        method,
        json: { proof: { method: 'authenticatorApp', code: '123456' } },
        cookie: session,
      });
      expect(response.status).toBe(409);
      expect(response.json.error).toBe(ErrorCode.secondFactorConflict);
    }
  });
});

describe('demo data', () => {
  it('gives the two-step account an app with the published key and ten recovery codes', async () => {
    const demo = await startTestPortal();
    try {
      await seedDemoAccounts(demo.db, () => demo.clock.current, demo.env.keyEncryptionKey);
      const login = await demo.request(api.login, { json: { email: demoAccounts.twoStep, password: demoPassword } });
      expect(login.json.outcome).toBe('secondFactorRequired');
      const code = await generate({
        secret: demoAuthenticatorKey,
        epoch: Math.floor(demo.clock.current.getTime() / 1000),
      });
      const signedIn = await demo.request(api.secondFactor, {
        json: { method: 'authenticatorApp', code },
        cookie: challengeFrom(login.headers),
      });
      expect(signedIn.status).toBe(200);
      const status = await demo.request(api.accountSecondFactor, { cookie: cookieFrom(signedIn.headers) });
      expect(status.json).toMatchObject({
        authenticatorApp: { enabled: true },
        recoveryCodes: { remaining: demoRecoveryCodes.length },
      });

      const again = await demo.request(api.login, { json: { email: demoAccounts.twoStep, password: demoPassword } });
      const withRecovery = await demo.request(api.secondFactor, {
        json: { method: 'recoveryCode', code: demoRecoveryCodes[0] },
        cookie: challengeFrom(again.headers),
      });
      expect(withRecovery.status).toBe(200);

      // The two-step account's team requires two-step sign-in; its admin without it is kept out.
      const owned = await demo.request(api.subscriptionTeam('demo-teams-two-step'), {
        cookie: cookieFrom(withRecovery.headers),
      });
      expect(owned.json).toMatchObject({ name: 'Harbor Security', requireSecondFactor: true });
      const member = await demo.signIn(demoAccounts.secureMember, demoPassword);
      expect((await demo.request(api.accountSecondFactor, { cookie: member })).json.requiredByTeam).toBe(
        'Harbor Security',
      );
      const keptOut = await demo.request(api.subscriptionTeam('demo-teams-two-step'), { cookie: member });
      expect(keptOut.json.error).toBe(ErrorCode.secondFactorSetupRequired);
    } finally {
      await demo.close();
    }
  });
});
