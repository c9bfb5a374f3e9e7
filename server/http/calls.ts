import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type {
  Access,
  AnswerBody,
  CallDeclaration,
  ParamsOutput,
  PathParamName,
  SuccessStatus,
} from '../../contract/http';
import { routePatternOf } from '../../contract/http';
import type { RecentSignInService } from '../services/recent-sign-in';
import { commonRefusals } from '../services/refusal';
import { type AppEnv, hasBody, readJsonBody, requireSession, validationMessage } from './middleware';
import { requireRecentSignIn } from './recent-sign-in';

type Schema = v.GenericSchema;

/** What a handler reads with `c.req.valid(…)`: the declaration's parameters, query and body, validated. */
type ValidInput<TCall extends CallDeclaration> = {
  param: [PathParamName<TCall['path']>] extends [never] ? Record<string, never> : ParamsOutput<TCall>;
  query: TCall['query'] extends Schema ? v.InferOutput<TCall['query']> : Record<string, never>;
  json: TCall['body'] extends Schema ? v.InferOutput<TCall['body']> : undefined;
};

/** The context of a declared call's handler. */
type CallContext<TCall extends CallDeclaration> = Context<
  AppEnv,
  string,
  { in: Record<string, never>; out: ValidInput<TCall> }
>;

type AnswerOf<TStatus extends number, TBody extends AnswerBody> = TBody extends Schema
  ? { status: TStatus; body: v.InferInput<TBody> }
  : TBody extends { mediaType: string }
    ? { status: TStatus; text: string }
    : { status: TStatus };

/** What a handler returns: one of the declared answers, checked against its schema by the compiler. */
type CallAnswer<TCall extends CallDeclaration> =
  | { [S in SuccessStatus<TCall>]: AnswerOf<S, TCall['answers'][S]> }[SuccessStatus<TCall>]
  // A JSON answer already serialised (the account read, built as JSON by the database).
  | { status: JsonStatus<TCall>; jsonText: string };

type JsonStatus<TCall extends CallDeclaration> = {
  [S in SuccessStatus<TCall>]: TCall['answers'][S] extends Schema ? S : never;
}[SuccessStatus<TCall>];

type CallHandler<TCall extends CallDeclaration> = (c: CallContext<TCall>) => Promise<CallAnswer<TCall>>;

/** A handler, with the middleware of its own that runs first (a signature's check) where it has any. */
type Route<TCall extends CallDeclaration> =
  | CallHandler<TCall>
  | { guards: MiddlewareHandler<AppEnv>[]; handle: CallHandler<TCall> };

/** A handler for every call of a set of declarations, and no other. */
export type Routes<TCalls extends Record<string, CallDeclaration>> = { [K in keyof TCalls]: Route<TCalls[K]> };

/** The accesses that need a signed-in person before anything else is read. */
const sessionAccess = new Set<Access>(['session', 'owner', 'adminOrOwner', 'member']);

function validatedParams(schema: Schema | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.param() as Record<string, string>;
    if (!schema) {
      c.req.addValidatedData('param', raw);
      return next();
    }
    const result = v.safeParse(schema, raw);
    if (!result.success) throw commonRefusals.validation(validationMessage(result.issues));
    c.req.addValidatedData('param', result.output as Record<string, unknown>);
    await next();
  };
}

function validatedQuery(schema: Schema | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!schema) {
      c.req.addValidatedData('query', {});
      return next();
    }
    const result = v.safeParse(schema, c.req.query());
    if (!result.success) throw commonRefusals.validation(validationMessage(result.issues));
    c.req.addValidatedData('query', result.output as Record<string, unknown>);
    await next();
  };
}

function validatedJson(schema: Schema, required: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = required || hasBody(c) ? await readJsonBody(c) : {};
    const result = v.safeParse(schema, raw);
    if (!result.success) throw commonRefusals.validation(validationMessage(result.issues));
    c.req.addValidatedData('json', result.output as Record<string, unknown>);
    await next();
  };
}

function respond(
  c: Context<AppEnv>,
  answer: { status: number; body?: unknown; text?: string; jsonText?: string },
): Response {
  const status = answer.status as 200;
  if ('body' in answer) return c.json(answer.body as object, status);
  if (answer.jsonText !== undefined) {
    c.header('Content-Type', 'application/json');
    return c.body(answer.jsonText, status);
  }
  if ('text' in answer && answer.text !== undefined) return c.body(answer.text, status);
  return c.body(null, status as 204);
}

const parameterCount = (path: string) => path.split('{').length - 1;

/**
 * Mounts declared calls on the API: a session where the access needs one, a recent sign-in where
 * the call is sensitive, the route's own guards, then the parameters, query and body validated with
 * the declaration's schemas, then the handler, whose answer is sent as declared.
 */
export function mountCalls<TCalls extends Record<string, CallDeclaration>>(
  app: Hono<AppEnv>,
  calls: TCalls,
  routes: Routes<TCalls>,
  services: { recentSignIn: RecentSignInService },
): void {
  // A path with fewer parameters first: `/sessions/others` must be tried before `/sessions/{id}`,
  // whatever order the declarations come in (a module namespace lists them alphabetically).
  const byParameters = Object.entries(calls).sort(([, a], [, b]) => parameterCount(a.path) - parameterCount(b.path));
  for (const [name, call] of byParameters) {
    const route = routes[name] as Route<CallDeclaration> | undefined;
    if (!route) throw new Error(`The call ${name} (${call.method} ${call.path}) has no handler.`);
    const handle = typeof route === 'function' ? route : route.handle;
    const middleware: MiddlewareHandler<AppEnv>[] = [
      ...(sessionAccess.has(call.access) ? [requireSession()] : []),
      ...(call.recentSignIn ? [requireRecentSignIn(services)] : []),
      ...(typeof route === 'function' ? [] : route.guards),
      validatedParams(call.params),
      validatedQuery(call.query),
      ...(call.body ? [validatedJson(call.body, call.bodyRequired !== false)] : []),
    ];
    const handler: MiddlewareHandler<AppEnv> = async (c) => respond(c, await handle(c as CallContext<CallDeclaration>));
    app.on([call.method], [routePatternOf(call)], ...middleware, handler);
  }
}
