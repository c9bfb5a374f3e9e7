import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ErrorCode } from '../../contract/errors';
import { defaultLocale } from '../../contract/locales';
import type { Refusal } from '../../machines/support/refusal';

/** A request the portal should never have sent (malformed, of another origin): a reload sends a good one. */
const badRequest = msg`The portal sent a request the server could not read. Please reload the page and try again.`;

/** The calls of the billing provider, the devices and the servers: no page makes them, so one text says it. */
const notForThePortal = msg`The portal refused this request.`;

/**
 * The one registry of refusals in the reader's language, keyed by the server's error code
 * (contract/errors.ts): every code has a text here, worded as the server's message where the code
 * has one message only. Where a code covers several cases (team_refused, coupon_refused…), the
 * books of src/lib/refusals/ hold the text of each message the server sends for it, by the
 * contract's message constants; a page imports the books of the calls it makes, so it carries only
 * their messages, and their texts land in the catalogue of the pages that show them. The codes'
 * texts are in the signed-in and visitor catalogues (lingui.config.ts): sign-in and sign-up word
 * their refusals themselves, so their pages load none of this.
 */
export const codeTexts: Readonly<Record<ErrorCode, MessageDescriptor>> = {
  [ErrorCode.validation]: msg`Please check what you entered and try again.`,
  [ErrorCode.malformedJson]: badRequest,
  [ErrorCode.payloadTooLarge]: msg`What you sent is too large.`,
  [ErrorCode.unsupportedMediaType]: badRequest,
  [ErrorCode.unauthorized]: msg`You need to sign in.`,
  [ErrorCode.forbidden]: msg`You are not allowed to do this.`,
  [ErrorCode.crossOrigin]: badRequest,
  [ErrorCode.invalidCredentials]: msg`The e-mail address or password is incorrect.`,
  [ErrorCode.rateLimited]: msg`Too many attempts. Please wait a few minutes and try again.`,
  [ErrorCode.notFound]: msg`This was not found. It may have been removed meanwhile.`,
  [ErrorCode.emailTaken]: msg`An account with this E-Mail already exists with us`,
  [ErrorCode.invalidCode]: msg`Invalid code, please try again.`,
  [ErrorCode.codeExpired]: msg`This code no longer works. Please ask for a new one.`,
  [ErrorCode.invalidResetToken]: msg`Password reset link is invalid. Please request a new one.`,
  [ErrorCode.currentPasswordIncorrect]: msg`Current password is incorrect. Not changing password.`,
  [ErrorCode.botCheckFailed]: msg`The check that you are not a robot did not succeed. Please try it again.`,
  [ErrorCode.passwordTooCommon]: msg`This password is one of the most common ones. Please choose another.`,
  [ErrorCode.subscriptionRefused]: msg`This subscription does not allow this change.`,
  [ErrorCode.subscriptionConflict]: msg`This subscription was changed at the same time. Please review it and try again.`,
  [ErrorCode.couponRefused]: msg`This coupon cannot be redeemed.`,
  [ErrorCode.invalidSignature]: notForThePortal,
  [ErrorCode.staleEvent]: notForThePortal,
  [ErrorCode.eventReplayed]: notForThePortal,
  [ErrorCode.teamRefused]: msg`The team does not allow this change.`,
  [ErrorCode.teamConflict]: msg`The team was changed meanwhile. Please reload the page and try again.`,
  [ErrorCode.teamMemberConflict]: msg`User is already a paid member or part of another team. Please contact support if you think this is incorrect`,
  [ErrorCode.invitationRefused]: msg`This invitation cannot be accepted.`,
  [ErrorCode.codeUsed]: msg`This code was used already.`,
  [ErrorCode.deviceLimitReached]: msg`Your account has reached its device limit. Remove a device before you link another one.`,
  [ErrorCode.deviceRefused]: msg`This subscription cannot take this device.`,
  [ErrorCode.phoneTaken]: msg`This phone number is already verified on another account.`,
  [ErrorCode.signInRefused]: msg`The sign-in could not be confirmed. Please start again.`,
  [ErrorCode.numberMismatch]: msg`That is not the number shown on the other device. The sign-in was refused; start again there.`,
  [ErrorCode.providerUnavailable]: msg`The sign-in provider cannot be reached right now. Please try again later.`,
  [ErrorCode.unknownDomain]: msg`Your company does not use single sign-on with us. Sign in with your e-mail and password instead.`,
  [ErrorCode.emailNotVerified]: msg`The provider has not confirmed that this e-mail address is yours.`,
  [ErrorCode.linkExpired]: msg`This link has expired or was already used.`,
  [ErrorCode.lastWayIn]: msg`This is the only way to sign in to your account, so it cannot be removed.`,
  [ErrorCode.secondFactorExpired]: msg`This took too long. Try again.`,
  [ErrorCode.secondFactorConflict]: msg`Your two-step sign-in was changed meanwhile, perhaps in another window.`,
  [ErrorCode.recentSignInRequired]: msg`For your security, confirm it is you before making this change.`,
  [ErrorCode.passkeyRefused]: msg`This passkey was not recognised. Try another, or sign in with your password.`,
  [ErrorCode.secondFactorSetupRequired]: msg`Your team requires two-step sign-in. Set up an authenticator app to reach its pages.`,
  [ErrorCode.ingestionOff]: notForThePortal,
  [ErrorCode.batchIdReused]: notForThePortal,
  [ErrorCode.serviceBusy]: msg`The service is busy. Please try again in a moment.`,
  [ErrorCode.internal]: msg`Something went wrong on our side. Please try again later.`,
};

