import type { AccountUser, Subscription } from '../../contract/account';
import type { SessionClaims } from '../../contract/auth';
import { readsAsAnotherHost } from '../../contract/redirect-paths';

/** Route guards of docs/spec.md §2, as pure functions the routes' beforeLoad calls. */

export type SearchParams = Record<string, unknown>;

/** The search of /login for someone sent there: utm_ parameters kept, the way back in `redirect`. */
export function loginSearchFor(location: { pathname: string; searchStr: string }): SearchParams {
  const params = new URLSearchParams(location.searchStr);
  const kept: SearchParams = {};
  for (const [name, value] of params) {
    if (name.startsWith('utm_')) kept[name] = value;
  }
  return { ...kept, redirect: `${location.pathname}${location.searchStr}` };
}

/** The utm_ parameters of a search, for routes that pass them through. */
export function utmParamsOf(search: SearchParams): SearchParams {
  return Object.fromEntries(Object.entries(search).filter(([name]) => name.startsWith('utm_')));
}

export function isOwner(user: Pick<AccountUser, 'email'>, subscription: Pick<Subscription, 'ownerEmail'>): boolean {
  return subscription.ownerEmail.toLowerCase() === user.email.toLowerCase();
}

/** The owner, or an admin of a teams or families subscription's team. */
export function isAdminOrOwner(user: Pick<AccountUser, 'email'>, subscription: Subscription): boolean {
  if (isOwner(user, subscription)) return true;
  return (subscription.type === 'teams' || subscription.type === 'families') && subscription.team?.role === 'admin';
}

/**
 * Owner routes (billing, upgrade): with a referenceId the user must own that subscription;
 * without one, they must own at least one.
 */
export function mayOpenOwnerRoute(user: AccountUser, referenceId: string | undefined): boolean {
  const candidates = referenceId
    ? user.subscriptions.filter((subscription) => subscription.referenceId === referenceId)
    : user.subscriptions;
  return candidates.some((subscription) => isOwner(user, subscription));
}

/** The subscription portal: the subscription named by referenceId, administered by this user. */
export function mayOpenSubscriptionPortal(user: AccountUser, referenceId: string | undefined): boolean {
  const subscription = user.subscriptions.find((candidate) => candidate.referenceId === referenceId);
  return subscription !== undefined && isAdminOrOwner(user, subscription);
}

export type UpgradeTarget =
  | { kind: 'dashboard' }
  | { kind: 'productNotFound' }
  | { kind: 'subscription'; referenceId: string };

/** The marketing upgrade route (/account/upgrade). */
export function upgradeTargetFor(
  subscriptions: readonly Subscription[],
  currentPlan: string | undefined,
): UpgradeTarget {
  if (currentPlan === undefined) {
    const [only] = subscriptions;
    return subscriptions.length === 1 && only
      ? { kind: 'subscription', referenceId: only.referenceId }
      : { kind: 'dashboard' };
  }
  const matches = subscriptions.filter((subscription) => subscription.planCode === currentPlan);
  const [match] = matches;
  if (matches.length > 1) return { kind: 'dashboard' };
  if (!match) return { kind: 'productNotFound' };
  return { kind: 'subscription', referenceId: match.referenceId };
}

export type UserShortcut = { kind: 'dashboard' } | { kind: 'login'; search: SearchParams };

/** /users/{email}: the signed-in owner of that address goes on; anyone else signs in as them. */
export function userShortcutFor(sessionUser: SessionClaims | null, email: string, redirect: string): UserShortcut {
  if (sessionUser && sessionUser.email.toLowerCase() === email.toLowerCase()) return { kind: 'dashboard' };
  return { kind: 'login', search: { login_hint: email, redirect } };
}

export type RedirectTarget = { kind: 'internal'; href: string } | { kind: 'external'; href: string };

/**
 * Where a sign-in may lead: a same-origin path, or the order site (with a full page load).
 * Anything else, or nothing, leads to the dashboard; so does a path that reads as another host's,
 * as given or as it would be followed (`https://portal//evil`, `/.//evil`).
 */
export function redirectTargetFor(redirect: unknown, origins: { own: string; orderSite: string }): RedirectTarget {
  const dashboard: RedirectTarget = { kind: 'internal', href: '/account' };
  if (typeof redirect !== 'string' || redirect === '' || readsAsAnotherHost(redirect)) return dashboard;
  let url: URL;
  try {
    url = new URL(redirect, origins.own);
  } catch {
    return dashboard;
  }
  if (url.origin === origins.own) {
    // Never back to the sign-in page itself.
    if (url.pathname === '/login' || readsAsAnotherHost(url.pathname)) return dashboard;
    return { kind: 'internal', href: `${url.pathname}${url.search}${url.hash}` };
  }
  if (url.origin === origins.orderSite) return { kind: 'external', href: url.href };
  return dashboard;
}

/** The stored account user belongs to someone other than the session's user. */
export function storedUserIsStale(
  sessionUser: SessionClaims | null,
  stored: Pick<AccountUser, 'userid'> | undefined,
): boolean {
  return sessionUser !== null && stored !== undefined && stored.userid !== sessionUser.sub;
}

/** Regions get phone verification after sign-up when the configuration lists them. */
export function regionFromLocale(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region) return region;
    } catch {
      // An invalid tag from the browser: try the next.
    }
  }
  return null;
}
