import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AccountSession, SessionMessage } from '../../../contract/sessions';
import { messageTextOf } from '../../lib/contract-messages';

/** The contract's session messages, translated (the server answers refusals with these texts). */
export const sessionMessageText = messageTextOf({
  [SessionMessage.sessionNotFound]: msg`There is no such session on your account. It may have ended already.`,
  [SessionMessage.sessionIdInvalid]: msg`This is not a session id.`,
});

/** When the server sent no message (network down, a 5xx). */
export const signOutUnavailable = msg`We could not sign the session out right now. Please try again later.`;

/** The names of the sign-in providers the portal knows; another provider is shown by its key. */
const providerNames: Record<string, string> = { google: 'Google', microsoft: 'Microsoft', apple: 'Apple' };

/** What a person calls a session: its browser on its system, as far as its user agent tells. */
export function sessionLabelOf(i18n: I18n, { browser, system }: Pick<AccountSession, 'browser' | 'system'>): string {
  if (browser && system) return i18n._(msg`${browser} on ${system}`);
  if (browser) return browser;
  if (system) return i18n._(msg`A browser on ${system}`);
  return i18n._(msg`An unknown browser`);
}

/** How the session began: password, passkey, the provider's name, or a QR code. */
export function signInMethodOf(
  i18n: I18n,
  { signInMethod, provider }: Pick<AccountSession, 'signInMethod' | 'provider'>,
) {
  if (signInMethod === 'password') return i18n._(msg`E-mail and password`);
  if (signInMethod === 'qr') return i18n._(msg`QR code from another device`);
  if (signInMethod === 'passkey') return i18n._(msg`Passkey`);
  if (provider === 'enterprise') return i18n._(msg`Company account`);
  const name = (provider && providerNames[provider]) ?? provider ?? '';
  return name ? i18n._(msg`${name} account`) : i18n._(msg`A sign-in provider`);
}

/** Where the session began, coarsely: its network. */
export function placeOf(i18n: I18n, { place }: Pick<AccountSession, 'place'>): string {
  if (!place) return i18n._(msg`Unknown`);
  const { network } = place;
  return place.local ? i18n._(msg`Local network (${network})`) : i18n._(msg`Network ${network}`);
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** A point in time in the reader's language and time zone: date and time. */
export function dateTimeOf(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * When a session was last active, relative while that reads naturally (within a week), else as a
 * date. The server records activity at most every five minutes, so anything more recent is "now".
 */
export function lastActiveOf(i18n: I18n, iso: string, now: Date): string {
  const ago = now.getTime() - new Date(iso).getTime();
  if (ago < 5 * minuteMs) return i18n._(msg`Active now`);
  const relative = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto' });
  if (ago < hourMs) return relative.format(-Math.floor(ago / minuteMs), 'minute');
  if (ago < dayMs) return relative.format(-Math.floor(ago / hourMs), 'hour');
  if (ago < 7 * dayMs) return relative.format(-Math.floor(ago / dayMs), 'day');
  return dateTimeOf(i18n.locale, iso);
}
