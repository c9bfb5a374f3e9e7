import * as v from 'valibot';
import { ProviderId } from './federated-sign-in';

/**
 * Linked sign-ins (issue 21): the provider sign-ins linked to the person's account, each with when
 * it was linked and last used, and unlinking one. The account must keep a way in: its password, or
 * another linked sign-in.
 */

export const LinkedSignInMessage = {
  notLinked: 'This sign-in is not linked to your account. It may have been removed already.',
  lastWayIn:
    'This is the only way to sign in to your account, so it cannot be removed. Set a password first (with "Forgot password" on the sign-in page), then remove it.',
} as const;

export const LinkedSignIn = v.object({
  provider: ProviderId,
  /** The provider's identifier of the person: with the provider, it names the link. */
  subject: v.string(),
  /** The address the provider gave when the sign-in was linked. */
  email: v.string(),
  /** ISO times; lastUsedAt null when the sign-in was linked and never used since. */
  linkedAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
});
export type LinkedSignIn = v.InferOutput<typeof LinkedSignIn>;

/** GET /api/account/linked-sign-ins */
export const LinkedSignInsResponse = v.object({
  /** The account has a password of its own, so unlinking every provider leaves a way in. */
  passwordSet: v.boolean(),
  linkedSignIns: v.array(LinkedSignIn),
});
export type LinkedSignInsResponse = v.InferOutput<typeof LinkedSignInsResponse>;

/** DELETE /api/account/linked-sign-ins */
export const UnlinkSignInRequest = v.object({
  provider: ProviderId,
  subject: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
});
export type UnlinkSignInRequest = v.InferInput<typeof UnlinkSignInRequest>;
