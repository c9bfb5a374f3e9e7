import * as v from 'valibot';
import { isLoopbackHost } from './http/loopback';
import { developmentBillingWebhookSecret } from './services/billing/event-signature';
import { type FederatedSignInSettings, federatedSignInSettings } from './services/federated-sign-in/settings';
import { type KeyEncryptionKey, parseKeyEncryptionKey } from './services/key-encryption';
import { developmentStatsIngestSecret } from './services/stats/batch-signature';

const Port = v.pipe(
  v.optional(v.string(), '3000'),
  v.transform(Number),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be between 1 and 65535'),
  v.maxValue(65535, 'must be between 1 and 65535'),
);

const PositiveNumber = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.number('must be a number'),
    v.minValue(0.001, 'must be more than 0'),
  );

/** A whole number of `unit` within [min, max]: a duration setting with one message for its range. */
const WholeNumberBetween = (fallback: string, min: number, max: number, unit: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.integer(`must be a whole number of ${unit}`),
    v.minValue(min, `must be between ${min} and ${max} ${unit}`),
    v.maxValue(max, `must be between ${min} and ${max} ${unit}`),
  );

const Origin = v.pipe(
  v.string(),
  v.url('must be a URL such as https://portal.example.com'),
  v.check(
    (value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''),
    'must be an origin: scheme, host and port, no path',
  ),
  v.transform((value) => value.replace(/\/$/, '')),
);

const DatabaseUrl = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (value) => value === 'memory://' || /^postgres(ql)?:\/\//.test(value),
      'must be postgres://… for PostgreSQL or memory:// for a throw-away embedded database (unset: embedded database in data/)',
    ),
  ),
);

const SentryDsn = v.optional(
  v.pipe(
    v.string(),
    v.url('must be the DSN URL that the error-reporting service gives'),
    v.check(
      (value) => URL.canParse(value) && /^\/\d+$/.test(new URL(value).pathname),
      'must end in the numeric project id',
    ),
  ),
);

const BotCheckSetting = v.optional(
  v.picklist(['altcha', 'turnstile', 'recaptcha', 'off'], 'must be altcha, turnstile, recaptcha or off'),
  'altcha',
);

const HttpUrl = v.pipe(
  v.string(),
  v.check((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http:// or https:// URL'),
);

/**
 * How many reverse proxies stand in front of the portal: the client's address is read that many
 * entries from the right of X-Forwarded-For. A yes/no would have to trust the left-most entry,
 * which the client writes itself, so `true` and `false` are refused rather than guessed at.
 */
const TrustedProxies = v.pipe(
  v.optional(v.string(), '0'),
  v.regex(
    /^\d{1,2}$/,
    'must be the number of reverse proxies in front of the portal, not true or false: 0 for none (the default), 1 behind one reverse proxy',
  ),
  v.transform(Number),
);

/** 32 random bytes in base64 or base64url, parsed into the key and its id. */
const KeyEncryptionKeySetting = v.optional(
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const key = parseKeyEncryptionKey(dataset.value);
      if (key) return key;
      addIssue({
        message:
          'must be 32 random bytes in base64 or base64url, 43 or 44 characters (for example: openssl rand -base64 32)',
      });
      return NEVER;
    }),
  ),
);

/** How many processes serve the port (Node's cluster); more than one needs PostgreSQL. */
const WebConcurrency = WholeNumberBetween('1', 1, 32, 'processes');

