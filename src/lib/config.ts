import * as v from 'valibot';
import { BotCheckConfig } from '../../contract/bot-check';

/**
 * The portal's flags and configuration (docs/spec.md §1), in one typed module.
 * What differs per deployment (product name, support contact, error-reporting DSN) comes from the
 * server at run time in `<meta name="portal-config">`, so one build serves every deployment.
 */
export const flags = {
  enableLinkedDevicesView: true,
  enableLandingPage: false,
  enableQrCodeLogin: true,
  enableThemeChooser: false,
  enableReportsPage: true,
  enablePhoneNumberVerificationOnSignup: false,
} as const;

/** What the server puts in `<meta name="portal-config">` (see server/static.ts). */
const RuntimeConfig = v.object({
  productName: v.fallback(v.string(), 'Bondline'),
  supportEmail: v.fallback(v.string(), 'support@bondline.example'),
  orderSiteOrigin: v.fallback(v.string(), 'https://order.bondline.example'),
  sentryDsn: v.fallback(v.string(), ''),
  environment: v.fallback(v.string(), 'development'),
  botCheck: v.fallback(BotCheckConfig, { provider: 'altcha' }),
  /** Region codes offered phone verification after sign-up, with the spec's opaque value (PHONE_VERIFICATION_REGIONS). */
  phoneVerificationRegions: v.fallback(v.record(v.string(), v.number()), { US: 50 }),
  qrLoginValiditySeconds: v.fallback(v.number(), 120),
});
type RuntimeConfig = v.InferOutput<typeof RuntimeConfig>;

function readRuntimeConfig(): RuntimeConfig {
  const content =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="portal-config"]')?.getAttribute('content');
  let raw: unknown = {};
  try {
    raw = content ? JSON.parse(content) : {};
  } catch {
    raw = {};
  }
  return v.parse(RuntimeConfig, raw);
}

const runtime = readRuntimeConfig();

export const config = {
  ...runtime,
  statusPageUrl: 'https://status.bondline.example',
  privacyPolicyUrl: 'https://bondline.example/privacy',
  termsOfServiceUrl: 'https://bondline.example/terms',
  followUs: [
    { name: 'Mastodon', url: 'https://mastodon.social/@bondline' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/bondline' },
    { name: 'YouTube', url: 'https://www.youtube.com/@bondline' },
  ],
  /** Host names that select the partner theme. */
  partnerThemeHosts: { miri: ['miri.localhost', 'portal.miri.example'] } as Record<'miri', string[]>,
} as const;
