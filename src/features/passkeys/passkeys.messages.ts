import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PasskeyMessage } from '../../../contract/passkeys';
import { RecentSignInMessage } from '../../../contract/recent-sign-in';
import type { PasskeyFailure } from '../../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { messageTextOf } from '../../lib/contract-messages';

/** The contract's passkey messages, translated (the server answers refusals with these texts). */
export const passkeyMessageText = messageTextOf({
  [PasskeyMessage.nameInvalid]: msg`Give the passkey a name of at most 64 characters.`,
  [PasskeyMessage.notRecognised]: msg`This passkey was not recognised. Try another, or sign in with your password.`,
  [PasskeyMessage.expired]: msg`This took too long. Try again.`,
  [PasskeyMessage.notFound]: msg`This passkey was removed already.`,
  [PasskeyMessage.tooMany]: msg`You have 10 passkeys. Remove one to add another.`,
  [RecentSignInMessage.required]: msg`For your security, confirm it is you before making this change.`,
});

const failureMessages: Record<Exclude<PasskeyFailure['kind'], 'refused'>, MessageDescriptor> = {
  alreadyRegistered: msg`This device or password manager already holds a passkey for your account.`,
  browserFailed: msg`Your browser could not make a passkey. Try again, or use another device.`,
  unavailable: msg`We could not change your passkeys right now. Please try again.`,
};

/** Why a change of the passkeys did not happen, in the reader's language. */
export function passkeyFailureText(i18n: I18n, failure: PasskeyFailure): string {
  return failure.kind === 'refused' ? passkeyMessageText(i18n, failure.message) : i18n._(failureMessages[failure.kind]);
}

// Order matters: Edge, Opera, Samsung Internet and Vivaldi also call themselves Chrome and Safari;
// Chrome also calls itself Safari (as the server's list of sessions tells them apart).
const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** The name a new passkey is offered: "Passkey on Firefox", as far as the browser tells; the person may change it. */
export function suggestedPasskeyName(i18n: I18n, userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  return browser ? i18n._(msg`Passkey on ${browser}`) : i18n._(msg`Passkey`);
}
