import * as v from 'valibot';
import { ErrorBody, ErrorCode } from '../../contract/errors';
import {
  type AnswerOutput,
  addressOf,
  type BodyInput,
  type CallDeclaration,
  type PathParamName,
  type QueryInput,
} from '../../contract/http';
import { isExplained, type Refusal, RefusalError, refusal, unexplained } from '../../machines/support/refusal';

/**
 * A refused or failed call: the status and the server's `{ error, message }` when it sent one, the
 * whole answer for refusals that carry more (the 409 of a team member's add: `isPaid`), and the
 * seconds of a 429's or 503's Retry-After (null when it sent none).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    readonly payload: unknown = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => {};

/** The session wires this once: any 401 from any call signs the person out and goes to /login. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

/**
 * Asks the person to confirm it is them (the recent sign-in's dialog), given the 403 as answered
 * (its payload is the contract's RecentSignInRequired, parsed where the dialog loads: the contract's
 * schemas would weigh on every page's entry); resolves true once the server took their proof, false
 * when they did not give it (cancelled, or left to sign in again).
 */
export type RecentSignInHandler = (refusal: ApiError) => Promise<boolean>;
let onRecentSignInRequired: RecentSignInHandler | null = null;
/** The dialog open now: calls refused together wait for the same one. */
let openPrompt: Promise<boolean> | null = null;
/** How many times the person confirmed: a call sent before the last confirmation need not ask again. */
let confirmations = 0;

/**
 * The signed-in pages wire this while they are shown (null when they go): a call answered 403
 * `recent_sign_in_required` waits for the handler, then is made once more if the person confirmed.
 */
export function setRecentSignInHandler(handler: RecentSignInHandler | null): void {
  onRecentSignInRequired = handler;
}

function confirmRecentSignIn(handler: RecentSignInHandler, refusal: ApiError): Promise<boolean> {
  if (!openPrompt) {
    const prompt = Promise.resolve()
      .then(() => handler(refusal))
      .catch(() => false)
      .then((confirmed) => {
        if (confirmed) confirmations += 1;
        openPrompt = null;
        return confirmed;
      });
    openPrompt = prompt;
  }
  return openPrompt;
}

type CallOptions = {
  /** Calls whose 401 is an expected answer (the session check, sign-in) opt out of the redirect. */
  expectUnauthorized?: boolean;
  /** Other statuses that mean the session is gone for this call (404 on the account user). */
  alsoUnauthorized?: readonly number[];
  /** The recent sign-in's own calls opt out of its dialog: they are the asking. */
  askRecentSignIn?: boolean;
  signal?: AbortSignal;
};

type RequestOptions<TSchema extends v.GenericSchema> = CallOptions & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The answer's schema, or one for each status (a declared call's answers). */
  schema: TSchema | ((status: number) => TSchema);
};

/** Retry-After in seconds; its HTTP-date form is not sent by this API. */
function retryAfterSecondsOf(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

type Answer = { response: Response; payload: unknown };

async function send(path: string, method: string, body: unknown, signal: AbortSignal | undefined): Promise<Answer> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload: unknown = await response.json().catch(() => null);
  return { response, payload };
}

function apiErrorOf({ response, payload }: Answer): ApiError {
  const error = v.safeParse(ErrorBody, payload);
  // "Busy, try again in a moment" is no refusal of what was asked: every view words it as its own
  // "please try again" (translated), as for a network failure, rather than the server's English.
  const explanation = error.success && error.output.error !== ErrorCode.serviceBusy ? error.output : null;
  return new ApiError(response.status, explanation, payload, retryAfterSecondsOf(response.headers.get('retry-after')));
}

/** A 403 that asks the person to confirm it is them. */
const asksRecentSignIn = (refusal: ApiError) =>
  refusal.status === 403 && refusal.body?.error === ErrorCode.recentSignInRequired;

