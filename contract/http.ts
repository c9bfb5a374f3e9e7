import type * as v from 'valibot';
import type { ErrorCode } from './errors';

/**
 * How a call is declared (issue 23): once, here in contract/, and read by the client's fetch helper,
 * the server's handlers and the OpenAPI document alike. A declaration is plain data with valibot
 * schemas; `declareCall` only keeps its literal types.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call. The server enforces each: a session by the route's guard, the rest by the
 * service that does the work (who owns what is a rule of the domain, not of HTTP).
 */
export type Access =
  /** Anyone: no session needed (sign-in, sign-up, reset, pricing). */
  | 'visitor'
  /** A signed-in person, for their own account. */
  | 'session'
  /** The owner of the subscription named in the path. */
  | 'owner'
  /** An admin or the owner of the subscription's team. */
  | 'adminOrOwner'
  /** A member of the team named in the path or body. */
  | 'member'
  /** An integrator with a team API key in `x-api-key`, from an allowed address. */
  | 'apiKey'
  /** A server of ours that signs the body with HMAC-SHA256 (the order site's events, the VPN servers' batches). */
  | 'signedServer'
  /** A device (the VPN app) with no session: its activation code, then its poll token. */
  | 'device'
  /** The browser that started a sign-in still waiting (a QR code's, a provider's waiting for consent to link), by the cookie it was given. */
  | 'waitingBrowser'
  /** A sign-in waiting for its second step, by its cookie. */
  | 'secondStep';

/** One rate limit of a call: at most `limit` takes per `per` in `windowSeconds`. */
export type RateLimit = {
  /** The limiter's bucket name (also the limit's name in logs). */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  /** What the limit counts by. */
  readonly per:
    | 'client address'
    | 'e-mail address'
    | 'account'
    | 'session'
    | 'waiting sign-in'
    | 'phone number'
    | 'account and phone number'
    | 'region'
    | 'team'
    | 'API key'
    | 'device'
    | 'portal';
};

type Schema = v.GenericSchema;

/** An answer's body: a JSON schema, `null` for none (204), or text of a media type (the audit CSV). */
export type AnswerBody = Schema | null | { readonly mediaType: string };

export type CallDeclaration = {
  readonly method: Method;
  /** The path, parameters in braces as in OpenAPI: `/api/subscription/{referenceId}/team`. */
  readonly path: `/${string}`;
  /** One line for the API reference. */
  readonly summary: string;
  /** The reference's section. */
  readonly tag: string;
  readonly access: Access;
  /** The path's parameters; each one not named here is a string. */
  readonly params?: v.ObjectSchema<v.ObjectEntries, undefined>;
  readonly query?: v.ObjectSchema<v.ObjectEntries, undefined> | v.LooseObjectSchema<v.ObjectEntries, undefined>;
  readonly body?: Schema;
  /** `false` where the body may be left out (the spec's bodiless DELETE): it is then read as `{}`. */
  readonly bodyRequired?: false;
  /** The answers that are not refusals, by status. */
  readonly answers: { readonly [status: number]: AnswerBody };
  /** The refusals the call can answer besides validation (`{ error, message }`). */
  readonly refusals?: readonly ErrorCode[];
  readonly rateLimits?: readonly RateLimit[];
  /** Sensitive: a session whose sign-in is older than 10 minutes must confirm it is the person (issue 22). */
  readonly recentSignIn?: boolean;
  /** More for the reference: how to sign, what the answer means. Markdown. */
  readonly description?: string;
};

/**
 * Keeps a declaration's literal types (its method, path and schemas) for the typed client and server.
 * Free of side effects, so a page's bundle keeps only the declarations it uses.
 */
/*#__NO_SIDE_EFFECTS__*/
export function declareCall<const TCall extends CallDeclaration>(call: TCall): TCall {
  return call;
}

/** The names in a path's braces: `'/a/{id}/b/{key}'` gives `'id' | 'key'`. */
export type PathParamName<TPath extends string> = TPath extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

export type ParamsOutput<TCall extends CallDeclaration> = TCall['params'] extends Schema
  ? v.InferOutput<TCall['params']>
  : Record<PathParamName<TCall['path']>, string>;

export type QueryInput<TCall extends CallDeclaration> = TCall['query'] extends Schema
  ? v.InferInput<TCall['query']>
  : undefined;
export type BodyInput<TCall extends CallDeclaration> = TCall['body'] extends Schema
  ? v.InferInput<TCall['body']>
  : undefined;

/** The success statuses of a call. */
export type SuccessStatus<TCall extends CallDeclaration> = keyof TCall['answers'] & number;

/** What a successful call answers, as read (the output of its schema). */
export type AnswerOutput<TCall extends CallDeclaration> = {
  [S in SuccessStatus<TCall>]: TCall['answers'][S] extends Schema ? v.InferOutput<TCall['answers'][S]> : null;
}[SuccessStatus<TCall>];

/** The address of a call: its path with the parameters filled in (each encoded) and the query, if any. */
export function addressOf(
  call: Pick<CallDeclaration, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const path = call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** The same path in Hono's spelling (`:name`), for mounting. */
export function routePatternOf(call: Pick<CallDeclaration, 'path'>): string {
  return call.path.replace(/\{(\w+)\}/g, ':$1');
}
