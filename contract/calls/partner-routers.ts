import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { PartnerRouterDevice } from '../routers';

export const readPartnerRouter = declareCall({
  method: 'GET',
  path: '/api/partner-router/device/{routerId}',
  summary: 'A partner router of the signed-in person, with its two success flags',
  description: "Any id but that of one of the caller's own routers, a malformed one included, is answered 404.",
  tag: 'Routers',
  access: 'session',
  answers: { 200: PartnerRouterDevice },
  refusals: [ErrorCode.notFound],
});

export const markPartnerRouter90DaySuccessShown = declareCall({
  method: 'PUT',
  path: '/api/partner-router/device/{routerId}/has-shown-90day-success',
  summary: 'Record that the 90-day success message of a partner router was shown (once set, it stays set)',
  tag: 'Routers',
  access: 'session',
  answers: { 204: null },
  refusals: [ErrorCode.notFound],
});

export const markPartnerRouterActivationSuccessSeen = declareCall({
  method: 'PUT',
  path: '/api/partner-router/device/{routerId}/seen-router-activation-success',
  summary: 'Record that the activation success message of a partner router was seen (once set, it stays set)',
  tag: 'Routers',
  access: 'session',
  answers: { 204: null },
  refusals: [ErrorCode.notFound],
});
