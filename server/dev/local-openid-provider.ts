import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { ProviderId } from '../../contract/federated-sign-in';
import type { OpenIdProviderSettings } from '../services/federated-sign-in/settings';

/** A person the local provider knows; they sign in there with their e-mail address and any password. */
export type LocalIdentity = { email: string; emailVerified: boolean; name: string };

/**
 * The demo identities (listed in the README): one whose verified address matches a demo account
 * (the sign-in links to it), a new person (the sign-in creates an account), one whose unverified
 * address matches a demo account (refused), one at the demo company (enterprise sign-in), and one
 * whose unverified address has no account (refused too: it creates none). Specs take them in this order.
 */
export const localIdentities: LocalIdentity[] = [
  { email: 'individual@demo.bondline.example', emailVerified: true, name: 'Alex Individual' },
  { email: 'new.person@example.com', emailVerified: true, name: 'Noor Newcomer' },
  { email: 'team.user@demo.bondline.example', emailVerified: false, name: 'Uma User' },
  { email: 'casey@northwind.example', emailVerified: true, name: 'Casey Northwind' },
  { email: 'unproved.person@example.com', emailVerified: false, name: 'Ursula Unproved' },
];

export type LocalOpenIdProvider = {
  issuer: string;
  /** The oidc-provider instance: tests add middleware (`provider.use`) to play a misbehaving provider. */
  provider: import('oidc-provider').default;
  /** The private key the ID tokens are signed with (tests sign tokens of their own with it). */
  signingKey: JWK;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) on loopback, for development and tests only: `npm start`
 * runs it outside production when no provider is configured, and the server tests run one each.
 * It knows the portal's clients (one per portal provider), requires PKCE, puts the e-mail in the ID
 * token as social providers do, and skips the consent screen for these first-party clients. Its
 * sign-in page is oidc-provider's development page: any password is accepted.
 */
export async function startLocalOpenIdProvider(options: {
  port: number;
  /** The portal's providers that point here, and where the portal receives the answers. */
  clients: Pick<OpenIdProviderSettings, 'id' | 'clientId' | 'clientSecret'>[];
  publicOrigin: string;
  identities?: LocalIdentity[];
}): Promise<LocalOpenIdProvider> {
  // A devDependency: loaded only when a local provider is wanted, never in production.
  const { default: Provider } = await import('oidc-provider');
  const identities = options.identities ?? localIdentities;
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `local-${port}` };
  const callbackOf = (id: ProviderId) => `${options.publicOrigin}/auth/callback/${id}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [callbackOf(client.id)],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The address goes in the ID token, as the social providers put it there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, accountId) {
      const identity = identities.find((candidate) => candidate.email === accountId.trim().toLowerCase());
      if (!identity) return undefined;
      return {
        accountId: identity.email,
        claims: async () => ({
          sub: identity.email,
          email: identity.email,
          email_verified: identity.emailVerified,
          name: identity.name,
        }),
      };
    },
    // First-party clients: the person is not asked to consent to sharing their address with the portal.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // Composed per request, so middleware that a test adds later (provider.use) takes part.
  server.on('request', (request, response) => provider.callback()(request, response));

  return {
    issuer,
    provider,
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
