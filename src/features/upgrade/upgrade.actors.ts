import { fromPromise } from 'xstate';
import {
  previewSubscriptionUpgrade,
  upgradeSubscription as upgradeSubscriptionCall,
} from '../../../contract/calls/subscriptions';
import type {
  SubscriptionChangeResponse,
  UpgradePreview,
  UpgradeSubscriptionRequest,
} from '../../../contract/subscriptions';
import { type PreviewUpgradeInput, UpgradePricingError } from '../../../machines/upgradePricing/upgradePricing.machine';
import { ApiError, callApi } from '../../lib/api-client';

/** A refusal keeps the server's message; a 409 is the conflict of two changes at once. */
function upgradeErrorOf(error: unknown): UpgradePricingError {
  if (error instanceof ApiError && error.status === 409)
    return new UpgradePricingError('conflict', error.body?.message);
  if (error instanceof ApiError && error.status < 500 && error.body)
    return new UpgradePricingError('refused', error.body.message);
  return new UpgradePricingError('unavailable');
}

/** POST /api/subscription/{id}/upgrade-preview: what the upgrade would charge today. */
export const previewUpgrade = fromPromise<UpgradePreview, PreviewUpgradeInput>(async ({ input, signal }) => {
  const { referenceId, ...request } = input;
  try {
    return await callApi(previewSubscriptionUpgrade, { params: { referenceId }, body: request, signal });
  } catch (error) {
    throw upgradeErrorOf(error);
  }
});

/** PUT /api/subscription/{id} with the spec's payload. */
export const upgradeSubscription = fromPromise<SubscriptionChangeResponse, UpgradeSubscriptionRequest>(
  async ({ input }) => {
    try {
      return await callApi(upgradeSubscriptionCall, { params: { referenceId: input.referenceId }, body: input });
    } catch (error) {
      throw upgradeErrorOf(error);
    }
  },
);
