// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { SessionCheckResponse } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import {
  FederatedSignInMessage,
  identityLinkLifetimeSeconds,
  identityLinkLimits,
} from '../../contract/federated-sign-in';
import { LinkedSignInMessage, LinkedSignInsResponse } from '../../contract/linked-sign-ins';
import { ResetTokenStatus } from '../../contract/password';
import { federatedIdentities, outbox, rateLimits, users } from '../../server/db/schema';
import { demoAccounts, demoPassword, seedDemoAccounts } from '../../server/db/seed-demo';
import type { LocalOpenIdProvider } from '../../server/dev/local-openid-provider';
import { identityLinkCookieName } from '../../server/routes/federated-sign-in';
import { providerEnv, signInThrough, startTestProvider } from './federated-sign-in-fixtures';
import { clientAddresses, cookieFrom, startTestPortal, type TestPortal } from './support';

/**
 * Linking a provider's sign-in to an account that exists (issue 21): the provider vouching for the
 * address is not enough; the account's owner consents with its password or a mailed link, is told
 * by mail, and can see and remove linked sign-ins, keeping one way in.
 */

let idp: LocalOpenIdProvider;
let portal: TestPortal;
const nextAddress = clientAddresses();

// Identities of the local provider (server/dev/local-openid-provider.ts) whose addresses are verified.
const owner = 'individual@demo.bondline.example';
const ownerPassword = 'individual-password-1';
const companyPerson = 'casey@northwind.example';

beforeAll(async () => {
  ({ idp } = await startTestProvider());
  portal = await startTestPortal(providerEnv(idp.issuer));
});
afterAll(async () => {
  await portal.close();
  await idp.close();
});
beforeEach(async () => {
  // The provider stamps its tokens with the real time; the portal checks them against its clock.
  portal.clock.current = new Date();
  // Each test starts from one account with a password, nothing mailed and no limit spent.
  await portal.db.delete(users);
  await portal.db.delete(outbox);
  await portal.db.delete(rateLimits);
  await portal.createUser(owner, ownerPassword);
});

const accountOf = async (email: string) => (await portal.db.select().from(users).where(eq(users.email, email)))[0];
const identitiesOf = async (email: string) =>
  portal.db
    .select({ provider: federatedIdentities.provider, subject: federatedIdentities.subject })
    .from(federatedIdentities)
    .innerJoin(users, eq(users.id, federatedIdentities.userId))
    .where(eq(users.email, email));
const mailsTo = (email: string) => portal.db.select().from(outbox).where(eq(outbox.toAddress, email));

