import { ErrorCode } from '../errors';
import { HealthResponse } from '../health';
import { declareCall } from '../http';

export const checkHealth = declareCall({
  method: 'GET',
  path: '/api/health',
  summary: 'Whether the portal and its database answer',
  description: 'A 503 (`internal`) when the database is unreachable.',
  tag: 'Operations',
  access: 'visitor',
  answers: { 200: HealthResponse },
  refusals: [ErrorCode.internal],
});
