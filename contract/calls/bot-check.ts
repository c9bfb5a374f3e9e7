import { AltchaChallenge } from '../bot-check';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';

export const getBotCheckChallenge = declareCall({
  method: 'GET',
  path: '/api/bot-check/challenge',
  summary: 'A fresh, signed ALTCHA challenge for the bot check',
  description: 'Only while the provider is `altcha` (404 otherwise). Each challenge is solved and used once.',
  tag: 'Account creation',
  access: 'visitor',
  answers: { 200: AltchaChallenge },
  refusals: [ErrorCode.notFound],
});