const EnvSchema = v.object({
  PORT: Port,
  WEB_CONCURRENCY: WebConcurrency,
  PUBLIC_ORIGIN: v.optional(Origin),
  DATABASE_URL: DatabaseUrl,
  APP_ENV: v.optional(
    v.picklist(
      ['production', 'development'],
      'must be production, development, or unset (a local trial on a loopback PUBLIC_ORIGIN)',
    ),
  ),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level'),
    'info',
  ),
  SENTRY_DSN: SentryDsn,
  PRODUCT_NAME: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Bondline'),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'support@bondline.example'),
  ORDER_SITE_ORIGIN: v.optional(Origin, 'https://order.bondline.example'),
  PARTNER_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
      v.array(Origin),
    ),
  ),
  SESSION_TTL_HOURS: PositiveNumber('12'),
  SESSION_IDLE_MINUTES: WholeNumberBetween('30', 5, 1440, 'minutes'),
  SIGNING_KEY_ROTATION_DAYS: PositiveNumber('30'),
  KEY_ENCRYPTION_KEY: KeyEncryptionKeySetting,
  QR_LOGIN_VALIDITY_SECONDS: WholeNumberBetween('120', 5, 900, 'seconds'),
  TRUST_PROXY: TrustedProxies,
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => /^smtps?:\/\//.test(value) && URL.canParse(value),
        'must be smtp://user:password@host:port or smtps://…',
      ),
    ),
  ),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty())),
  BILLING_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')),
  ),
  BILLING_PERIOD_JOB_SECONDS: PositiveNumber('60'),
  STATS_INGEST_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')),
  ),
  BOT_CHECK: BotCheckSetting,
  BOT_CHECK_SITE_KEY: v.optional(v.string()),
  BOT_CHECK_SECRET: v.optional(v.string()),
  BOT_CHECK_VERIFY_URL: v.optional(HttpUrl),
  BOT_CHECK_HMAC_KEY: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')),
  ),
  BOT_CHECK_MIN_SCORE: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.number('must be a number'),
      v.minValue(0, 'must be between 0 and 1'),
      v.maxValue(1, 'must be between 0 and 1'),
    ),
    '0.5',
  ),
  PHONE_VERIFICATION_REGIONS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => value.split(',').every((entry) => /^\s*[A-Z]{2}:\d+(\.\d+)?\s*$/.test(entry)),
        'must be region:value pairs separated by commas, such as US:50 or US:50,CA:50',
      ),
    ),
    'US:50',
  ),
  SMS_PROVIDER: v.optional(v.picklist(['outbox', 'https'], 'must be outbox or https'), 'outbox'),
  SMS_API_URL: v.optional(HttpUrl),
  SMS_API_TOKEN: v.optional(v.string()),
  SMS_FROM: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

/** Where text messages go: kept in the SMS outbox (and the log), or sent through an HTTPS API. */
export type SmsSettings =
  | { provider: 'outbox' }
  | { provider: 'https'; apiUrl: string; apiToken: string; from: string | null };

/** The check before a pending account is created (contract/bot-check.ts). */
export type BotCheckSettings =
  | { provider: 'off' }
  | {
      provider: 'altcha';
      /** Unset: a key generated once and kept in the database, shared by every process. */
      hmacKey: string | null;
    }
  | {
      provider: 'turnstile' | 'recaptcha';
      siteKey: string;
      secret: string;
      /** Unset: the provider's own siteverify URL. */
      verifyUrl: string | null;
      /** reCAPTCHA v3 answers below this score are refused. */
      minScore: number;
    };

