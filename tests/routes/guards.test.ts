import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../contract/account';
import {
  isAdminOrOwner,
  loginSearchFor,
  mayOpenOwnerRoute,
  mayOpenSubscriptionPortal,
  redirectTargetFor,
  regionFromLocale,
  storedUserIsStale,
  upgradeTargetFor,
  userShortcutFor,
  utmParamsOf,
} from '../../src/app/guards';
import { anAccount, aSubscription, someClaims } from '../support/fixtures';

const subscription = aSubscription;
const account = (email: string, subscriptions: Subscription[]) => anAccount({ sub: 'user-1', email }, subscriptions);
const claims = someClaims({ sub: 'user-1' });

describe('login-required redirect', () => {
  it('keeps utm_ parameters and passes the full path as redirect', () => {
    expect(loginSearchFor({ pathname: '/activate', searchStr: '?utm_source=mail&code=1&utm_medium=email' })).toEqual({
      utm_source: 'mail',
      utm_medium: 'email',
      redirect: '/activate?utm_source=mail&code=1&utm_medium=email',
    });
  });

  it('passes a bare path when there is no search', () => {
    expect(loginSearchFor({ pathname: '/account', searchStr: '' })).toEqual({ redirect: '/account' });
  });

  it('picks utm_ parameters out of a parsed search for routes that pass them on', () => {
    expect(utmParamsOf({ utm_campaign: 'x', teamId: 4 })).toEqual({ utm_campaign: 'x' });
  });
});

describe('owner and admin-or-owner', () => {
  const owned = subscription({ referenceId: 'mine', ownerEmail: 'Owner@Example.com' });
  const teamAsAdmin = subscription({
    referenceId: 'team',
    type: 'teams',
    ownerEmail: 'boss@example.com',
    team: { teamId: 1, name: 'T', role: 'admin' },
  });
  const teamAsUser = subscription({
    referenceId: 'team-user',
    type: 'teams',
    ownerEmail: 'boss@example.com',
    team: { teamId: 1, name: 'T', role: 'user' },
  });
  const othersAsAdmin = subscription({
    referenceId: 'other',
    type: 'others',
    ownerEmail: 'boss@example.com',
    team: { teamId: 2, name: 'X', role: 'admin' },
  });
  const me = account('owner@example.com', [owned, teamAsAdmin, teamAsUser, othersAsAdmin]);

  it('the owner is the user whose e-mail is the ownerEmail, in any case', () => {
    expect(mayOpenOwnerRoute(me, 'mine')).toBe(true);
    expect(mayOpenOwnerRoute(me, 'team')).toBe(false);
    expect(mayOpenOwnerRoute(me, 'unknown')).toBe(false);
    expect(mayOpenOwnerRoute(me, undefined)).toBe(true);
    expect(mayOpenOwnerRoute(account('member@example.com', [teamAsAdmin]), undefined)).toBe(false);
  });

  it('admins of teams and families subscriptions may open the subscription portal; users and others may not', () => {
    expect(mayOpenSubscriptionPortal(me, 'mine')).toBe(true);
    expect(mayOpenSubscriptionPortal(me, 'team')).toBe(true);
    expect(mayOpenSubscriptionPortal(me, 'team-user')).toBe(false);
    expect(mayOpenSubscriptionPortal(me, 'other')).toBe(false);
    expect(mayOpenSubscriptionPortal(me, undefined)).toBe(false);
    expect(
      isAdminOrOwner(
        me,
        subscription({ type: 'families', ownerEmail: 'x@example.com', team: { teamId: 3, name: 'F', role: 'admin' } }),
      ),
    ).toBe(true);
  });
});

describe('the marketing upgrade route', () => {
  const monthly = subscription({ referenceId: 'a', planCode: 'teams-monthly' });
  const yearly = subscription({ referenceId: 'b', planCode: 'teams-yearly' });
  const yearlyToo = subscription({ referenceId: 'c', planCode: 'teams-yearly' });

  it('with currentPlan: several matches go to the dashboard', () => {
    expect(upgradeTargetFor([monthly, yearly, yearlyToo], 'teams-yearly')).toEqual({ kind: 'dashboard' });
  });
  it('with currentPlan: no match sets product-not-found', () => {
    expect(upgradeTargetFor([monthly], 'teams-yearly')).toEqual({ kind: 'productNotFound' });
  });
  it('with currentPlan: exactly one match uses its referenceId', () => {
    expect(upgradeTargetFor([monthly, yearly], 'teams-yearly')).toEqual({ kind: 'subscription', referenceId: 'b' });
  });
  it('without currentPlan: exactly one subscription, else the dashboard', () => {
    expect(upgradeTargetFor([monthly], undefined)).toEqual({ kind: 'subscription', referenceId: 'a' });
    expect(upgradeTargetFor([monthly, yearly], undefined)).toEqual({ kind: 'dashboard' });
    expect(upgradeTargetFor([], undefined)).toEqual({ kind: 'dashboard' });
  });
});

describe('the /users/{email} shortcuts', () => {
  it('the signed-in owner of the address goes on', () => {
    expect(userShortcutFor(claims, 'OWNER@example.com', '/account')).toEqual({ kind: 'dashboard' });
  });
  it('anyone else signs in with login_hint and redirect', () => {
    expect(userShortcutFor(claims, 'someone@example.com', '/subscription?referenceId=r')).toEqual({
      kind: 'login',
      search: { login_hint: 'someone@example.com', redirect: '/subscription?referenceId=r' },
    });
    expect(userShortcutFor(null, 'owner@example.com', '/account').kind).toBe('login');
  });
});

describe('sign-in redirect targets', () => {
  const origins = { own: 'https://portal.example', orderSite: 'https://order.example' };
  it('follows same-origin paths with their search and hash', () => {
    expect(redirectTargetFor('/activate?utm_source=x#top', origins)).toEqual({
      kind: 'internal',
      href: '/activate?utm_source=x#top',
    });
    expect(redirectTargetFor('https://portal.example/routers', origins)).toEqual({
      kind: 'internal',
      href: '/routers',
    });
  });
  it('follows the order site with a full page load', () => {
    expect(redirectTargetFor('https://order.example/checkout?plan=teams', origins)).toEqual({
      kind: 'external',
      href: 'https://order.example/checkout?plan=teams',
    });
  });
  it('sends anything else to the dashboard', () => {
    for (const redirect of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      '',
      undefined,
      42,
      '/login',
    ]) {
      expect(redirectTargetFor(redirect, origins)).toEqual({ kind: 'internal', href: '/account' });
    }
  });
});

describe('user refresh', () => {
  it('refreshes only when a stored user exists and is someone else', () => {
    expect(storedUserIsStale(claims, { userid: 'user-2' })).toBe(true);
    expect(storedUserIsStale(claims, { userid: 'user-1' })).toBe(false);
    expect(storedUserIsStale(claims, undefined)).toBe(false);
    expect(storedUserIsStale(null, { userid: 'user-2' })).toBe(false);
  });
});

describe('the region for the phone offer after a sign-in callback', () => {
  it('reads the region from the browser locale', () => {
    expect(regionFromLocale(['en-US'])).toBe('US');
    expect(regionFromLocale(['de'])).toBe('DE');
    expect(regionFromLocale(['not a tag!', 'fr-CA'])).toBe('CA');
  });
});
