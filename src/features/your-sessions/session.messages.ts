import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountSession } from '../../../contract/sessions';
import { formatRelativeTime } from '../../lib/format/dates';

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

const activityRecordedEveryMs = 5 * 60_000;

/**
 * When a session was last active, relative while that reads naturally (within a week), else as a
 * date. The server records activity at most every five minutes, so anything more recent is "now".
 */
export function lastActiveOf(i18n: I18n, iso: string, now: Date): string {
  if (now.getTime() - new Date(iso).getTime() < activityRecordedEveryMs) return i18n._(msg`Active now`);
  return formatRelativeTime(iso, now, i18n.locale);
}
