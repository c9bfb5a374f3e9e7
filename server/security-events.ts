import type { Logger } from './logger';

/**
 * Security events (issue 21): one log line each, with a fixed field `security` naming the event,
 * so that an operator can filter, count and alert on them apart from the request log.
 */
export type SecurityEventName =
  | 'signIn.succeeded'
  | 'signIn.failed'
  | 'signIn.lockedOut'
  | 'password.changed'
  | 'password.reset'
  | 'identity.linked'
  | 'identity.unlinked'
  | 'secondFactor.enabled'
  | 'secondFactor.disabled'
  | 'secondFactor.ruleChanged'
  | 'passkey.added'
  | 'passkey.removed'
  | 'recentSignIn.confirmed'
  | 'apiKey.refused'
  | 'access.refused';

/** Events that say something was refused or went wrong: written as warnings, the others as info. */
const warnings = new Set<SecurityEventName>(['signIn.failed', 'signIn.lockedOut', 'apiKey.refused', 'access.refused']);

/**
 * What an event may say: identifiers and short codes only. Never a password, token, code, key or
 * e-mail address, nor anything the client typed (an address typed into a sign-in form may be a
 * password typed into the wrong field). The names keep clear of those the logger redacts (`code`,
 * `token`, `path`): an error code goes in `reason`, a route pattern in `route`.
 */
export type SecurityEvent = {
  event: SecurityEventName;
  clientAddress: string;
  /** The account concerned, when it is known. */
  userId?: string;
  /** Why, as a short code (`wrongPassword`, `expired`, an error code of the API). */
  reason?: string;
  /** How a sign-in was made. */
  via?: 'password' | 'provider' | 'qr' | 'secondFactor' | 'passkey';
  /** The OpenID provider's id, for a provider sign-in or link. */
  provider?: string;
  /** The API key's id (never the key) and its team. */
  keyId?: string;
  teamId?: number;
  /** The request's method and the route pattern that answered (`loggableRoute`), as the request log names them. */
  method?: string;
  route?: string;
};

export function securityEvent(logger: Logger, { event, ...details }: SecurityEvent): void {
  const entry = { security: event, ...details };
  if (warnings.has(event)) logger.warn(entry, 'security event');
  else logger.info(entry, 'security event');
}
