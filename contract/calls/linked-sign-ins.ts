import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { LinkedSignInsResponse, UnlinkSignInRequest } from '../linked-sign-ins';

export const listLinkedSignIns = declareCall({
  method: 'GET',
  path: '/api/account/linked-sign-ins',
  summary: "The provider sign-ins linked to the person's account, and whether it has a password",
  tag: 'Linked sign-ins',
  access: 'session',
  answers: { 200: LinkedSignInsResponse },
});

export const unlinkSignIn = declareCall({
  method: 'DELETE',
  path: '/api/account/linked-sign-ins',
  summary: "Remove a provider sign-in linked to the person's account",
  description: 'The account keeps a way in: its password, or another linked sign-in. Its owner is told by mail.',
  tag: 'Linked sign-ins',
  access: 'session',
  recentSignIn: true,
  body: UnlinkSignInRequest,
  answers: { 204: null },
  refusals: [ErrorCode.notFound, ErrorCode.lastWayIn],
});
