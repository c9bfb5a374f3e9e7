import { fromPromise } from 'xstate';
import {
  markPartnerRouter90DaySuccessShown,
  markPartnerRouterActivationSuccessSeen,
  readPartnerRouter,
} from '../../../contract/calls/partner-routers';
import type { PartnerRouterDevice } from '../../../contract/routers';
import type { PartnerRouterFlag } from '../../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { callApi } from '../../lib/api-client';

const flagCalls = {
  seenRouterActivationSuccess: markPartnerRouterActivationSuccessSeen,
  hasShown90DaySuccess: markPartnerRouter90DaySuccessShown,
} satisfies Record<PartnerRouterFlag, unknown>;

/** The partner router calls (docs/spec.md §9), for the router's owner. */
export const partnerRouterActors = {
  loadPartnerRouter: fromPromise<PartnerRouterDevice, { routerId: string }>(({ input, signal }) =>
    callApi(readPartnerRouter, { params: { routerId: input.routerId }, signal }),
  ),
  // 204: no body to read.
  setFlag: fromPromise<void, { routerId: string; flag: PartnerRouterFlag }>(async ({ input }) => {
    await callApi(flagCalls[input.flag], { params: { routerId: input.routerId } });
  }),
};
