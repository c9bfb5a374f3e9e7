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
import type { PreviewUpgradeInput } from '../../../machines/upgrade/upgrade.machine';
import { callApi, explained } from '../../lib/api-client';

/** POST /api/subscription/{id}/upgrade-preview: what the upgrade would charge today. */
export const previewUpgrade = fromPromise<UpgradePreview, PreviewUpgradeInput>(async ({ input, signal }) => {
  const { referenceId, ...request } = input;
  return explained(() => callApi(previewSubscriptionUpgrade, { params: { referenceId }, body: request, signal }));
});

/** PUT /api/subscription/{id} with the spec's payload. */
export const upgradeSubscription = fromPromise<SubscriptionChangeResponse, UpgradeSubscriptionRequest>(
  async ({ input }) => {
    return explained(() =>
      callApi(upgradeSubscriptionCall, { params: { referenceId: input.referenceId }, body: input }),
    );
  },
);
