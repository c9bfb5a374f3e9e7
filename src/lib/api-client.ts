import * as v from 'valibot';
import { ErrorBody, ErrorCode } from '../../contract/errors';

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

type RequestOptions<TSchema extends v.GenericSchema> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: TSchema;
  /** Calls whose 401 is an expected answer (the session check, sign-in) opt out of the redirect. */
  expectUnauthorized?: boolean;
  /** Other statuses that mean the session is gone for this call (404 on the account user). */
  alsoUnauthorized?: readonly number[];
  signal?: AbortSignal;
};

/** Retry-After in seconds; its HTTP-date form is not sent by this API. */
function retryAfterSecondsOf(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** Same-origin JSON call whose response is parsed with the contract's schema. */
export async function apiRequest<TSchema extends v.GenericSchema>(
  path: string,
  { method = 'GET', body, schema, expectUnauthorized = false, alsoUnauthorized = [], signal }: RequestOptions<TSchema>,
): Promise<v.InferOutput<TSchema>> {
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
  if (!response.ok) {
    if ((response.status === 401 || alsoUnauthorized.includes(response.status)) && !expectUnauthorized)
      onUnauthorized();
    const error = v.safeParse(ErrorBody, payload);
    // "Busy, try again in a moment" is no refusal of what was asked: every view words it as its own
    // "please try again" (translated), as for a network failure, rather than the server's English.
    const explanation = error.success && error.output.error !== ErrorCode.serviceBusy ? error.output : null;
    throw new ApiError(response.status, explanation, payload, retryAfterSecondsOf(response.headers.get('retry-after')));
  }
  return v.parse(schema, payload);
}

/**
 * A refusal the server explained becomes the machine's refusal with its message (spec section 8);
 * anything else (network, an unreadable answer) stays a plain error, which the views word themselves.
 */
export async function explained<T>(call: () => Promise<T>, Refusal: new (message: string) => Error): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.body) throw new Refusal(error.body.message);
    throw error;
  }
}
