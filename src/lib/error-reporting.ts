import * as Sentry from '@sentry/react';
import { reportErrors } from '../../contract/calls/monitoring';

/**
 * Error reporting through our own tunnel (the server forwards only to the configured project),
 * every trace sampled, and none of the person's data collected.
 */
export function startErrorReporting(options: { dsn: string; environment: string }): void {
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    tunnel: reportErrors.path,
    tracesSampleRate: 1,
    integrations: [Sentry.browserTracingIntegration()],
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
  });
}
