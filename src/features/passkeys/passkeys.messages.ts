import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { BrowserRefusal, type Refusal } from '../../../machines/support/refusal';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/passkeys';
import '../../lib/refusals/recent-sign-in';

/** The browser's refusals of a new passkey, and a failure nobody explained. */
const browserRefusals = {
  [BrowserRefusal.passkeyAlreadyRegistered]: msg`This device or password manager already holds a passkey for your account.`,
  [BrowserRefusal.passkeyFailed]: msg`Your browser could not make a passkey. Try again, or use another device.`,
};
const changeUnavailable = msg`We could not change your passkeys right now. Please try again.`;

/** Why a change of the passkeys did not happen, in the reader's language. */
export function passkeyFailureText(i18n: I18n, failure: Refusal): string {
  return refusalText(i18n, failure, { unavailable: changeUnavailable, instead: browserRefusals });
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
