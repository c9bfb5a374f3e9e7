/**
 * The few parts of oidc-provider (a devDependency without bundled types) that the local provider
 * and its tests use.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  type Grant = {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  type KoaContext = {
    path: string;
    method: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      provider: Provider;
    };
  };
  type Configuration = {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    pkce: { required: () => boolean };
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    features: Record<string, { enabled: boolean }>;
    findAccount(ctx: KoaContext, accountId: string): Promise<Account | undefined>;
    loadExistingGrant(ctx: KoaContext): Promise<Grant | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: {
      new (properties: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  }
}
