import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ProviderId, SignInProvider } from '../../../contract/federated-sign-in';

/** When the server sent no message (network down, a 5xx). */
export const unlinkUnavailable = msg`We could not unlink the sign-in right now. Please try again later.`;

/** The social providers' own names, for a provider linked once and no longer configured. */
const brandNames: Record<Exclude<ProviderId, 'enterprise'>, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * What the person calls a linked sign-in: the configured provider's name (the enterprise one's is
 * the company's), else the provider's brand, else "Company account" as "Your sessions" says.
 */
export function signInNameOf(i18n: I18n, providers: readonly SignInProvider[], provider: ProviderId): string {
  const configured = providers.find((each) => each.id === provider)?.name;
  if (configured) return configured;
  return provider === 'enterprise' ? i18n._(msg`Company account`) : brandNames[provider];
}

/** The empty list, naming the providers the person could link ("Google, Microsoft, or Northwind"). */
export function noneLinkedOf(i18n: I18n, providers: readonly SignInProvider[]): string {
  if (providers.length === 0) return i18n._(msg`No sign-ins from other services are linked to your account.`);
  const names = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(
    providers.map((provider) => provider.name),
  );
  return i18n._(msg`No sign-ins from ${names} are linked to your account.`);
}
