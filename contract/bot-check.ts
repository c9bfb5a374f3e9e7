import * as v from 'valibot';

/**
 * The check that a person, not a script, asks for a pending account (issue 3) or a new sign-up code
 * (issue 21). The token travels in `g-recaptcha-response` of CreatePendingAccountRequest and
 * ResendVerificationCodeRequest, whatever the provider (the spec's name).
 */

/** `altcha`: self-hosted proof of work (default); `turnstile`/`recaptcha`: third party; `off`: no check. */
export const BotCheckProvider = v.picklist(['altcha', 'turnstile', 'recaptcha', 'off']);
export type BotCheckProvider = v.InferOutput<typeof BotCheckProvider>;

/** The action the third-party widgets are run with and the server expects back. */
export const botCheckAction = 'signup';

/** The message of every refused check (error code `bot_check_failed`). */
export const botCheckFailedMessage = 'Please complete the check that you are not a robot.';

/** What the browser needs to show the configured check (put in the page by the server). */
export const BotCheckConfig = v.object({
  provider: BotCheckProvider,
  siteKey: v.optional(v.string()),
  action: v.optional(v.string()),
});
export type BotCheckConfig = v.InferOutput<typeof BotCheckConfig>;

const Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]*$/i));
const PositiveInteger = v.pipe(v.number(), v.integer(), v.minValue(1));

/** An ALTCHA (v2 proof of work) challenge, signed by the server. */
export const AltchaChallenge = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: Hex,
    salt: Hex,
    cost: PositiveInteger,
    keyLength: PositiveInteger,
    keyPrefix: Hex,
    keySignature: v.optional(Hex),
    memoryCost: v.optional(PositiveInteger),
    parallelism: v.optional(PositiveInteger),
    expiresAt: v.optional(v.number()),
    data: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
  }),
  signature: Hex,
});
export type AltchaChallenge = v.InferOutput<typeof AltchaChallenge>;

/** What the ALTCHA widget hands over, base64-encoded JSON, as the token. */
export const AltchaPayload = v.object({
  challenge: AltchaChallenge,
  solution: v.object({
    counter: v.pipe(v.number(), v.integer(), v.minValue(0)),
    derivedKey: Hex,
    time: v.optional(v.number()),
  }),
});
export type AltchaPayload = v.InferOutput<typeof AltchaPayload>;
