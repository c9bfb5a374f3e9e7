import { signBillingEvent } from '../billing/event-signature';

/**
 * The VPN servers sign their stats batches the way the order site signs its events: `v1=` hex
 * HMAC-SHA256 of `${timestamp}.${body}`, the timestamp within five minutes of now. One scheme, one
 * implementation (server/http/signed-body.ts verifies both); only the secret (STATS_INGEST_SECRET)
 * and the headers differ.
 */

/** Outside production only, and marked as such: a local trial needs no secret set up. */
export const developmentStatsIngestSecret = 'development-only-stats-ingest-secret-never-in-production';

export const signStatsBatch = signBillingEvent;
