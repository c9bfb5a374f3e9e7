import { AccountUser } from '../account';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';

export const getAccountUser = declareCall({
  method: 'GET',
  path: '/api/account/user',
  summary: "The signed-in person's account: subscriptions, devices, servers and data use",
  description: 'A 404 means the account is gone: sign in again.',
  tag: 'Account',
  access: 'session',
  answers: { 200: AccountUser },
  refusals: [ErrorCode.notFound],
});
