import { ErrorCode } from '../errors';
import { monitoringLimits } from '../health';
import { declareCall } from '../http';

export const reportErrors = declareCall({
  method: 'POST',
  path: '/api/monitoring',
  summary: "The error-reporting tunnel: forwards the pages' Sentry envelopes",
  description:
    'The body is a Sentry envelope (any content type, at most 1 MiB), not JSON. It is forwarded only to the project of the configured DSN; 502 when that project did not take it. 404 when error reporting is off.',
  tag: 'Operations',
  access: 'visitor',
  answers: { 200: null, 502: null },
  refusals: [ErrorCode.notFound, ErrorCode.validation, ErrorCode.payloadTooLarge, ErrorCode.rateLimited],
  rateLimits: [monitoringLimits.envelopesPerClient],
});
