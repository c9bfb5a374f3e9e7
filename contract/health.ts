import * as v from 'valibot';
import type { RateLimit } from './http';

/** GET /api/health */
export const HealthResponse = v.object({
  status: v.literal('ok'),
  database: v.literal('ok'),
});

/**
 * The error-reporting tunnel (POST /api/monitoring). A page sends an envelope per error it reports:
 * 60 a minute is far more than a person's pages send, and bounds what one client can make the portal
 * read and forward. The SDK backs off on 429.
 */
export const monitoringLimits = {
  envelopesPerClient: { name: 'monitoring:client', limit: 60, windowSeconds: 60, per: 'client address' },
} as const satisfies Record<string, RateLimit>;
