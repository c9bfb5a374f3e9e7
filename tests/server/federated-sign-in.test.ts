// @vitest-environment node
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { SessionCheckResponse } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import {
  CompleteSignInResponse,
  FederatedSignInMessage,
  federatedSignInLimits,
} from '../../contract/federated-sign-in';
import { federatedIdentities, federatedSignIns, sessions, users } from '../../server/db/schema';
import type { LocalOpenIdProvider } from '../../server/dev/local-openid-provider';
import { parseEnv } from '../../server/env';
import {
  completeSignIn,
  providerEnv,
  signInAtProvider,
  signInThrough,
  startSignIn,
  startTestProvider,
  type TokenTampering,
} from './federated-sign-in-fixtures';
import { clientAddresses, cookieFrom, startTestPortal, type TestPortal, testKeyEncryptionKey } from './support';

let idp: LocalOpenIdProvider;
let tamper: { current: TokenTampering };
let portal: TestPortal;
const nextAddress = clientAddresses();

const verifiedMatch = 'individual@demo.bondline.example';
const newPerson = 'new.person@example.com';
const unverifiedMatch = 'team.user@demo.bondline.example';
const companyPerson = 'casey@northwind.example';

beforeAll(async () => {
  ({ idp, tamper } = await startTestProvider());
  portal = await startTestPortal(providerEnv(idp.issuer));
  await portal.createUser(verifiedMatch, 'individual-password-1');
  await portal.createUser(unverifiedMatch, 'team-user-password-1');
});
afterAll(async () => {
  await portal.close();
  await idp.close();
});
beforeEach(() => {
  // The provider stamps its tokens with the real time; the portal checks them against its clock.
  portal.clock.current = new Date();
  tamper.current = null;
});

const userByEmail = async (email: string) =>
  (await portal.db.select().from(users).where(eq(users.email, email)).limit(1))[0];

describe('a first sign-in with a social provider', () => {
  it('creates the account, with the provider as its idp, starts a session and leads where it was started to', async () => {
    const address = nextAddress();
    const response = await signInThrough(portal, 'google', newPerson, {
      redirect: '/activate?activationCode=482913',
      address,
    });
    expect(response.status).toBe(200);
    expect(v.parse(CompleteSignInResponse, response.json)).toMatchObject({
      outcome: 'signedIn',
      accountCreated: true,
      redirect: '/activate?activationCode=482913',
      user: { email: newPerson, idp: 'google', phone: null },
    });

    const account = await userByEmail(newPerson);
    expect(account).toMatchObject({ idp: 'google', passwordHash: null });
    const [session] = await portal.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, account?.id ?? ''));
    expect(session).toMatchObject({ signInMethod: 'provider', provider: 'google', clientAddress: address });

    const check = await portal.request(api.user, { cookie: cookieFrom(response.headers) });
    expect(v.parse(SessionCheckResponse, check.json).user?.email).toBe(newPerson);
  });

  it('signs the same person in again by their subject, without a second account', async () => {
    const response = await signInThrough(portal, 'google', newPerson, { address: nextAddress() });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ accountCreated: false, redirect: '/account' });
    expect(await portal.db.select().from(users).where(eq(users.email, newPerson))).toHaveLength(1);
  });
});

