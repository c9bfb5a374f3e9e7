import type * as subscriptionsCalls from '../../contract/calls/subscriptions';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';

/** The owner's changes of a subscription (docs/spec.md §6 and §7), each decided by the billing seam. */
export function subscriptionsHandlers({ billing }: AppServices): Routes<typeof subscriptionsCalls> {
  return {
    cancelSubscription: async (c) => ({
      status: 200,
      body: await billing.cancel(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json')),
    }),
    uncancelSubscription: async (c) => ({
      status: 200,
      body: await billing.uncancel(callerOf(c), c.req.valid('param').referenceId),
    }),
    changeSubscriptionSeats: async (c) => ({
      status: 202,
      body: await billing.updateQuantity(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json').quantity),
    }),
    previewSubscriptionSeats: async (c) => ({
      status: 200,
      body: await billing.previewSeats(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json').quantity),
    }),
    previewSubscriptionUpgrade: async (c) => ({
      status: 200,
      body: await billing.previewUpgrade(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json')),
    }),
    upgradeSubscription: async (c) => ({
      status: 200,
      body: await billing.upgrade(callerOf(c), c.req.valid('param').referenceId, c.req.valid('json')),
    }),
    delistBlackFridayOffer: async (c) => {
      await billing.delistBlackFriday(callerOf(c), c.req.valid('param').referenceId);
      return { status: 204 };
    },
  };
}
