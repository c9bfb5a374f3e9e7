import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import { api } from '../../contract/api';
import type { ProviderId } from '../../contract/federated-sign-in';
import { type LocalOpenIdProvider, startLocalOpenIdProvider } from '../../server/dev/local-openid-provider';
import { signInBindingCookieName } from '../../server/routes/federated-sign-in';
import { publicOrigin, startTestPortal, type TestPortal } from './support';

const companyDomain = 'northwind.example';

/** The portal's clients at the test provider: the social one and the company's; the other social one is off. */
const testClients = [
  { id: 'google', clientId: 'portal-google-test', clientSecret: 'test-only-google-secret' },
  { id: 'enterprise', clientId: 'portal-enterprise-test', clientSecret: 'test-only-enterprise-secret' },
] satisfies { id: ProviderId; clientId: string; clientSecret: string }[];

/**
 * The claims a misbehaving provider changes in the ID tokens it hands out (null: none), and the
 * key it signs them with (null: its own published key).
 */
export type TokenTampering = { claims: Record<string, unknown>; foreignKey: JWK | null } | null;

/** A real OpenID provider on loopback that can be made to hand out tampered ID tokens. */
export async function startTestProvider(): Promise<{ idp: LocalOpenIdProvider; tamper: { current: TokenTampering } }> {
  const idp = await startLocalOpenIdProvider({ port: 0, clients: testClients, publicOrigin });
  const tamper: { current: TokenTampering } = { current: null };
  idp.provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !tamper.current || !body?.id_token) return;
    const { claims, foreignKey } = tamper.current;
    const key = foreignKey ?? idp.signingKey;
    ctx.body = {
      ...body,
      id_token: await new SignJWT({ ...decodeJwt(body.id_token), ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: idp.signingKey.kid ?? 'local' })
        .sign(await importJWK(key, 'RS256')),
    };
  });
  return { idp, tamper };
}

/** The portal settings that point its providers at the test provider. */
export function providerEnv(issuer: string): Record<string, string> {
  return {
    OIDC_GOOGLE_ISSUER: issuer,
    OIDC_GOOGLE_CLIENT_ID: 'portal-google-test',
    OIDC_GOOGLE_CLIENT_SECRET: 'test-only-google-secret',
    OIDC_ENTERPRISE_ISSUER: issuer,
    OIDC_ENTERPRISE_CLIENT_ID: 'portal-enterprise-test',
    OIDC_ENTERPRISE_CLIENT_SECRET: 'test-only-enterprise-secret',
    OIDC_ENTERPRISE_NAME: 'Northwind',
    OIDC_ENTERPRISE_DOMAINS: companyDomain,
  };
}

function bindingFrom(headers: Headers): string {
  const match = new RegExp(`${signInBindingCookieName}=([^;]*)`).exec(headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no sign-in binding cookie');
  return `${signInBindingCookieName}=${match[1]}`;
}

/**
 * The person at the provider: follows its redirects with a cookie jar, signs in on its development
 * page with `login` (any password), and returns the answer sent to the portal's callback page.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const interaction = /\/interaction\/[^/?]+$/.test(new URL(url).pathname);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie },
      ...(interaction
        ? {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
          }
        : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.origin === publicOrigin) return next.searchParams;
    url = next.href;
  }
  throw new Error('the provider never sent the person back');
}

type SignInOptions = { redirect?: string; address?: string; email?: string };

/** Starts a sign-in at the portal: the binding cookie and the provider's authorization address. */
export async function startSignIn(portal: TestPortal, provider: ProviderId | 'company', options: SignInOptions = {}) {
  const response =
    provider === 'company'
      ? await portal.request(api.startCompanySignIn, {
          json: { email: options.email, redirect: options.redirect },
          address: options.address,
        })
      : await portal.request(api.startProviderSignIn(provider), {
          json: { redirect: options.redirect },
          address: options.address,
        });
  if (response.status !== 200) throw new Error(`start refused: ${response.status} ${response.text}`);
  return { binding: bindingFrom(response.headers), authorizationUrl: String(response.json.authorizationUrl) };
}

export function completeSignIn(
  portal: TestPortal,
  provider: ProviderId,
  answer: Record<string, string | undefined>,
  { binding, address }: { binding?: string; address?: string },
) {
  return portal.request(api.completeProviderSignIn(provider), {
    json: answer,
    cookie: binding,
    address,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
  });
}

/** The whole sign-in, as a browser makes it: start, the provider's page, and the callback page's call. */
export async function signInThrough(
  portal: TestPortal,
  provider: ProviderId,
  login: string,
  options: SignInOptions = {},
) {
  const started = await startSignIn(portal, provider === 'enterprise' ? 'company' : provider, {
    ...options,
    email: options.email ?? login,
  });
  const answer = await signInAtProvider(started.authorizationUrl, login);
  return completeSignIn(portal, provider, Object.fromEntries(answer), {
    binding: started.binding,
    address: options.address,
  });
}

/** A test portal that signs in through a local provider of its own; `close` stops both. */
export async function startPortalWithProvider(): Promise<{ portal: TestPortal; close(): Promise<void> }> {
  const { idp } = await startTestProvider();
  const portal = await startTestPortal(providerEnv(idp.issuer));
  return {
    portal,
    async close() {
      await portal.close();
      await idp.close();
    },
  };
}