/**
 * Same-origin JSON call whose response is parsed with the contract's schema. A call that needs a
 * recent sign-in (403 `recent_sign_in_required`) asks the person through the handler the signed-in
 * pages set, and is made once more when they confirmed: its caller sees only the second answer. When
 * they did not, it fails with the 403, as answered.
 */
export async function apiRequest<TSchema extends v.GenericSchema>(
  path: string,
  {
    method = 'GET',
    body,
    schema,
    expectUnauthorized = false,
    alsoUnauthorized = [],
    askRecentSignIn = true,
    signal,
  }: RequestOptions<TSchema>,
): Promise<v.InferOutput<TSchema>> {
  const confirmationsBefore = confirmations;
  let answer = await send(path, method, body, signal);
  const handler = onRecentSignInRequired;
  if (askRecentSignIn && handler && answer.response.status === 403) {
    const refusal = apiErrorOf(answer);
    if (asksRecentSignIn(refusal)) {
      // Refused before a confirmation that came meanwhile (another call's dialog): no need to ask again.
      const confirmed = confirmations !== confirmationsBefore || (await confirmRecentSignIn(handler, refusal));
      if (!confirmed) throw refusal;
      // Once only: a second refusal fails as answered, however it is worded.
      answer = await send(path, method, body, signal);
    }
  }
  const { response, payload } = answer;
  if (!response.ok) {
    if ((response.status === 401 || alsoUnauthorized.includes(response.status)) && !expectUnauthorized)
      onUnauthorized();
    throw apiErrorOf(answer);
  }
  return v.parse(typeof schema === 'function' ? schema(response.status) : schema, payload);
}

/** What a declared call needs besides its options: the path's parameters, the query and the body it declares. */
export type CallInput<TCall extends CallDeclaration> = ([PathParamName<TCall['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamName<TCall['path']>, string | number> }) &
  (TCall['query'] extends v.GenericSchema ? { query: QueryInput<TCall> } : { query?: undefined }) &
  (TCall['body'] extends v.GenericSchema ? { body: BodyInput<TCall> } : { body?: undefined }) &
  CallOptions;

const noAnswerBody = v.unknown();

/**
 * A call declared in contract/calls (issue 23): its address from the declaration and the given
 * parameters, its answer read with the schema declared for the status that came.
 */
export function callApi<TCall extends CallDeclaration>(
  call: TCall,
  { params, query, body, ...options }: CallInput<TCall>,
): Promise<AnswerOutput<TCall>> {
  const schemaOf = (status: number): v.GenericSchema => {
    const declared = call.answers[status];
    if (declared === undefined) throw new ApiError(status, null);
    return declared === null || !('kind' in declared) ? noAnswerBody : declared;
  };
  return apiRequest(
    addressOf(call, params as Record<string, string | number> | undefined, query as Record<string, string>),
    { ...options, method: call.method, body, schema: schemaOf },
  ) as Promise<AnswerOutput<TCall>>;
}

/**
 * A failed call as the machines' refusal (machines/support/refusal.ts): the server's code and message, its
 * Retry-After, and the rest of its answer (a team member's `isPaid`). A 429 is a rate limit even
 * without a body; anything else it did not explain (network, an unreadable answer, a busy server)
 * has neither code nor message, and the views word it themselves.
 */
function refusalOfFailure(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return unexplained;
  const { status, body, payload, retryAfterSeconds } = error;
  if (!body) return status === 429 ? refusal(ErrorCode.rateLimited, null, { retryAfterSeconds }) : unexplained;
  const details = Object.entries(payload as Record<string, unknown>).filter(([key]) => !(key in body));
  return refusal(body.error, body.message, {
    retryAfterSeconds,
    details: details.length > 0 ? Object.fromEntries(details) : undefined,
  });
}

/**
 * A call whose refusal reaches its machine (docs/spec.md §8: the body's message is said); anything
 * it did not explain stays as it failed, which the machines take for an unexplained failure.
 */
export async function explained<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const refusal = refusalOfFailure(error);
    throw isExplained(refusal) ? new RefusalError(refusal) : error;
  }
}
