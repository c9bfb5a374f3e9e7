import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The values of a failed query: Drizzle writes them into the error's message and stack (`params:
 * …`) and keeps them as `params`; they hold e-mail addresses, token hashes and whole mail bodies.
 */
function withoutQueryValues(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  // Not an error: the serializer hands it back as it was, and it is not ours to change.
  if (serialized === error || typeof serialized !== 'object' || serialized === null) return serialized;
  const entry = serialized as Record<string, unknown>;
  const values: string[] = [];
  const seen = new Set<unknown>();
  for (let cause: unknown = error; cause instanceof Error && !seen.has(cause); cause = cause.cause) {
    seen.add(cause);
    const params = (cause as { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) values.push(`params: ${params}`);
  }
  const scrub = (text: unknown) =>
    typeof text === 'string'
      ? values.reduce((scrubbed, value) => scrubbed.replaceAll(value, 'params: [redacted]'), text)
      : text;
  entry.message = scrub(entry.message);
  entry.stack = scrub(entry.stack);
  delete entry.params;
  // A PostgreSQL error's detail and context quote values ("Key (email)=(…) already exists",
  // "unnamed portal parameter $1 = '…'").
  delete entry.detail;
  delete entry.where;
  return entry;
}

/** Structured JSON logs. Secrets are redacted by key wherever they might appear. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: withoutQueryValues },
      redact: {
        paths: [
          'password',
          '*.password',
          'currentPassword',
          'newPassword',
          'token',
          '*.token',
          'code',
          '*.code',
          'verificationCode',
          'cookie',
          'headers.cookie',
          'headers.authorization',
          'privateJwk',
          // A concrete request path can hold a reset token, a phone number or an address: log `route`.
          'path',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * The route pattern that answered (`/api/password/reset/:token`), never the concrete path: paths
 * hold reset and choose-your-password tokens, phone numbers and addresses, the query string too.
 * An unmatched request (a 404, a static file) reports the last pattern it went through (`/api/*`, `/*`).
 */
export function loggableRoute(c: Context): string {
  return routePath(c) || '(no route)';
}

export function requestLogging(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const entry = {
      method: c.req.method,
      route: loggableRoute(c),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    // Refusals are part of normal operation; only server failures are errors.
    if (c.res.status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  };
}