export type Env = {
  port: number;
  /** Processes serving the port (WEB_CONCURRENCY); above 1 only on PostgreSQL. */
  webConcurrency: number;
  publicOrigin: string;
  /** Unset: PGlite in data/pglite. */
  databaseUrl: string | null;
  production: boolean;
  logLevel: string;
  sentryDsn: string | null;
  productName: string;
  supportEmail: string;
  orderSiteOrigin: string;
  /** The partner theme's origins: passkeys made on them are accepted too (they share the accounts). */
  partnerOrigins: string[];
  sessionTtlSeconds: number;
  /** A session unused this long ends, whatever its absolute lifetime says. */
  sessionIdleSeconds: number;
  signingKeyRotationSeconds: number;
  /**
   * Encrypts the signing and bot-check keys kept in the database; required in production. Null
   * when unset outside production: server/index.ts then keeps one in data/ for a database on disk,
   * and any other process (a memory database, tests) uses a random key of its own. Never logged.
   */
  keyEncryptionKey: KeyEncryptionKey | null;
  /** How long a sign-in QR code can be approved; the sign-in page shows it counting down. */
  qrLoginValiditySeconds: number;
  /**
   * The reverse proxies in front of the portal (0: none): the client's address is the
   * X-Forwarded-For entry this many places from the right.
   */
  trustedProxies: number;
  /** Unset: mails stay in the outbox (and the development mailbox outside production). */
  smtpUrl: string | null;
  mailFrom: string;
  botCheck: BotCheckSettings;
  /** Signs the order site's events; outside production a marked development default. Never logged. */
  billingWebhookSecret: string;
  /** How often period ends are processed. */
  billingPeriodJobSeconds: number;
  /**
   * Signs the VPN servers' stats batches; outside production a marked development default, in
   * production unset turns ingestion off. Never logged.
   */
  statsIngestSecret: string | null;
  /** Regions offered phone verification after sign-up, with the spec's opaque value (public). */
  phoneVerificationRegions: Record<string, number>;
  /** The SMS provider; its token is never logged. */
  sms: SmsSettings;
  /** Sign-in through OpenID Connect providers (OIDC_* settings), and the local provider outside production. */
  federatedSignIn: FederatedSignInSettings;
};

/** Raised at start with every bad variable named, so a misconfiguration is fixed in one go. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** Parses the process environment (or a test's stand-in) once, failing with a clear message. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = result.output;
  const production = env.APP_ENV === 'production';
  const deploymentProblems = deploymentProblemsOf(env);
  if (deploymentProblems.length > 0) {
    throw new ConfigurationError(`Invalid configuration:\n${deploymentProblems.join('\n')}`);
  }
  const botCheck = botCheckSettings(env);
  const federatedSignIn = federatedSignInSettings(present, { production, port: env.PORT });
  if (federatedSignIn.problems.length > 0) {
    throw new ConfigurationError(`Invalid configuration:\n${federatedSignIn.problems.join('\n')}`);
  }
  const sms = smsSettings(env);
  return {
    port: env.PORT,
    webConcurrency: env.WEB_CONCURRENCY,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL ?? null,
    production,
    logLevel: env.LOG_LEVEL,
    sentryDsn: env.SENTRY_DSN ?? null,
    productName: env.PRODUCT_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    orderSiteOrigin: env.ORDER_SITE_ORIGIN,
    // A local trial serves the partner theme on miri.localhost too (src/lib/config.ts).
    partnerOrigins: env.PARTNER_ORIGINS ?? (production ? [] : [`http://miri.localhost:${env.PORT}`]),
    sessionTtlSeconds: Math.round(env.SESSION_TTL_HOURS * 3600),
    sessionIdleSeconds: Math.round(env.SESSION_IDLE_MINUTES * 60),
    signingKeyRotationSeconds: Math.round(env.SIGNING_KEY_ROTATION_DAYS * 86400),
    keyEncryptionKey: env.KEY_ENCRYPTION_KEY ?? null,
    qrLoginValiditySeconds: env.QR_LOGIN_VALIDITY_SECONDS,
    trustedProxies: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom:
      env.MAIL_FROM ?? `"${env.PRODUCT_NAME}" <no-reply@${new URL(env.PUBLIC_ORIGIN ?? 'http://localhost').hostname}>`,
    botCheck,
    billingWebhookSecret: env.BILLING_WEBHOOK_SECRET ?? developmentBillingWebhookSecret,
    billingPeriodJobSeconds: env.BILLING_PERIOD_JOB_SECONDS,
    statsIngestSecret: env.STATS_INGEST_SECRET ?? (production ? null : developmentStatsIngestSecret),
    phoneVerificationRegions: Object.fromEntries(
      env.PHONE_VERIFICATION_REGIONS.split(',').map((entry) => {
        const [region = '', value = ''] = entry.trim().split(':');
        return [region, Number(value)];
      }),
    ),
    sms,
    federatedSignIn: federatedSignIn.settings,
  };
}

/**
 * What a deployment must not run with. Development mode publishes every mailed code on /dev/mailbox
 * and trusts secrets and demo passwords that are in the source: unset APP_ENV means it only on this
 * machine's own addresses, and production refuses the published secrets.
 */
