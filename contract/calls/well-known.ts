import { JsonWebKeySet } from '../auth';
import { declareCall } from '../http';

export const getSigningKeys = declareCall({
  method: 'GET',
  path: '/.well-known/jwks.json',
  summary: 'The public keys that verify session tokens (JWKS)',
  description: 'The current key and the one before it; cached for ten minutes.',
  tag: 'Sign-in',
  access: 'visitor',
  answers: { 200: JsonWebKeySet },
});
