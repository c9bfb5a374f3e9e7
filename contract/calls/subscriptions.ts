import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  CancelSubscriptionRequest,
  SeatsPreview,
  SubscriptionChangeResponse,
  UpdateQuantityRequest,
  UpgradePreview,
  UpgradePreviewRequest,
  UpgradeSubscriptionRequest,
} from '../subscriptions';

/** Who may not see the subscription gets not_found; who sees it but does not own it, forbidden. */
const ownerRefusals = [ErrorCode.notFound, ErrorCode.forbidden] as const;

export const cancelSubscription = declareCall({
  method: 'DELETE',
  path: '/api/subscription/{referenceId}',
  summary: 'Cancel a subscription at the end of its period',
  description:
    'The body is optional: without one (or without a reason) no reason is kept. The subscription stays usable until its period ends.',
  tag: 'Subscriptions',
  access: 'owner',
  body: CancelSubscriptionRequest,
  bodyRequired: false,
  answers: { 200: SubscriptionChangeResponse },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused],
});

export const uncancelSubscription = declareCall({
  method: 'PUT',
  path: '/api/subscription/{referenceId}/uncancel',
  summary: 'Undo the cancellation of a subscription whose period has not ended',
  tag: 'Subscriptions',
  access: 'owner',
  answers: { 200: SubscriptionChangeResponse },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused],
});

export const changeSubscriptionSeats = declareCall({
  method: 'PUT',
  path: '/api/subscription/{referenceId}/quantity',
  summary: 'Change the number of seats of a subscription',
  description:
    'Never below the seats in use (members and pending invitations). Seats added beyond those paid for the current period are charged at once, prorated to its end, on an invoice whose number the answer gives; fewer seats take no credit. The new price applies from the next renewal.',
  tag: 'Subscriptions',
  access: 'owner',
  body: UpdateQuantityRequest,
  answers: { 202: SubscriptionChangeResponse },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused],
});

export const previewSubscriptionSeats = declareCall({
  method: 'POST',
  path: '/api/subscription/{referenceId}/quantity-preview',
  summary: 'What a change of seats would cost: the new price per period and the amount due now',
  tag: 'Subscriptions',
  access: 'owner',
  body: UpdateQuantityRequest,
  answers: { 200: SeatsPreview },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused],
});

export const previewSubscriptionUpgrade = declareCall({
  method: 'POST',
  path: '/api/subscription/{referenceId}/upgrade-preview',
  summary: 'What an upgrade would charge today, the unused part of the period credited',
  tag: 'Subscriptions',
  access: 'owner',
  body: UpgradePreviewRequest,
  answers: { 200: UpgradePreview },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused],
});

export const upgradeSubscription = declareCall({
  method: 'PUT',
  path: '/api/subscription/{referenceId}',
  summary: 'Upgrade a subscription to another plan, prorated, raising an invoice',
  description:
    "`userid`, `email` and `referenceId` must be the signed-in owner's and the path's. Of two changes of plan at once, one wins and the other is refused with `subscription_conflict`.",
  tag: 'Subscriptions',
  access: 'owner',
  body: UpgradeSubscriptionRequest,
  answers: { 200: SubscriptionChangeResponse },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused, ErrorCode.subscriptionConflict],
});

export const delistBlackFridayOffer = declareCall({
  method: 'DELETE',
  path: '/api/subscription/{referenceId}/blackfriday24',
  summary: 'Stop offering the Black Friday price on a subscription',
  tag: 'Subscriptions',
  access: 'owner',
  answers: { 204: null },
  refusals: [...ownerRefusals, ErrorCode.subscriptionRefused],
});
