import { createHmac, timingSafeEqual } from 'node:crypto';
import { billingEventToleranceSeconds } from '../../../contract/billing';

/**
 * The order site's signature on an event (contract/billing.ts): `v1=` hex HMAC-SHA256 of
 * `${timestamp}.${body}` with the shared secret. The server verifies with it and
 * scripts/billing-event.ts signs with it, so both always agree.
 */

/** Outside production only, and marked as such: a local trial needs no secret set up. */
export const developmentBillingWebhookSecret = 'development-only-billing-webhook-secret-never-in-production';

export function signBillingEvent(secret: string, timestampSeconds: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

export type SignatureVerdict = 'valid' | 'invalid' | 'stale';

/** Checks the signature first, so only an authentic event learns that its clock is off. */
export function verifyBillingSignature({
  secret,
  body,
  timestamp,
  signature,
  now,
}: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now: Date;
}): SignatureVerdict {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) return 'invalid';
  const timestampSeconds = Number(timestamp);
  const expected = Buffer.from(signBillingEvent(secret, timestampSeconds, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const skewSeconds = Math.abs(now.getTime() / 1000 - timestampSeconds);
  return skewSeconds <= billingEventToleranceSeconds ? 'valid' : 'stale';
}
