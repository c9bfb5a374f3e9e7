import { Hono } from 'hono';
import { ErrorCode } from '../../contract/errors';
import { ApiFailure, failures } from '../http/errors';
import type { AppEnv } from '../http/middleware';
import type { AppServices } from '../services/index';

const maxEnvelopeBytes = 1024 * 1024;

/**
 * The error-reporting tunnel: the browser posts Sentry envelopes here (same origin, so ad blockers
 * and the CSP allow it) and we forward them, but only to the project of the configured DSN, so the
 * portal cannot be used to relay requests anywhere else.
 */
export function monitoringRoutes({ env, logger }: AppServices) {
  const configured = env.sentryDsn ? new URL(env.sentryDsn) : null;

  return new Hono<AppEnv>().post('/', async (c) => {
    if (!configured) throw failures.notFound();
    const envelope = await c.req.arrayBuffer();
    if (envelope.byteLength > maxEnvelopeBytes) throw failures.payloadTooLarge();
    const text = new TextDecoder().decode(envelope);
    const headerLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
    let dsn: URL;
    try {
      dsn = new URL((JSON.parse(headerLine) as { dsn?: string }).dsn ?? '');
    } catch {
      throw new ApiFailure(400, ErrorCode.validation, 'The envelope has no valid DSN.');
    }
    if (dsn.host !== configured.host || dsn.pathname !== configured.pathname) {
      throw new ApiFailure(400, ErrorCode.validation, 'The envelope is for another project.');
    }
    const projectId = configured.pathname.slice(1);
    const upstream = `${configured.protocol}//${configured.host}/api/${projectId}/envelope/`;
    try {
      const response = await fetch(upstream, {
        method: 'POST',
        body: envelope,
        headers: { 'content-type': 'application/x-sentry-envelope' },
        signal: AbortSignal.timeout(5000),
      });
      return c.body(null, response.ok ? 200 : 502);
    } catch (error) {
      logger.warn({ err: error }, 'error-reporting tunnel: upstream unreachable');
      return c.body(null, 502);
    }
  });
}