function linkCookieFrom(headers: Headers): string {
  const match = new RegExp(`${identityLinkCookieName}=([^;]*)`).exec(headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no identity link cookie');
  return `${identityLinkCookieName}=${match[1]}`;
}

/** A provider sign-in for an address that has an account: it waits, and its cookie names it. */
async function waitingSignIn(email = owner, redirect = '/routers') {
  const response = await signInThrough(portal, 'google', email, { address: nextAddress(), redirect });
  expect(response.json).toMatchObject({ outcome: 'linkRequired' });
  return linkCookieFrom(response.headers);
}

const linkWithPassword = (cookie: string | undefined, password: string, address = nextAddress()) =>
  portal.request(api.linkProviderWithPassword, { json: { password }, cookie, address });

/** The token of the newest consent link mailed to an address. */
async function mailedLinkTokenTo(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const tokens = mails.flatMap((mail) => [...(mail.textBody ?? '').matchAll(/\/auth\/link\/([A-Za-z0-9_-]{43})/g)]);
  const token = tokens.at(-1)?.[1];
  if (!token) throw new Error(`no consent link mailed to ${email}`);
  return token;
}

describe('consent with the account password', () => {
  it('is refused for a wrong password, then links, signs in where the sign-in was headed, and tells the owner', async () => {
    const cookie = await waitingSignIn();

    const wrong = await linkWithPassword(cookie, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      error: ErrorCode.invalidCredentials,
      message: FederatedSignInMessage.linkPasswordIncorrect,
    });
    expect(await identitiesOf(owner)).toEqual([]);

    const right = await linkWithPassword(cookie, ownerPassword);
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({ outcome: 'signedIn', accountCreated: false, redirect: '/routers' });
    const session = await portal.request(api.user, { cookie: cookieFrom(right.headers) });
    expect(v.parse(SessionCheckResponse, session.json).user?.email).toBe(owner);
    expect(await identitiesOf(owner)).toEqual([{ provider: 'google', subject: owner }]);
    const [notice] = await mailsTo(owner);
    expect(notice?.subject).toMatch(/^Sign-in with Google was added to your .+ account$/);

    // The next provider sign-in needs no consent: the identity is known by its subject.
    const again = await signInThrough(portal, 'google', owner, { address: nextAddress() });
    expect(again.json).toMatchObject({ outcome: 'signedIn' });
  });

  it('links once, also when two consents come at once', async () => {
    const cookie = await waitingSignIn();
    const answers = await Promise.all([
      linkWithPassword(cookie, ownerPassword),
      linkWithPassword(cookie, ownerPassword),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.json).toEqual({
      error: ErrorCode.linkExpired,
      message: FederatedSignInMessage.linkExpired,
    });
    expect(await identitiesOf(owner)).toHaveLength(1);
    expect(await mailsTo(owner)).toHaveLength(1);
  });

  it('counts wrong passwords as failed sign-ins of the account, also when they come at once', async () => {
    const cookie = await waitingSignIn();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => linkWithPassword(cookie, 'a-wrong-guess', '203.0.113.40')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // The limit is the account's: the sign-in page is closed to guesses too.
    const signIn = await portal.request(api.login, { json: { email: owner, password: 'another-guess' } });
    expect(signIn.status).toBe(429);
  });

  it('needs the browser that made the sign-in, within its 30 minutes', async () => {
    expect((await linkWithPassword(undefined, ownerPassword)).json).toMatchObject({ error: ErrorCode.linkExpired });
    const cookie = await waitingSignIn();
    portal.clock.current = new Date(portal.clock.current.getTime() + identityLinkLifetimeSeconds * 1000 + 1000);
    const late = await linkWithPassword(cookie, ownerPassword);
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ error: ErrorCode.linkExpired });
    expect(await identitiesOf(owner)).toEqual([]);
  });
});

describe('consent by a mailed link', () => {
  it('mails the account address a link that links once and signs in', async () => {
    const cookie = await waitingSignIn(owner, '/billing');
    const mailed = await portal.request(api.mailProviderLink, { method: 'POST', cookie });
    expect(mailed.status).toBe(202);
    expect(mailed.json).toEqual({ success: true, message: FederatedSignInMessage.linkMailSent });
    const [mail] = await mailsTo(owner);
    expect(mail?.subject).toMatch(/^Link your Google sign-in to your .+ account$/);
    expect(await identitiesOf(owner)).toEqual([]);

    const token = await mailedLinkTokenTo(owner);
    // Opened in another browser: the link is enough.
    const confirmed = await portal.request(api.confirmProviderLink, { json: { token }, address: nextAddress() });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ outcome: 'signedIn', redirect: '/billing' });
    expect(confirmed.headers.get('set-cookie')).toContain('portal_session=');
    expect(await identitiesOf(owner)).toEqual([{ provider: 'google', subject: owner }]);

    const twice = await portal.request(api.confirmProviderLink, { json: { token }, address: nextAddress() });
    expect(twice.status).toBe(400);
    expect(twice.json).toEqual({ error: ErrorCode.linkExpired, message: FederatedSignInMessage.linkExpired });
  });

  it('a newer mail replaces the link of the one before, and mails are limited per waiting sign-in', async () => {
    const cookie = await waitingSignIn();
    const statuses: number[] = [];
    const tokens: string[] = [];
    for (let mail = 0; mail <= identityLinkLimits.mailsPerLink.limit; mail++) {
      statuses.push((await portal.request(api.mailProviderLink, { method: 'POST', cookie })).status);
      if (statuses.at(-1) === 202) tokens.push(await mailedLinkTokenTo(owner));
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const [first, , last] = tokens;
    const stale = await portal.request(api.confirmProviderLink, { json: { token: first }, address: nextAddress() });
    expect(stale.status).toBe(400);
    const fresh = await portal.request(api.confirmProviderLink, { json: { token: last }, address: nextAddress() });
    expect(fresh.status).toBe(200);
  });

  it('refuses a malformed token with the contract message, and links nothing', async () => {
    const response = await portal.request(api.confirmProviderLink, { json: { token: 'short' } });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: ErrorCode.validation,
      message: `token: ${FederatedSignInMessage.linkExpired}`,
    });
  });
});