describe('an existing account with the same address', () => {
  it('is not linked by the provider alone: the sign-in waits for its owner, with no session and no link', async () => {
    const before = await userByEmail(verifiedMatch);
    const response = await signInThrough(portal, 'google', verifiedMatch, { address: nextAddress() });
    expect(response.status).toBe(200);
    expect(v.parse(CompleteSignInResponse, response.json)).toEqual({
      outcome: 'linkRequired',
      provider: 'google',
      email: verifiedMatch,
      passwordSet: true,
    });
    expect(response.headers.get('set-cookie') ?? '').not.toContain('portal_session=');
    expect(await userByEmail(verifiedMatch)).toEqual(before);
    const identities = await portal.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.userId, before?.id ?? ''));
    expect(identities).toEqual([]);
  });

  it('never creates an account on an unverified address: refused, and nothing is stored', async () => {
    const response = await signInThrough(portal, 'google', 'unproved.person@example.com', { address: nextAddress() });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: ErrorCode.emailNotVerified,
      message: FederatedSignInMessage.emailNotVerified,
    });
    expect(await userByEmail('unproved.person@example.com')).toBeUndefined();
  });

  it('is never taken over on an unverified address: refused, and the account is unchanged', async () => {
    const before = await userByEmail(unverifiedMatch);
    const response = await signInThrough(portal, 'google', unverifiedMatch, { address: nextAddress() });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: ErrorCode.emailNotVerified,
      message: FederatedSignInMessage.emailNotVerified,
    });
    expect(response.headers.get('set-cookie') ?? '').not.toContain('portal_session=');
    expect(await userByEmail(unverifiedMatch)).toEqual(before);
    expect(
      await portal.db
        .select()
        .from(federatedIdentities)
        .where(eq(federatedIdentities.userId, before?.id ?? '')),
    ).toEqual([]);
    expect(
      await portal.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, before?.id ?? '')),
    ).toEqual([]);
    // The person can still sign in with their password.
    await portal.signIn(unverifiedMatch, 'team-user-password-1', { address: nextAddress() });
  });
});

describe('enterprise sign-in by the work address', () => {
  it("leads a configured domain to its company's provider, hinting the address, and creates the account", async () => {
    const started = await startSignIn(portal, 'company', { email: 'Casey@Northwind.example', address: nextAddress() });
    expect(new URL(started.authorizationUrl).searchParams.get('login_hint')).toBe(companyPerson);
    const answer = await signInAtProvider(started.authorizationUrl, companyPerson);
    const response = await completeSignIn(portal, 'enterprise', Object.fromEntries(answer), started);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ accountCreated: true, user: { email: companyPerson, idp: 'enterprise' } });
  });

  it('says so for a domain no company has configured', async () => {
    const response = await portal.request(api.startCompanySignIn, {
      json: { email: 'sam@elsewhere.example' },
      address: nextAddress(),
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: ErrorCode.unknownDomain, message: FederatedSignInMessage.unknownDomain });
  });

  it('refuses a malformed work address with the contract message', async () => {
    const response = await portal.request(api.startCompanySignIn, {
      json: { email: 'casey@' },
      address: nextAddress(),
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe(ErrorCode.validation);
  });

  it('is reached only through a work address, not as a button', async () => {
    const response = await portal.request(api.startProviderSignIn('enterprise'), { json: {}, address: nextAddress() });
    expect(response.status).toBe(404);
  });
});

describe('providers that are not configured', () => {
  it('answer 404 to a start and to a completion', async () => {
    for (const provider of ['microsoft', 'myspace']) {
      const start = await portal.request(api.startProviderSignIn(provider), { json: {}, address: nextAddress() });
      expect(start.status).toBe(404);
      expect(start.json).toEqual({ error: ErrorCode.notFound, message: FederatedSignInMessage.providerUnknown });
      const complete = await portal.request(api.completeProviderSignIn(provider), {
        json: { code: 'x', state: 'y' },
        address: nextAddress(),
      });
      expect(complete.status).toBe(404);
    }
  });

  it('are not offered to the page, and a provider that is configured in part stops the start', () => {
    const env = parseEnv(providerEnv('https://accounts.example'));
    expect(env.federatedSignIn.providers.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'enterprise', name: 'Northwind' },
    ]);
    expect(env.federatedSignIn.localProvider).toBeNull();
    expect(() => parseEnv({ OIDC_MICROSOFT_ISSUER: 'https://login.example' })).toThrow(
      /OIDC_MICROSOFT_CLIENT_ID: is required/,
    );
    expect(() =>
      parseEnv({
        APP_ENV: 'production',
        PUBLIC_ORIGIN: 'https://portal.example',
        BILLING_WEBHOOK_SECRET: 'x'.repeat(32),
        KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
        ...providerEnv(idp.issuer),
      }),
    ).toThrow(/OIDC_GOOGLE_ISSUER: must be https/);
  });
});

