import { bodyLimit } from 'hono/body-limit';
import type * as monitoringCalls from '../../contract/calls/monitoring';
import { ErrorCode } from '../../contract/errors';
import { monitoringLimits } from '../../contract/health';
import type { Routes } from '../http/calls';
import { clientAddressOf } from '../http/middleware';
import { refusalResponse } from '../http/refusals';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';

const maxEnvelopeBytes = 1024 * 1024;

/**
 * The error-reporting tunnel: the browser posts Sentry envelopes here (same origin, so ad blockers
 * and the CSP allow it) and we forward them, but only to the project of the configured DSN, so the
 * portal cannot be used to relay requests anywhere else. Each client may send
 * monitoringLimits.envelopesPerClient, counted before the body is read, and a body is refused as
 * soon as more than maxEnvelopeBytes of it arrived (bodyLimit counts while it streams).
 */
export function monitoringHandlers({ env, logger, rateLimiter }: AppServices): Routes<typeof monitoringCalls> {
  const configured = env.sentryDsn ? new URL(env.sentryDsn) : null;
  if (!configured) {
    return {
      reportErrors: async () => {
        throw commonRefusals.notFound();
      },
    };
  }
  const projectId = configured.pathname.slice(1);
  const upstream = `${configured.protocol}//${configured.host}/api/${projectId}/envelope/`;

  return {
    reportErrors: {
      guards: [
        async (c, next) => {
          const verdict = await rateLimiter.take(monitoringLimits.envelopesPerClient, clientAddressOf(c, env));
          if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
          await next();
        },
        bodyLimit({ maxSize: maxEnvelopeBytes, onError: (c) => refusalResponse(c, commonRefusals.payloadTooLarge()) }),
      ],
      handle: async (c) => {
        const envelope = await c.req.arrayBuffer();
        const text = new TextDecoder().decode(envelope);
        const headerLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
        let dsn: URL;
        try {
          dsn = new URL((JSON.parse(headerLine) as { dsn?: string }).dsn ?? '');
        } catch {
          throw new Refusal(ErrorCode.validation, 'The envelope has no valid DSN.');
        }
        if (dsn.host !== configured.host || dsn.pathname !== configured.pathname) {
          throw new Refusal(ErrorCode.validation, 'The envelope is for another project.');
        }
        try {
          const response = await fetch(upstream, {
            method: 'POST',
            body: envelope,
            headers: { 'content-type': 'application/x-sentry-envelope' },
            signal: AbortSignal.timeout(5000),
          });
          return { status: response.ok ? 200 : 502 };
        } catch (error) {
          logger.warn({ err: error }, 'error-reporting tunnel: upstream unreachable');
          return { status: 502 };
        }
      },
    },
  };
}