function deploymentProblemsOf(env: v.InferOutput<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL?.startsWith('postgres')) {
    problems.push(
      `  WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} processes need PostgreSQL (DATABASE_URL=postgres://…): the embedded database (PGlite) serves one process; unset WEB_CONCURRENCY or set it to 1`,
    );
  }
  if (env.APP_ENV === undefined && env.PUBLIC_ORIGIN && !isLoopbackHost(new URL(env.PUBLIC_ORIGIN).hostname)) {
    problems.push(
      `  APP_ENV: must be production (or, deliberately, development) when PUBLIC_ORIGIN is not a loopback address (${env.PUBLIC_ORIGIN})`,
    );
  }
  if (env.APP_ENV !== 'production') return problems;
  if (!env.PUBLIC_ORIGIN) problems.push('  PUBLIC_ORIGIN: is required when APP_ENV=production');
  if (!env.KEY_ENCRYPTION_KEY) {
    problems.push(
      '  KEY_ENCRYPTION_KEY: is required when APP_ENV=production (it encrypts the signing and bot-check keys kept in the database): 32 random bytes in base64, for example: openssl rand -base64 32',
    );
  }
  if (env.BOT_CHECK === 'off') {
    problems.push(
      '  BOT_CHECK: off is refused when APP_ENV=production (anyone could script sign-ups); use altcha (the default), turnstile or recaptcha',
    );
  }
  if (!env.BILLING_WEBHOOK_SECRET) {
    problems.push(
      '  BILLING_WEBHOOK_SECRET: is required when APP_ENV=production (the secret shared with the order site)',
    );
  } else if (env.BILLING_WEBHOOK_SECRET === developmentBillingWebhookSecret) {
    problems.push(
      '  BILLING_WEBHOOK_SECRET: is the development default, published in the source; set a secret of your own when APP_ENV=production (for example: openssl rand -hex 32)',
    );
  }
  if (env.STATS_INGEST_SECRET === developmentStatsIngestSecret) {
    problems.push(
      '  STATS_INGEST_SECRET: is the development default, published in the source; set a secret of your own when APP_ENV=production (for example: openssl rand -hex 32), or leave it unset to turn ingestion off',
    );
  }
  return problems;
}

function smsSettings(env: v.InferOutput<typeof EnvSchema>): SmsSettings {
  if (env.SMS_PROVIDER === 'outbox') return { provider: 'outbox' };
  if (!env.SMS_API_URL || !env.SMS_API_TOKEN) {
    const missing = [!env.SMS_API_URL && 'SMS_API_URL', !env.SMS_API_TOKEN && 'SMS_API_TOKEN'].filter(Boolean);
    throw new ConfigurationError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: is required when SMS_PROVIDER=https`).join('\n')}`,
    );
  }
  return { provider: 'https', apiUrl: env.SMS_API_URL, apiToken: env.SMS_API_TOKEN, from: env.SMS_FROM ?? null };
}

function botCheckSettings(env: v.InferOutput<typeof EnvSchema>): BotCheckSettings {
  const provider = env.BOT_CHECK;
  if (provider === 'off') return { provider };
  if (provider === 'altcha') return { provider, hmacKey: env.BOT_CHECK_HMAC_KEY ?? null };
  const siteKey = env.BOT_CHECK_SITE_KEY;
  const secret = env.BOT_CHECK_SECRET;
  if (!siteKey || !secret) {
    const missing = [!siteKey && 'BOT_CHECK_SITE_KEY', !secret && 'BOT_CHECK_SECRET'].filter(Boolean);
    throw new ConfigurationError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: is required when BOT_CHECK=${provider} (from the provider's console)`).join('\n')}`,
    );
  }
  return { provider, siteKey, secret, verifyUrl: env.BOT_CHECK_VERIFY_URL ?? null, minScore: env.BOT_CHECK_MIN_SCORE };
}
