import * as v from 'valibot';
import type { ProviderId } from '../../../contract/federated-sign-in';

/** One OpenID Connect provider the portal signs people in with (docs/spec.md §1: two social, one enterprise). */
export type OpenIdProviderSettings = {
  id: ProviderId;
  /** Shown on its button. */
  name: string;
  issuer: string;
  clientId: string;
  /** Never logged. */
  clientSecret: string;
  /** The enterprise provider's e-mail domains (lowercase); empty for the social ones. */
  domains: string[];
  /** A plain-http issuer on this machine (the local provider): allowed outside production only. */
  localHttpIssuer: boolean;
};

export type FederatedSignInSettings = {
  providers: OpenIdProviderSettings[];
  /** Outside production with no provider configured, `npm start` runs a local OpenID provider on this port. */
  localProvider: { port: number } | null;
  /**
   * The directory service whose `GET /api/v1/location` tells the sign-in callback the person's region
   * when the browser's languages name none (the phone offer); null: no lookup.
   */
  directoryServiceUrl: string | null;
};

const providerVariables: Record<ProviderId, { prefix: string; defaultName: string }> = {
  google: { prefix: 'OIDC_GOOGLE', defaultName: 'Google' },
  microsoft: { prefix: 'OIDC_MICROSOFT', defaultName: 'Microsoft' },
  enterprise: { prefix: 'OIDC_ENTERPRISE', defaultName: 'Company account' },
};

/** The local provider's e-mail domain for enterprise sign-in, and its clients' development-only secrets. */
const localProviderCompanyDomain = 'northwind.example';
const localClientSecret = (id: ProviderId) => `local-development-only-${id}-client-secret`;

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

const Domain = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be e-mail domains separated by commas',
  ),
);

/**
 * The providers from OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _NAME (and
 * OIDC_ENTERPRISE_DOMAINS). A provider with none of them set is off; one with some set lacks the
 * others, and that is a configuration error. Returns the problems, one line each, for parseEnv.
 */
export function federatedSignInSettings(
  source: Record<string, string | undefined>,
  { production, port }: { production: boolean; port: number },
): { settings: FederatedSignInSettings; problems: string[] } {
  const problems: string[] = [];
  const providers: OpenIdProviderSettings[] = [];
  const read = (name: string) => {
    const value = source[name]?.trim();
    return value ? value : undefined;
  };

  for (const [id, { prefix, defaultName }] of Object.entries(providerVariables) as [
    ProviderId,
    (typeof providerVariables)[ProviderId],
  ][]) {
    const issuer = read(`${prefix}_ISSUER`);
    const clientId = read(`${prefix}_CLIENT_ID`);
    const clientSecret = read(`${prefix}_CLIENT_SECRET`);
    const domainsText = read(`${prefix}_DOMAINS`);
    if (!issuer && !clientId && !clientSecret) continue;
    const missing = (
      [
        [`${prefix}_ISSUER`, issuer],
        [`${prefix}_CLIENT_ID`, clientId],
        [`${prefix}_CLIENT_SECRET`, clientSecret],
      ] as const
    ).filter(([, value]) => !value);
    for (const [name] of missing) problems.push(`  ${name}: is required when any ${prefix}_* setting is set`);
    if (!issuer || !clientId || !clientSecret) continue;

    let localHttpIssuer = false;
    if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol)) {
      problems.push(`  ${prefix}_ISSUER: must be the provider's https:// issuer URL`);
      continue;
    }
    if (new URL(issuer).protocol === 'http:') {
      localHttpIssuer = loopbackHosts.has(new URL(issuer).hostname);
      if (production || !localHttpIssuer) {
        problems.push(
          `  ${prefix}_ISSUER: must be https:// (plain http is allowed only for a local provider outside production)`,
        );
        continue;
      }
    }
    const domains: string[] = [];
    if (id === 'enterprise') {
      for (const entry of (domainsText ?? '').split(',').filter((part) => part.trim() !== '')) {
        const parsed = v.safeParse(Domain, entry);
        if (parsed.success) domains.push(parsed.output);
        else problems.push(`  ${prefix}_DOMAINS: ${parsed.issues[0].message} ("${entry.trim()}")`);
      }
      if (domains.length === 0) problems.push(`  ${prefix}_DOMAINS: is required: the company's e-mail domains`);
    }
    providers.push({
      id,
      name: read(`${prefix}_NAME`) ?? defaultName,
      issuer: issuer.replace(/\/$/, ''),
      clientId,
      clientSecret,
      domains,
      localHttpIssuer,
    });
  }

  const directoryText = read('DIRECTORY_SERVICE_URL');
  let directoryServiceUrl: string | null = null;
  if (directoryText) {
    if (URL.canParse(directoryText) && /^https?:$/.test(new URL(directoryText).protocol)) {
      directoryServiceUrl = new URL(directoryText).origin;
    } else problems.push('  DIRECTORY_SERVICE_URL: must be an http:// or https:// URL');
  }

  const anyConfigured = Object.keys(source).some((name) => name.startsWith('OIDC_') && read(name));
  const localWanted = !production && !anyConfigured && read('LOCAL_OPENID_PROVIDER') !== 'off';
  if (!localWanted) return { settings: { providers, localProvider: null, directoryServiceUrl }, problems };

  const localPort = Number(read('LOCAL_OPENID_PROVIDER_PORT') ?? port + 1);
  if (!Number.isInteger(localPort) || localPort < 1 || localPort > 65535) {
    problems.push('  LOCAL_OPENID_PROVIDER_PORT: must be between 1 and 65535');
    return { settings: { providers, localProvider: null, directoryServiceUrl }, problems };
  }
  const issuer = `http://127.0.0.1:${localPort}`;
  const local = (Object.keys(providerVariables) as ProviderId[]).map(
    (id): OpenIdProviderSettings => ({
      id,
      name: id === 'enterprise' ? 'Northwind' : providerVariables[id].defaultName,
      issuer,
      clientId: `portal-${id}`,
      clientSecret: localClientSecret(id),
      domains: id === 'enterprise' ? [localProviderCompanyDomain] : [],
      localHttpIssuer: true,
    }),
  );
  return { settings: { providers: local, localProvider: { port: localPort }, directoryServiceUrl }, problems };
}
