import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { PartnerRouterDevice } from '../../../contract/routers';
import type { PartnerRouterFlag } from '../../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { apiRequest } from '../../lib/api-client';

const flagPaths: Record<PartnerRouterFlag, string> = {
  seenRouterActivationSuccess: 'seen-router-activation-success',
  hasShown90DaySuccess: 'has-shown-90day-success',
};

/** The partner router calls (spec section 9), for the router's owner. */
export const partnerRouterActors = {
  loadPartnerRouter: fromPromise<PartnerRouterDevice, { routerId: string }>(({ input, signal }) =>
    apiRequest(api.partnerRouterDevice(input.routerId), { schema: PartnerRouterDevice, signal }),
  ),
  // 204: no body to read.
  setFlag: fromPromise<void, { routerId: string; flag: PartnerRouterFlag }>(async ({ input }) => {
    await apiRequest(`${api.partnerRouterDevice(input.routerId)}/${flagPaths[input.flag]}`, {
      method: 'PUT',
      schema: v.unknown(),
    });
  }),
};