/** The texts of a code's several messages, by the server's message (a contract constant). */
type MessageTexts = Readonly<Record<string, MessageDescriptor>>;

/** One book of src/lib/refusals/: the messages of one part of the API, under the code the server sends them with. */
export type RefusalBook = Partial<Record<ErrorCode, MessageTexts>>;

const messageTexts = new Map<string, Map<string, MessageDescriptor>>();

/** Adds a book's messages to the registry (each book does so once, when a page first imports it), and gives it back. */
export function addRefusalBook(book: RefusalBook): RefusalBook {
  for (const [code, texts] of Object.entries(book)) {
    const known = messageTexts.get(code) ?? new Map<string, MessageDescriptor>();
    for (const [message, text] of Object.entries(texts)) known.set(message, text);
    messageTexts.set(code, known);
  }
  return book;
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(codeTexts, code);

/** A validation message names its field first (`email: …`, as the server's validation says it). */
const withoutFieldPath = (message: string) => message.replace(/^[\w.[\]]+: /, '');

/**
 * The text of a message under its code; else under any code, as a machine's own check says what the
 * server would, and a message means the same whichever code it comes with.
 */
function knownTextOf(code: string, message: string): MessageDescriptor | undefined {
  const bare = code === ErrorCode.validation ? withoutFieldPath(message) : message;
  const underCode = messageTexts.get(code);
  const known = underCode?.get(message) ?? underCode?.get(bare);
  if (known) return known;
  for (const texts of messageTexts.values()) {
    const text = texts.get(message) ?? texts.get(bare);
    if (text) return text;
  }
  return undefined;
}

/** The wait a rate limit asked for, in whole minutes. */
const rateLimitedFor = (minutes: number) =>
  msg`${plural(minutes, {
    one: 'Too many attempts. You can try again in # minute.',
    other: 'Too many attempts. You can try again in # minutes.',
  })}`;

type RefusalWording = {
  /** A failure nobody explained (network down, a 5xx): "We could not … right now", as the screen says it. */
  unavailable: MessageDescriptor;
  /**
   * A screen's own words for some codes, where it needs them (the spec's exact message for a case,
   * the browser's refusals of machines/support/refusal.ts).
   */
  instead?: Partial<Record<string, MessageDescriptor>>;
};

/**
 * A refusal in the reader's language: the screen's own words for its code where it has them, the
 * text of the server's message where a book knows it, a rate limit with its wait, else its code's
 * text. A message nobody translated reaches an English reader as the server sent it
 * (docs/spec.md §8: the body's message is shown), any other in the code's words.
 */
export function refusalText(i18n: I18n, refusal: Refusal, { unavailable, instead = {} }: RefusalWording): string {
  const { code, message, retryAfterSeconds } = refusal;
  const own = code === null ? undefined : instead[code];
  if (own) return i18n._(own);
  if (code === null || !isErrorCode(code)) {
    if (message !== null && i18n.locale === defaultLocale) return message;
    return i18n._(unavailable);
  }
  const known = message === null ? undefined : knownTextOf(code, message);
  if (known) return i18n._(known);
  if (code === ErrorCode.rateLimited && retryAfterSeconds !== null)
    return i18n._(rateLimitedFor(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  if (message !== null && i18n.locale === defaultLocale) return message;
  return i18n._(codeTexts[code]);
}

/**
 * A contract message that a machine's own check gave (a field's), in the reader's language: the
 * text of the server's refusal of the same (validation_failed unless another code is given).
 */
export function contractMessageText(i18n: I18n, message: string, code: ErrorCode = ErrorCode.validation): string {
  return refusalText(i18n, { code, message, retryAfterSeconds: null }, { unavailable: codeTexts[code] });
}
