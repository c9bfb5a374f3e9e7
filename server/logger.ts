import type { MiddlewareHandler } from 'hono';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets are redacted by key wherever they might appear. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
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
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Paths can hold secrets (reset tokens) and personal data (phone numbers); the query string can too. Log neither. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/password\/reset\/|\/qrcode-login\/|\/api\/phone\/)[^/]+/, '$1[redacted]');
}

export function requestLogging(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const entry = {
      method: c.req.method,
      path: loggablePath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    // Refusals are part of normal operation; only server failures are errors.
    if (c.res.status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  };
}
