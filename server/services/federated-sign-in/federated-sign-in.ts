import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import * as v from 'valibot';
import { Email } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import {
  type CompleteSignInRequest,
  FederatedSignInMessage,
  federatedSignInLifetimeSeconds,
  federatedSignInLimits,
  type ProviderId,
} from '../../../contract/federated-sign-in';
import { readsAsAnotherHost } from '../../../contract/redirect-paths';
import type { Database } from '../../db/database';
import { federatedIdentities, federatedSignIns, rateLimits, users } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { securityEvent } from '../../security-events';
import { commonRefusals, Refusal } from '../refusal';
import type { SecondFactorService } from '../second-factor/second-factor';
import type { SessionUser } from '../sessions';
import type { IdentityLinks } from './identity-links';
import type { OpenIdProviderSettings } from './settings';

/** The provider's key set, read as the spec's constants say (docs/spec.md §9). */
const providerKeySetOptions = { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 };

/** Asymmetric algorithms only: a shared-secret (HS*) ID token is never accepted. */
const idTokenAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Why a sign-in was refused: the security log names it. */
type FederatedSignInRefusal =
  | 'providerUnknown'
  | 'providerUnavailable'
  | 'unknownDomain'
  | 'signInExpired'
  | 'signInRefused'
  | 'cancelled'
  | 'emailMissing'
  | 'emailNotVerified';

const answerOf: Record<FederatedSignInRefusal, { code: ErrorCode; message: string }> = {
  providerUnknown: { code: ErrorCode.notFound, message: FederatedSignInMessage.providerUnknown },
  providerUnavailable: { code: ErrorCode.providerUnavailable, message: FederatedSignInMessage.providerUnavailable },
  unknownDomain: { code: ErrorCode.unknownDomain, message: FederatedSignInMessage.unknownDomain },
  signInExpired: { code: ErrorCode.signInRefused, message: FederatedSignInMessage.signInExpired },
  signInRefused: { code: ErrorCode.signInRefused, message: FederatedSignInMessage.signInRefused },
  cancelled: { code: ErrorCode.signInRefused, message: FederatedSignInMessage.cancelled },
  emailMissing: { code: ErrorCode.signInRefused, message: FederatedSignInMessage.emailMissing },
  emailNotVerified: { code: ErrorCode.emailNotVerified, message: FederatedSignInMessage.emailNotVerified },
};

/** A refused sign-in: the person's answer, and its reason, finer than its code, for the security log. */
class FederatedSignInRefused extends Refusal {
  constructor(readonly reason: FederatedSignInRefusal) {
    super(answerOf[reason].code, answerOf[reason].message);
    this.name = 'FederatedSignInRefused';
  }
}

type CompletionRequest = { binding: string | undefined; clientAddress: string; userAgent: string | null };

type ProviderClient = { config: oidc.Configuration; keySet: ReturnType<typeof createRemoteJWKSet> };

const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');
const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * Where a sign-in may lead afterwards (docs/design.md §4): a path of the portal, or an address on
 * the order site; anything else, the sign-in page itself included, leads to the dashboard. A path
 * that reads as another host's, as given or as it would be sent on (`https://portal//evil`,
 * `/.//evil`), is anything else.
 */