describe('answers that do not check out are refused, and sign no one in', () => {
  async function startedAndAnswered(login = newPerson) {
    const address = nextAddress();
    const started = await startSignIn(portal, 'google', { address });
    const answer = Object.fromEntries(await signInAtProvider(started.authorizationUrl, login));
    return { started, answer, address };
  }

  function expectRefused(
    response: Awaited<ReturnType<typeof completeSignIn>>,
    message: string = FederatedSignInMessage.signInRefused,
  ) {
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: ErrorCode.signInRefused, message });
    expect(response.headers.get('set-cookie') ?? '').not.toContain('portal_session=');
  }

  it('a state other than the one sent (and the sign-in is used up by the try)', async () => {
    const { started, answer, address } = await startedAndAnswered();
    expectRefused(
      await completeSignIn(portal, 'google', { ...answer, state: 'forged-state' }, { ...started, address }),
    );
    expectRefused(
      await completeSignIn(portal, 'google', answer, { ...started, address }),
      FederatedSignInMessage.signInExpired,
    );
  });

  it('an ID token with another nonce than the sign-in sent', async () => {
    const { started, answer, address } = await startedAndAnswered();
    await portal.db.update(federatedSignIns).set({ nonce: 'another-nonce-entirely' });
    expectRefused(await completeSignIn(portal, 'google', answer, { ...started, address }));
  });

  it('an ID token meant for another client', async () => {
    const { started, answer, address } = await startedAndAnswered();
    tamper.current = { claims: { aud: 'someone-else' }, foreignKey: null };
    expectRefused(await completeSignIn(portal, 'google', answer, { ...started, address }));
  });

  it('an expired ID token', async () => {
    const { started, answer, address } = await startedAndAnswered();
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    tamper.current = { claims: { iat: hourAgo - 60, exp: hourAgo }, foreignKey: null };
    expectRefused(await completeSignIn(portal, 'google', answer, { ...started, address }));
  });

  it('an ID token signed with a key the provider does not publish', async () => {
    const { started, answer, address } = await startedAndAnswered();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    tamper.current = { claims: {}, foreignKey: await exportJWK(privateKey) };
    expectRefused(await completeSignIn(portal, 'google', answer, { ...started, address }));
    // The portal's own check with the provider's published keys refused it (the grant checks no signature).
    expect(portal.logLines.join('')).toContain('ID token refused');
  });

  it('a completion without the browser that started it, or a second one', async () => {
    const { started, answer, address } = await startedAndAnswered();
    expectRefused(await completeSignIn(portal, 'google', answer, { address }), FederatedSignInMessage.signInExpired);
    expect((await completeSignIn(portal, 'google', answer, { ...started, address })).status).toBe(200);
    expectRefused(
      await completeSignIn(portal, 'google', answer, { ...started, address }),
      FederatedSignInMessage.signInExpired,
    );
  });

  it('a sign-in completed after its ten minutes', async () => {
    const { started, answer, address } = await startedAndAnswered();
    portal.clock.current = new Date(Date.now() + 11 * 60_000);
    expectRefused(
      await completeSignIn(portal, 'google', answer, { ...started, address }),
      FederatedSignInMessage.signInExpired,
    );
  });

  it('a person who cancelled at the provider', async () => {
    const address = nextAddress();
    const started = await startSignIn(portal, 'google', { address });
    const state = new URL(started.authorizationUrl).searchParams.get('state') ?? '';
    expectRefused(
      await completeSignIn(portal, 'google', { error: 'access_denied', state }, { ...started, address }),
      FederatedSignInMessage.cancelled,
    );
  });

  it('never write a code, a state, a token or the client secret to the log', async () => {
    const { started, answer, address } = await startedAndAnswered();
    expect((await completeSignIn(portal, 'google', answer, { ...started, address })).status).toBe(200);
    const log = portal.logLines.join('');
    for (const secret of [answer.code, answer.state, started.binding.split('=')[1], 'test-only-google-secret']) {
      expect(log).not.toContain(secret);
    }
  });

  it('a bad body, with the contract message and no change', async () => {
    const response = await portal.request(api.completeProviderSignIn('google'), {
      json: { code: 42 },
      address: nextAddress(),
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe(ErrorCode.validation);
  });
});

