import { eq } from 'drizzle-orm';
import type { BillingEvent } from '../../contract/billing';
import { billingSignatureHeaders } from '../../contract/billing';
import { subscriptions, teamMembers } from '../../server/db/schema';
import { signBillingEvent } from '../../server/services/billing/event-signature';
import type { TestPortal } from './support';

/** What billing tests share: sending the order site's signed events, and buying a plan with one. */

type SignOptions = { timestampSeconds?: number; secret?: string; signature?: string };

/** POSTs a body to the events route signed as the order site would, at the portal's clock. */
export function sendSignedBody(portal: TestPortal, body: string, options: SignOptions = {}) {
  const timestampSeconds = options.timestampSeconds ?? Math.floor(portal.clock.current.getTime() / 1000);
  const signature =
    options.signature ?? signBillingEvent(options.secret ?? portal.env.billingWebhookSecret, timestampSeconds, body);
  // A server-to-server call: no browser Origin header.
  return portal.request('/api/billing/events', {
    body,
    origin: null,
    headers: {
      'content-type': 'application/json',
      [billingSignatureHeaders.timestamp]: String(timestampSeconds),
      [billingSignatureHeaders.signature]: signature,
    },
  });
}

export function sendEvent(portal: TestPortal, event: unknown, options: SignOptions = {}) {
  return sendSignedBody(portal, JSON.stringify(event), options);
}

type Purchase = Extract<BillingEvent, { type: 'subscription.created' }>['data'];

/** Buys a plan through a signed event and answers the subscription's row. */
export async function buy(portal: TestPortal, data: Partial<Purchase> & Pick<Purchase, 'accountEmail' | 'planCode'>) {
  const referenceId = data.referenceId ?? `sub-${crypto.randomUUID()}`;
  const response = await sendEvent(portal, {
    id: `evt-${crypto.randomUUID()}`,
    type: 'subscription.created',
    data: { ...data, referenceId },
  });
  if (response.status !== 200) throw new Error(`purchase failed: ${response.status} ${response.text}`);
  const [subscription] = await portal.db.select().from(subscriptions).where(eq(subscriptions.referenceId, referenceId));
  if (!subscription) throw new Error('bought subscription missing');
  return subscription;
}

export async function addTeamMember(portal: TestPortal, teamId: number | null, userId: string, role: 'admin' | 'user') {
  if (teamId === null) throw new Error('not a team subscription');
  await portal.db.insert(teamMembers).values({ teamId, userId, role });
}
