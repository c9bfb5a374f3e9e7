import * as v from 'valibot';
import type { RateLimit } from './http';

/**
 * Phone verification (issue 11): a signed-in person asks for a code by SMS to a number, enters it,
 * and the number is stored on their account and in their session's `phone` claim. Numbers travel
 * and are stored in E.164 (`+12015550123`); the browser parses what the person types per region.
 * The rules and limits: docs/decisions/0021-phone-verification.md.
 */

export const PhoneMessage = {
  numberRequired: 'Please enter your phone number.',
  numberInvalid: 'This is not a valid phone number for the chosen country.',
  numberTaken: 'This phone number is already verified on another account.',
  codeInvalid: 'Invalid code, please try again.',
  codeExpired: 'This code no longer works. Please ask for a new one.',
  notVerified: 'Please verify this phone number with the code we sent first.',
  smsUnavailable: 'We could not send a text message right now. Please try again later.',
  numberNotServed:
    'Verification codes cannot be sent to this number. Use a mobile number from a country where phone verification is offered.',
} as const;

/** How long an SMS code can be entered: five minutes, as the e-mailed codes. */
export const phoneCodeLifetimeSeconds = 5 * 60;
/** Wrong tries before a code is void. */
export const phoneCodeMaxAttempts = 5;
/** A new code to the same number can be asked for this long after the last one. */
export const phoneResendCooldownSeconds = 30;
/** After the code is accepted, how long the person has to add the number to the account. */
export const phoneVerifiedWindowSeconds = 10 * 60;

/**
 * SMS cost money and interrupt whoever holds the number: one code per account and number every 30
 * seconds, ten an hour per account, five an hour per number (whichever accounts ask), thirty an
 * hour per client. Code checks: thirty per account every fifteen minutes; each code also dies after
 * five wrong tries.
 */
export const phoneVerificationLimits = {
  resendCooldown: {
    name: 'phone:cooldown',
    limit: 1,
    windowSeconds: phoneResendCooldownSeconds,
    per: 'account and phone number',
  },
  codesPerAccount: { name: 'phone:codes-account', limit: 10, windowSeconds: 3600, per: 'account' },
  codesPerNumber: { name: 'phone:codes-number', limit: 5, windowSeconds: 3600, per: 'phone number' },
  codesPerClient: { name: 'phone:codes-client', limit: 30, windowSeconds: 3600, per: 'client address' },
  checksPerAccount: { name: 'phone:checks', limit: 30, windowSeconds: 15 * 60, per: 'account' },
  /**
   * Daily budgets of texts (issue 21, SMS pumping): every text costs money, and a pumping attack
   * spreads over accounts, numbers and addresses. Far above what the regions' people verify in a day.
   */
  codesPerRegion: { name: 'phone:codes-region', limit: 500, windowSeconds: 86_400, per: 'region' },
  codesOverall: { name: 'phone:codes-all', limit: 2000, windowSeconds: 86_400, per: 'portal' },
} as const satisfies Record<string, RateLimit>;

/** A number in E.164: a plus, a country code and up to 15 digits in all. */
export const E164 = v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/, PhoneMessage.numberInvalid));

export const PhoneCode = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, PhoneMessage.codeInvalid));

/** POST /api/phone/{phone}/verification-code: the code is sent; when it stops working. */
export const PhoneCodeIssued = v.object({ success: v.literal(true), expiresAt: v.string() });
export type PhoneCodeIssued = v.InferOutput<typeof PhoneCodeIssued>;

/** PATCH /api/phone/{phone}/verification-code */
export const VerifyPhoneCodeRequest = v.object({ code: PhoneCode });
export type VerifyPhoneCodeRequest = v.InferOutput<typeof VerifyPhoneCodeRequest>;

export const PhoneCodeAccepted = v.object({ success: v.literal(true) });

/** POST /api/account/add-phone-verification-data: the number whose code was accepted. */
export const AddPhoneRequest = v.object({ phone: E164 });
export type AddPhoneRequest = v.InferOutput<typeof AddPhoneRequest>;
