import * as v from 'valibot';

/** Every failure the API answers with: a stable machine-readable code and a human message. */
export const ErrorBody = v.object({
  error: v.string(),
  message: v.string(),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** The codes the server uses in `error`; clients map them to translated messages. */
export const ErrorCode = {
  validation: 'validation_failed',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  crossOrigin: 'cross_origin_refused',
  invalidCredentials: 'invalid_credentials',
  rateLimited: 'rate_limited',
  notFound: 'not_found',
  emailTaken: 'email_taken',
  invalidCode: 'invalid_code',
  codeExpired: 'code_expired',
  invalidResetToken: 'invalid_reset_token',
  currentPasswordIncorrect: 'current_password_incorrect',
  botCheckFailed: 'bot_check_failed',
  passwordTooCommon: 'password_too_common',
  /** A subscription change that its plan, state or seats do not allow. */
  subscriptionRefused: 'subscription_refused',
  /** Another change of the same subscription won (two upgrades at once). */
  subscriptionConflict: 'subscription_conflict',
  couponRefused: 'coupon_refused',
  invalidSignature: 'invalid_signature',
  staleEvent: 'stale_event',
  eventReplayed: 'event_replayed',
  /** A team change that the team's plan, seats or members do not allow. */
  teamRefused: 'team_refused',
  /** The person is already a member of, or invited to, this team. */
  teamConflict: 'team_conflict',
  /** The person pays for a subscription or belongs to another team (body: TeamMemberConflict). */
  teamMemberConflict: 'team_member_conflict',
  /** An invitation code that is unknown, canceled, expired, used, or meant for another address. */
  invitationRefused: 'invitation_refused',
  /** An activation code that was already used to link a device. */
  codeUsed: 'code_used',
  /** The account has as many linked devices as its limit allows. */
  deviceLimitReached: 'device_limit_reached',
  /** A device association that the subscription's state or seats do not allow. */
  deviceRefused: 'device_refused',
  /** The phone number is verified on another account. */
  phoneTaken: 'phone_taken',
  /** A sign-in through a provider that expired, was used, was cancelled or did not check out. */
  signInRefused: 'sign_in_refused',
  /** A QR sign-in approved with a number the waiting browser did not show: the request is declined. */
  numberMismatch: 'number_mismatch',
  /** The provider did not answer in time. */
  providerUnavailable: 'provider_unavailable',
  /** No company's single sign-on covers the work address's domain. */
  unknownDomain: 'unknown_domain',
  /** A provider's unverified address matches an existing account, which is not taken over. */
  emailNotVerified: 'email_not_verified',
  /** A waiting provider sign-in or mailed link to link it that expired, was used or is unknown. */
  linkExpired: 'link_expired',
  /** Unlinking the account's last way to sign in. */
  lastWayIn: 'last_way_in',
  /** A sign-in's second step or an authenticator app's setup that took too long, or is unknown. */
  secondFactorExpired: 'second_factor_expired',
  /** Turning on an authenticator app that is on, or changing one that is off. */
  secondFactorConflict: 'second_factor_conflict',
  /** A sensitive change by a session whose sign-in is older than 10 minutes: confirm it is you (issue 22). */
  recentSignInRequired: 'recent_sign_in_required',
  /** A passkey the account does not hold, or whose answer did not verify. */
  passkeyRefused: 'passkey_refused',
  /** A team that requires two-step sign-in, reached by a member who has not set it up. */
  secondFactorSetupRequired: 'second_factor_setup_required',
  /** Stats ingestion has no STATS_INGEST_SECRET in production. */
  ingestionOff: 'ingestion_off',
  /** A stats batch id that an earlier, different batch took. */
  batchIdReused: 'batch_id_reused',
  /** Too much work at once (password hashing): try again after Retry-After. */
  serviceBusy: 'service_busy',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
