import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { loginSearchFor, redirectTargetFor, regionFromLocale, shouldOfferPhoneVerification } from '../app/guards';
import { refreshStaleUser } from '../app/route-checks';
import { knownSessionUser } from '../app/session';
import { SessionGate } from '../features/session/session-gate.screen';
import { config } from '../lib/config';

/**
 * Where a provider's sign-in lands. The redirect must be same-origin or the order site (a full
 * page load); the phone offer comes first for new accounts in the configured regions.
 */
export const Route = createFileRoute('/auth/callback/$provider')({
  validateSearch: v.looseObject({ redirect: v.fallback(v.optional(v.string()), undefined) }),
  pendingComponent: SessionGate,
  pendingMs: 0,
  pendingMinMs: 0,
  beforeLoad: async ({ context, search, location }) => {
    const user = await knownSessionUser(context.session);
    if (!user) throw redirect({ to: '/login', search: loginSearchFor(location), replace: true });
    refreshStaleUser(context, user);
    const target = redirectTargetFor(search.redirect, {
      own: window.location.origin,
      orderSite: config.orderSiteOrigin,
    });
    const offerPhone = shouldOfferPhoneVerification({
      user,
      now: new Date(),
      // The location lookup of the spec needs a directory service we do not have; the browser's locale decides.
      region: regionFromLocale(navigator.languages),
      regions: config.phoneVerificationRegions,
      flow: window.localStorage.getItem('flow'),
    });
    if (offerPhone) throw redirect({ to: '/phone-number-input', search: { redirect: target.href }, replace: true });
    if (target.kind === 'external') throw redirect({ href: target.href, reloadDocument: true });
    throw redirect({ href: target.href, replace: true });
  },
});
