import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { locales } from './contract/locales';

/** The sources that only signed-in pages import (checked by `npm run size`, which weighs /login). */
const signedInSources = [
  '<rootDir>/src/routes/_signedIn',
  '<rootDir>/src/features/billing',
  '<rootDir>/src/features/change-password',
  '<rootDir>/src/features/account',
  '<rootDir>/src/features/shell',
  '<rootDir>/src/features/subscription-portal',
  '<rootDir>/src/features/upgrade',
  '<rootDir>/src/features/team',
  '<rootDir>/src/features/team-invitation',
  '<rootDir>/src/features/api-keys',
  '<rootDir>/src/features/servers',
  '<rootDir>/src/features/device-activation',
  '<rootDir>/src/features/devices',
  '<rootDir>/src/features/routers',
  '<rootDir>/src/features/router-coupon',
  '<rootDir>/src/features/team-routers',
  '<rootDir>/src/features/phone-verification',
  '<rootDir>/src/features/your-sessions',
  // The banner a team's two-step rule shows on every signed-in page; the rest of its feature is below.
  '<rootDir>/src/features/authenticator-app/second-factor-required-banner.view.tsx',
  '<rootDir>/src/components/invoice-lines.tsx',
  '<rootDir>/src/components/usage-period-note.tsx',
  '<rootDir>/src/components/ui/pager.tsx',
  '<rootDir>/src/lib/billing-labels.ts',
  // The registry of refusals (every code's text) and the books that only signed-in pages import:
  // the pages that word refusals are signed-in or visitor pages, so sign-in never loads them.
  '<rootDir>/src/lib/contract-messages.ts',
  '<rootDir>/src/lib/refusals/teams.ts',
  '<rootDir>/src/lib/refusals/subscriptions.ts',
  '<rootDir>/src/lib/refusals/devices.ts',
  '<rootDir>/src/lib/refusals/routers.ts',
  '<rootDir>/src/lib/refusals/phone.ts',
  '<rootDir>/src/lib/refusals/sessions.ts',
];

/**
 * The public pages other than sign-in and sign-up (below the visitor layout, src/routes/_visitor.tsx),
 * and lazily loaded parts of the sign-in page: sign-in never downloads their messages up front.
 */
const visitorSources = [
  '<rootDir>/src/routes/_visitor',
  '<rootDir>/src/features/welcome',
  '<rootDir>/src/features/qr-approval',
  '<rootDir>/src/features/qr-sign-in',
  '<rootDir>/src/features/federated-sign-in',
  '<rootDir>/src/features/phone-verification-success',
  '<rootDir>/src/features/second-factor-challenge',
  '<rootDir>/src/lib/contract-messages.ts',
  '<rootDir>/src/lib/refusals/qr-sign-in.ts',
  '<rootDir>/src/lib/refusals/federated-sign-in.ts',
  // Also in the security catalogue: the second step's page and the account page both word its refusals.
  '<rootDir>/src/lib/refusals/second-factor.ts',
];

/**
 * The ways to sign in (issue 22): the account page's linked sign-ins, passkeys and two-step sign-in,
 * and the "Confirm it's you" dialog. Loaded with those lazily loaded parts, so the other signed-in
 * pages never download their messages.
 */
const securitySources = [
  '<rootDir>/src/features/linked-sign-ins',
  '<rootDir>/src/features/authenticator-app',
  '<rootDir>/src/features/passkeys',
  '<rootDir>/src/features/recent-sign-in',
  '<rootDir>/src/lib/refusals/linked-sign-ins.ts',
  '<rootDir>/src/lib/refusals/passkeys.ts',
  '<rootDir>/src/lib/refusals/recent-sign-in.ts',
  '<rootDir>/src/lib/refusals/second-factor.ts',
];
const securityExclude = ['<rootDir>/src/features/authenticator-app/second-factor-required-banner.view.tsx'];

/** The reports page: only /reports loads these messages (src/routes/_signedIn/reports.tsx). */
const reportsSources = ['<rootDir>/src/features/reports', '<rootDir>/src/lib/refusals/stats.ts'];

const folderGlob = (source: string) => (/\.tsx?$/.test(source) ? source : `${source}/**`);

export default defineConfig({
  sourceLocale: 'en',
  locales: [...locales],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      // glob's ignore needs `/**` to leave out what a folder holds.
      exclude: [...signedInSources, ...securitySources, ...visitorSources, ...reportsSources].map(folderGlob),
    },
    {
      // Messages only signed-in pages show, loaded by the signed-in layout (src/lib/i18n.ts), so
      // sign-in and sign-up never download them. A file that public pages also use belongs above.
      path: '<rootDir>/locales/{locale}/signed-in',
      include: signedInSources,
    },
    {
      path: '<rootDir>/locales/{locale}/visitor',
      include: visitorSources,
    },
    {
      path: '<rootDir>/locales/{locale}/security',
      include: securitySources,
      exclude: securityExclude,
    },
    {
      path: '<rootDir>/locales/{locale}/reports',
      include: reportsSources,
    },
    {
      // The server's e-mails: message descriptors with explicit ids, read at run time by server/mail/i18n.ts.
      path: '<rootDir>/locales/{locale}/mail',
      include: ['server/mail'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
