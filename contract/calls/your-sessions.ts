import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { AccountSessions, SignOutOthersResponse } from '../sessions';

export const listAccountSessions = declareCall({
  method: 'GET',
  path: '/api/account/sessions',
  summary: "The person's live sessions, the current one first",
  tag: 'Your sessions',
  access: 'session',
  answers: { 200: AccountSessions },
});

// Mounted before signOutSession, whose `{id}` would otherwise take "others": first by name (the
// API mounts a module namespace, ordered by name) and first here.
export const signOutOtherSessions = declareCall({
  method: 'DELETE',
  path: '/api/account/sessions/others',
  summary: 'Sign out every session of the person but the one asking',
  tag: 'Your sessions',
  access: 'session',
  answers: { 200: SignOutOthersResponse },
});

export const signOutSession = declareCall({
  method: 'DELETE',
  path: '/api/account/sessions/{id}',
  summary: "Sign out one of the person's sessions",
  description: "Another person's session is answered as an unknown one (404).",
  tag: 'Your sessions',
  access: 'session',
  answers: { 204: null },
  refusals: [ErrorCode.notFound],
});