export function allowedRedirect(
  redirect: string | undefined,
  origins: Pick<Env, 'publicOrigin' | 'orderSiteOrigin'>,
): string {
  const dashboard = '/account';
  if (!redirect || readsAsAnotherHost(redirect)) return dashboard;
  let url: URL;
  try {
    url = new URL(redirect, origins.publicOrigin);
  } catch {
    return dashboard;
  }
  if (url.origin === origins.publicOrigin) {
    if (url.pathname === '/login' || readsAsAnotherHost(url.pathname)) return dashboard;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (url.origin === origins.orderSiteOrigin) return url.href;
  return dashboard;
}

const ProviderClaims = v.object({
  sub: v.pipe(v.string(), v.nonEmpty()),
  email: v.optional(v.unknown()),
  email_verified: v.optional(v.unknown()),
});

/**
 * Sign-in through OpenID Connect providers: the authorization code flow with PKCE, state and nonce
 * (openid-client), the ID token verified again with jose against the provider's published keys, and
 * the account found by the provider's subject, created, or linked with its owner's consent.
 * See docs/decisions/0019-federated-sign-in.md.
 */
export function createFederatedSignIn(deps: {
  db: Database;
  env: Env;
  secondFactor: SecondFactorService;
  identityLinks: IdentityLinks;
  logger: Logger;
  now: () => Date;
}) {
  const { db, env, logger, now } = deps;
  const providers = env.federatedSignIn.providers;
  const clients = new Map<ProviderId, Promise<ProviderClient>>();

  function settingsOf(provider: string): OpenIdProviderSettings {
    const settings = providers.find((candidate) => candidate.id === provider);
    if (!settings) throw new FederatedSignInRefused('providerUnknown');
    return settings;
  }

  /** Discovery once per provider and process; a failed one is tried again on the next sign-in. */
  function clientOf(settings: OpenIdProviderSettings): Promise<ProviderClient> {
    let client = clients.get(settings.id);
    if (!client) {
      client = (async () => {
        const config = await oidc.discovery(
          new URL(settings.issuer),
          settings.clientId,
          undefined,
          oidc.ClientSecretBasic(settings.clientSecret),
          // Plain http only for a provider on this machine outside production (settings.ts checks).
          { execute: settings.localHttpIssuer ? [oidc.allowInsecureRequests] : [], timeout: 5 },
        );
        const jwksUri = config.serverMetadata().jwks_uri;
        if (!jwksUri) throw new Error(`${settings.id}: the provider publishes no jwks_uri`);
        return { config, keySet: createRemoteJWKSet(new URL(jwksUri), providerKeySetOptions) };
      })();
      clients.set(settings.id, client);
      client.catch(() => clients.delete(settings.id));
    }
    return client.catch((error: unknown) => {
      logger.warn({ provider: settings.id, reason: String(error) }, 'sign-in provider unreachable');
      throw new FederatedSignInRefused('providerUnavailable');
    });
  }

  const callbackUrlOf = (provider: ProviderId) => `${env.publicOrigin}/auth/callback/${provider}`;

  /** Counts the start and refuses past the limit, in one statement: parallel starts cannot slip through. */
  async function countStart(clientAddress: string): Promise<void> {
    const rule = federatedSignInLimits.startsPerAddress;
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(now().getTime() / windowMs) * windowMs;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: `${rule.name}:${clientAddress}`, windowStart: new Date(windowStart), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if ((row?.count ?? 0) > rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now().getTime()) / 1000));
      throw commonRefusals.rateLimited(retryAfterSeconds);
    }
  }

  async function start(
    settings: OpenIdProviderSettings,
    request: { redirect?: string; loginHint?: string; clientAddress: string },
  ): Promise<{ authorizationUrl: string; binding: string }> {
    await countStart(request.clientAddress);
    const { config } = await clientOf(settings);
    const binding = randomBytes(32).toString('base64url');
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const startedAt = now();
    // Sign-ins never completed are kept a day past their end, then swept by the next start.
    await db.delete(federatedSignIns).where(lt(federatedSignIns.expiresAt, new Date(startedAt.getTime() - 86_400_000)));
    await db.insert(federatedSignIns).values({
      bindingHash: sha256Hex(binding),
      provider: settings.id,
      state,
      nonce,
      codeVerifier,
      redirect: allowedRedirect(request.redirect, env),
      clientAddress: request.clientAddress,
      createdAt: startedAt,
      expiresAt: new Date(startedAt.getTime() + federatedSignInLifetimeSeconds * 1000),
    });
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrlOf(settings.id),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(request.loginHint ? { login_hint: request.loginHint } : {}),
    });
    return { authorizationUrl: authorizationUrl.href, binding };
  }

  /** The ID token, verified with the provider's published keys: issuer, audience, expiry and nonce. */
  async function verifiedIdToken(
    client: ProviderClient,
    settings: OpenIdProviderSettings,
    idToken: string,
    nonce: string,
  ) {
    try {
      const { payload } = await jwtVerify(idToken, client.keySet, {
        issuer: client.config.serverMetadata().issuer,
        audience: settings.clientId,
        algorithms: idTokenAlgorithms,
        requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
        currentDate: now(),
      });
      if (typeof payload.nonce !== 'string' || !sameSecret(payload.nonce, nonce)) {
        throw new FederatedSignInRefused('signInRefused');
      }
      return v.parse(ProviderClaims, payload);
    } catch (error) {
      if (error instanceof FederatedSignInRefused) throw error;
      if (error instanceof joseErrors.JWKSTimeout) throw new FederatedSignInRefused('providerUnavailable');
      logger.info({ provider: settings.id, reason: (error as Error).name }, 'ID token refused');
      throw new FederatedSignInRefused('signInRefused');
    }
  }

  /** The address the provider vouches for, from the ID token or else from its userinfo endpoint. */
  async function emailOf(
    client: ProviderClient,
    claims: v.InferOutput<typeof ProviderClaims>,
    accessToken: string,
  ): Promise<{ email: string; verified: boolean }> {
    let { email, email_verified: verified } = claims;
    if (email === undefined) {
      const info = await oidc.fetchUserInfo(client.config, accessToken, claims.sub).catch(() => {
        throw new FederatedSignInRefused('providerUnavailable');
      });
      email = info.email;
      verified = info.email_verified;
    }
    const parsed = v.safeParse(Email, email);
    if (!parsed.success) throw new FederatedSignInRefused('emailMissing');
    // Only a literal true counts: some providers send "true" as a string, and none of it is to be guessed.
    return { email: parsed.output, verified: verified === true };
  }

  /**
   * The account of this identity: known by its subject; else, only when the provider has verified
   * the address, a new, proved account, or the account with the same address. An address the
   * provider has not verified never creates or links an account (issue 21): the person can sign up
   * with a mailed code instead. An account whose address nobody proved yet (a team admin added it)
   * is proved and linked by the provider; one that is proved waits for its owner's consent
   * (identity-links.ts), and the answer carries the secret that names the waiting sign-in.
   * One transaction, so two first sign-ins at once make one account.
   */
  function accountFor(
    provider: ProviderId,
    identity: { subject: string; email: string; verified: boolean },
    redirect: string,
  ): Promise<
    | { outcome: 'signedIn'; user: SessionUser; created: boolean; linked: boolean }
    | { outcome: 'linkRequired'; user: SessionUser; binding: string }
  > {
    return db.transaction(async (tx) => {
      const known = await tx
        .update(federatedIdentities)
        .set({ lastUsedAt: now() })
        .where(and(eq(federatedIdentities.provider, provider), eq(federatedIdentities.subject, identity.subject)))
        .returning({ userId: federatedIdentities.userId });
      const [knownUser] = known[0] ? await tx.select().from(users).where(eq(users.id, known[0].userId)) : [];
      if (knownUser) return { outcome: 'signedIn', user: knownUser, created: false, linked: false };
      if (!identity.verified) throw new FederatedSignInRefused('emailNotVerified');

      const [created] = await tx
        .insert(users)
        .values({ email: identity.email, passwordHash: null, idp: provider, emailVerifiedAt: now() })
        .onConflictDoNothing({ target: users.email })
        .returning();
      const user = created ?? (await tx.select().from(users).where(eq(users.email, identity.email)).limit(1))[0];
      if (!user) throw new Error('account vanished during sign-in');
      if (!created && user.emailVerifiedAt !== null) {
        const binding = await deps.identityLinks.offer(tx, {
          provider,
          subject: identity.subject,
          email: identity.email,
          userId: user.id,
          redirect,
        });
        return { outcome: 'linkRequired', user, binding };
      }
      // The provider vouches for the address: an account waiting for its owner to prove it is proved.
      if (user.emailVerifiedAt === null) {
        await tx.update(users).set({ emailVerifiedAt: now() }).where(eq(users.id, user.id));
      }
      const linked = await tx
        .insert(federatedIdentities)
        .values({
          provider,
          subject: identity.subject,
          userId: user.id,
          email: identity.email,
          createdAt: now(),
          lastUsedAt: now(),
        })
        .onConflictDoNothing()
        .returning({ subject: federatedIdentities.subject });
      return { outcome: 'signedIn', user, created: created !== undefined, linked: linked.length > 0 };
    });
  }

  /** The provider's answer, checked and exchanged: the account signed in, or a refusal. */
  async function completeWith(
    settings: OpenIdProviderSettings,
    answer: CompleteSignInRequest,
    request: CompletionRequest,
  ) {
    if (!request.binding) throw new FederatedSignInRefused('signInExpired');
    // Used up whatever follows: a code or a state is never tried twice.
    const [transaction] = await db
      .update(federatedSignIns)
      .set({ usedAt: now() })
      .where(
        and(
          eq(federatedSignIns.bindingHash, sha256Hex(request.binding)),
          isNull(federatedSignIns.usedAt),
          gt(federatedSignIns.expiresAt, now()),
        ),
      )
      .returning();
    if (!transaction) throw new FederatedSignInRefused('signInExpired');
    if (transaction.provider !== settings.id) throw new FederatedSignInRefused('signInRefused');
    if (answer.error)
      throw new FederatedSignInRefused(answer.error === 'access_denied' ? 'cancelled' : 'signInRefused');
    if (!answer.code || !answer.state || !sameSecret(answer.state, transaction.state)) {
      throw new FederatedSignInRefused('signInRefused');
    }

    const client = await clientOf(settings);
    const callbackUrl = new URL(callbackUrlOf(settings.id));
    for (const [name, value] of Object.entries(answer)) if (value) callbackUrl.searchParams.set(name, value);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(client.config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      const unreachable = error instanceof TypeError || (error as Error).name === 'TimeoutError';
      logger.info({ provider: settings.id, reason: (error as Error).message }, 'provider sign-in not completed');
      throw new FederatedSignInRefused(unreachable ? 'providerUnavailable' : 'signInRefused');
    }
    const idToken = tokens.id_token;
    if (!idToken) throw new FederatedSignInRefused('signInRefused');
    const claims = await verifiedIdToken(client, settings, idToken, transaction.nonce);
    const { email, verified } = await emailOf(client, claims, tokens.access_token);
    // A company's provider speaks for its own domains only.
    if (settings.domains.length > 0 && !settings.domains.includes(email.slice(email.lastIndexOf('@') + 1))) {
      throw new FederatedSignInRefused('signInRefused');
    }
    const account = await accountFor(settings.id, { subject: claims.sub, email, verified }, transaction.redirect);
    const { clientAddress } = request;
    if (account.outcome === 'linkRequired') {
      const { user, binding } = account;
      return {
        outcome: 'linkRequired' as const,
        provider: settings.id,
        binding,
        email: user.email,
        passwordSet: user.passwordHash !== null,
      };
    }
    const { user, created, linked } = account;
    if (linked) {
      securityEvent(logger, {
        event: 'identity.linked',
        clientAddress,
        userId: user.id,
        provider: settings.id,
        reason: created ? 'newAccount' : 'unprovedAddress',
      });
    }
    const step = await deps.secondFactor.afterFirstStep(user, {
      method: 'provider',
      provider: settings.id,
      userAgent: request.userAgent,
      clientAddress,
      redirect: transaction.redirect,
      accountCreated: created,
    });
    if (step.outcome === 'secondFactorRequired') return step;
    securityEvent(logger, {
      event: 'signIn.succeeded',
      clientAddress,
      userId: user.id,
      via: 'provider',
      provider: settings.id,
    });
    return { ...step, accountCreated: created, redirect: transaction.redirect };
  }

  return {
    startWithProvider(provider: string, request: { redirect?: string; clientAddress: string }) {
      const settings = settingsOf(provider);
      // The enterprise provider is reached through a work address (startWithCompanyEmail).
      if (settings.domains.length > 0) throw new FederatedSignInRefused('providerUnknown');
      return start(settings, request);
    },

    startWithCompanyEmail(request: { email: string; redirect?: string; clientAddress: string }) {
      const domain = request.email.slice(request.email.lastIndexOf('@') + 1).toLowerCase();
      const settings = providers.find((candidate) => candidate.domains.includes(domain));
      if (!settings) throw new FederatedSignInRefused('unknownDomain');
      return start(settings, { ...request, loginHint: request.email });
    },

    async complete(provider: string, answer: CompleteSignInRequest, request: CompletionRequest) {
      const settings = settingsOf(provider);
      try {
        return await completeWith(settings, answer, request);
      } catch (error) {
        if (error instanceof FederatedSignInRefused) {
          securityEvent(logger, {
            event: 'signIn.failed',
            clientAddress: request.clientAddress,
            via: 'provider',
            provider: settings.id,
            reason: error.reason,
          });
        }
        throw error;
      }
    },
  };
}
