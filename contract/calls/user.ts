import { SessionCheckResponse } from '../auth';
import { declareCall } from '../http';

export const checkSession = declareCall({
  method: 'GET',
  path: '/api/user',
  summary: 'Who is signed in, or null',
  description: 'Nobody signed in is an answer, not a refusal. A session cookie that no longer works is cleared.',
  tag: 'Sign-in',
  access: 'visitor',
  answers: { 200: SessionCheckResponse },
});
