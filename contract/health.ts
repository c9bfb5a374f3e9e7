import * as v from 'valibot';

/** GET /api/health */
export const HealthResponse = v.object({
  status: v.literal('ok'),
  database: v.literal('ok'),
});