describe('linked sign-ins on the account page', () => {
  async function linkedAccount() {
    const cookie = await waitingSignIn();
    const linked = await linkWithPassword(cookie, ownerPassword);
    return cookieFrom(linked.headers);
  }

  it('lists the account’s own, and another person can neither see nor remove them', async () => {
    const session = await linkedAccount();
    const listed = await portal.request(api.linkedSignIns, { cookie: session });
    expect(listed.status).toBe(200);
    const body = v.parse(LinkedSignInsResponse, listed.json);
    expect(body.passwordSet).toBe(true);
    expect(body.linkedSignIns).toEqual([
      {
        provider: 'google',
        subject: owner,
        email: owner,
        linkedAt: portal.clock.current.toISOString(),
        lastUsedAt: portal.clock.current.toISOString(),
      },
    ]);

    await portal.createUser('second.person@example.com', 'second-password-1');
    const stranger = await portal.signIn('second.person@example.com', 'second-password-1');
    const theirs = await portal.request(api.linkedSignIns, { cookie: stranger });
    expect(v.parse(LinkedSignInsResponse, theirs.json).linkedSignIns).toEqual([]);
    const refused = await portal.request(api.linkedSignIns, {
      method: 'DELETE',
      json: { provider: 'google', subject: owner },
      cookie: stranger,
    });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ error: ErrorCode.notFound, message: LinkedSignInMessage.notLinked });
    expect(await identitiesOf(owner)).toHaveLength(1);
    expect((await portal.request(api.linkedSignIns)).status).toBe(401);
  });

  it('unlinks one, tells the owner, and logs it', async () => {
    const session = await linkedAccount();
    const removed = await portal.request(api.linkedSignIns, {
      method: 'DELETE',
      json: { provider: 'google', subject: owner },
      cookie: session,
    });
    expect(removed.status).toBe(204);
    expect(await identitiesOf(owner)).toEqual([]);
    const subjects = (await mailsTo(owner)).map((mail) => mail.subject);
    expect(subjects.some((subject) => /^Sign-in with Google was removed from your .+ account$/.test(subject))).toBe(
      true,
    );
    expect(portal.logLines.join('')).toMatch(/"security":"identity.unlinked"[^\n]*"reason":"owner"/);
  });

  it('refuses a bad body with the contract message', async () => {
    const session = await linkedAccount();
    const response = await portal.request(api.linkedSignIns, {
      method: 'DELETE',
      json: { provider: 'myspace', subject: owner },
      cookie: session,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: ErrorCode.validation });
    expect(await identitiesOf(owner)).toHaveLength(1);
  });

  it('keeps the last way in of an account without a password, also when two unlinks come at once', async () => {
    // Created by the company's provider: no password; then Google linked by the mailed link.
    const created = await signInThrough(portal, 'enterprise', companyPerson, { address: nextAddress() });
    expect(created.json).toMatchObject({ outcome: 'signedIn', accountCreated: true });
    const waiting = await signInThrough(portal, 'google', companyPerson, { address: nextAddress() });
    expect(waiting.json).toMatchObject({ outcome: 'linkRequired', passwordSet: false });
    await portal.request(api.mailProviderLink, { method: 'POST', cookie: linkCookieFrom(waiting.headers) });
    const confirmed = await portal.request(api.confirmProviderLink, {
      json: { token: await mailedLinkTokenTo(companyPerson) },
    });
    const session = cookieFrom(confirmed.headers);
    expect(await identitiesOf(companyPerson)).toHaveLength(2);

    const answers = await Promise.all(
      (['google', 'enterprise'] as const).map((provider) =>
        portal.request(api.linkedSignIns, {
          method: 'DELETE',
          json: { provider, subject: companyPerson },
          cookie: session,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json).toEqual({
      error: ErrorCode.lastWayIn,
      message: LinkedSignInMessage.lastWayIn,
    });
    expect(await identitiesOf(companyPerson)).toHaveLength(1);
  });
});

describe('an account whose address nobody proved yet', () => {
  it('is proved and linked by a provider that vouches for the address, without consent (it had no way in)', async () => {
    await portal.db.update(users).set({ passwordHash: null, emailVerifiedAt: null }).where(eq(users.email, owner));
    const response = await signInThrough(portal, 'google', owner, { address: nextAddress() });
    expect(response.json).toMatchObject({ outcome: 'signedIn', accountCreated: false });
    expect((await accountOf(owner))?.emailVerifiedAt).not.toBeNull();
    expect(await identitiesOf(owner)).toHaveLength(1);
  });
});

describe('a password reset', () => {
  async function resetLink(): Promise<string> {
    // After the mail that told of the link, so that the reset mail is the newest.
    portal.clock.current = new Date(portal.clock.current.getTime() + 1000);
    await portal.request(api.forgotPassword, { json: { email: owner } });
    const mail = await portal.newestMailTo(owner);
    const token = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1];
    if (!token) throw new Error('no reset link');
    return token;
  }

  it('names the linked providers and, when asked, removes their sign-ins', async () => {
    await linkWithPassword(await waitingSignIn(), ownerPassword);
    const token = await resetLink();
    const status = await portal.request(`${api.resetPassword}/${token}`);
    expect(v.parse(ResetTokenStatus, status.json)).toEqual({ valid: true, linkedProviders: ['google'] });

    const reset = await portal.request(api.resetPassword, {
      json: { token, password: 'a brand new passphrase 7', unlinkSignIns: true },
    });
    expect(reset.status).toBe(200);
    expect(await identitiesOf(owner)).toEqual([]);
    expect(portal.logLines.join('')).toMatch(/"security":"identity.unlinked"[^\n]*"reason":"passwordReset"/);
  });

  it('keeps them unless asked, and names none for a link that does not work', async () => {
    await linkWithPassword(await waitingSignIn(), ownerPassword);
    const token = await resetLink();
    const reset = await portal.request(api.resetPassword, { json: { token, password: 'a brand new passphrase 8' } });
    expect(reset.status).toBe(200);
    const [identity] = await portal.db
      .select()
      .from(federatedIdentities)
      .where(and(eq(federatedIdentities.provider, 'google'), eq(federatedIdentities.subject, owner)));
    expect(identity).toBeDefined();
    const used = await portal.request(`${api.resetPassword}/${token}`);
    expect(used.json).toEqual({ valid: false, linkedProviders: [] });
  });
});

describe('demo data', () => {
  it('gives the traveller a used Google sign-in and a never-used Microsoft one, each unlinkable', async () => {
    const demo = await startTestPortal();
    try {
      await seedDemoAccounts(demo.db);
      const cookie = await demo.signIn(demoAccounts.traveller, demoPassword);
      const listed = v.parse(LinkedSignInsResponse, (await demo.request(api.linkedSignIns, { cookie })).json);
      expect(listed.passwordSet).toBe(true);
      expect(listed.linkedSignIns.map(({ provider, lastUsedAt }) => [provider, lastUsedAt !== null])).toEqual([
        ['google', true],
        ['microsoft', false],
      ]);
    } finally {
      await demo.close();
    }
  });
});