describe('where the sign-in leads afterwards', () => {
  it('never off the portal or the order site, whatever the start asked for', async () => {
    const response = await signInThrough(portal, 'google', newPerson, {
      redirect: 'https://evil.example/steal',
      address: nextAddress(),
    });
    expect(response.json).toMatchObject({ redirect: '/account' });

    const cases: [string, string][] = [
      ['//evil.example/path', '/account'],
      ['/\\evil.example', '/account'],
      ['https:evil.example', '/account'],
      ['javascript:alert(1)', '/account'],
      ['/login?redirect=https://evil.example', '/account'],
      ['http://portal.test/billing?referenceId=sub-1#plans', '/billing?referenceId=sub-1#plans'],
      ['https://order.bondline.example/checkout?plan=teams', 'https://order.bondline.example/checkout?plan=teams'],
      ['https://order.bondline.example.evil.example/', '/account'],
    ];
    for (const [redirect, expected] of cases) {
      const started = await startSignIn(portal, 'google', { redirect, address: nextAddress() });
      const state = new URL(started.authorizationUrl).searchParams.get('state') ?? '';
      const [row] = await portal.db.select().from(federatedSignIns).where(eq(federatedSignIns.state, state));
      expect([redirect, row?.redirect]).toEqual([redirect, expected]);
    }
  });
});

describe('the start', () => {
  it('uses PKCE with S256, a state and a nonce, and keeps none of the binding in the row', async () => {
    const started = await startSignIn(portal, 'google', { address: nextAddress() });
    const query = new URL(started.authorizationUrl).searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')?.length).toBeGreaterThanOrEqual(43);
    expect(query.get('redirect_uri')).toBe('http://portal.test/auth/callback/google');
    const [row] = await portal.db
      .select()
      .from(federatedSignIns)
      .where(eq(federatedSignIns.state, query.get('state') ?? ''));
    expect(row?.nonce).toBe(query.get('nonce'));
    expect(JSON.stringify(row)).not.toContain(started.binding.split('=')[1]);
  });

  it('is limited per client address, also when the starts come at once', async () => {
    const address = nextAddress();
    const { limit } = federatedSignInLimits.startsPerAddress;
    const responses = await Promise.all(
      Array.from({ length: limit + 5 }, () => portal.request(api.startProviderSignIn('google'), { json: {}, address })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.json.error).toBe(ErrorCode.rateLimited);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await portal.request(api.startProviderSignIn('google'), { json: {}, address: nextAddress() })).status).toBe(
      200,
    );
  });

  it('comes from the portal itself only', async () => {
    const response = await portal.request(api.startProviderSignIn('google'), {
      json: {},
      origin: 'https://evil.example',
      address: nextAddress(),
    });
    expect(response.status).toBe(403);
  });
});

describe('the location lookup of the sign-in callback', () => {
  it('may reach the configured directory service, and no other', async () => {
    const withDirectory = await startTestPortal({
      ...providerEnv(idp.issuer),
      DIRECTORY_SERVICE_URL: 'https://directory.bondline.example/any/path',
    });
    try {
      expect(withDirectory.env.federatedSignIn.directoryServiceUrl).toBe('https://directory.bondline.example');
      const policy = (await withDirectory.request(api.health)).headers.get('content-security-policy') ?? '';
      expect(policy).toContain("connect-src 'self' https://directory.bondline.example;");
    } finally {
      await withDirectory.close();
    }
    const policy = (await portal.request(api.health)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self';");
    expect(() => parseEnv({ DIRECTORY_SERVICE_URL: 'ftp://directory' })).toThrow(/DIRECTORY_SERVICE_URL/);
  });
});
