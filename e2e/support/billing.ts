import { type APIRequestContext, expect } from '@playwright/test';
import { api } from '../../contract/api';
import { type BillingEvent, billingSignatureHeaders } from '../../contract/billing';
import { developmentBillingWebhookSecret, signBillingEvent } from '../../server/services/billing/event-signature';

type PurchaseData = Extract<BillingEvent, { type: 'subscription.created' }>['data'];

/**
 * A purchase as the order site reports it: a signed `subscription.created` event to the portal
 * under test (which runs with the development secret), so specs get subscriptions of their own.
 */
export async function purchase(
  request: APIRequestContext,
  data: Omit<PurchaseData, 'quantity' | 'blackfriday24Eligible'> & Partial<PurchaseData>,
): Promise<void> {
  const body = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, type: 'subscription.created', data });
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await request.post(api.billingEvents, {
    data: body,
    headers: {
      'content-type': 'application/json',
      [billingSignatureHeaders.timestamp]: String(timestamp),
      [billingSignatureHeaders.signature]: signBillingEvent(developmentBillingWebhookSecret, timestamp, body),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A reference id no other spec uses. */
export function freshReferenceId(label: string): string {
  return `e2e-${label}-${crypto.randomUUID().slice(0, 8)}`;
}
