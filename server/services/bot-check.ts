import { createHmac, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, lt } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type AltchaChallenge,
  AltchaPayload,
  type BotCheckConfig,
  botCheckAction,
  botCheckFailedMessage,
} from '../../contract/bot-check';
import { ErrorCode } from '../../contract/errors';
import type { Database } from '../db/database';
import { botCheckKeys, botCheckUsedChallenges } from '../db/schema';
import type { BotCheckSettings } from '../env';
import type { Logger } from '../logger';
import { createKeySealer, type KeyEncryptionKey } from './key-encryption';
import { Refusal } from './refusal';

/**
 * The proof of work a browser does before it may ask for a pending account: PBKDF2 with `cost`
 * iterations per attempt, and the attempt that solves it drawn between `counterMin` and
 * `counterMax` (so the work is bounded, not a lottery). Measured: about 0.4 s per 1000 attempts on
 * one core of these machines; the widget spreads the attempts over the browser's cores.
 */
const altchaWork = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1000,
  counterMin: 2000,
  counterMax: 5000,
} as const;

/** A challenge must be solved and sent within this time. */
export const altchaChallengeLifetimeSeconds = 10 * 60;

/** The providers' own siteverify endpoints (BOT_CHECK_VERIFY_URL overrides them). */
const siteverifyUrls = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

/** The origins the browser loads a third-party widget from (for the Content-Security-Policy). */
export const providerOrigins = {
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
} as const;

const maxTokenLength = 8 * 1024;
const siteverifyTimeoutMs = 10_000;
const hmacKeyName = 'altcha-hmac';
/** The row a sealed key belongs to: its ciphertext opens only there. */
const sealedRow = (name: string) => `bot_check_keys/${name}`;

export type BotCheckVerdict =
  | { passed: true }
  | { passed: false; reason: 'missing' | 'malformed' | 'expired' | 'invalid' | 'reused' | 'refused' };

const SiteverifyAnswer = v.object({
  success: v.boolean(),
  action: v.optional(v.string()),
  score: v.optional(v.number()),
  hostname: v.optional(v.string()),
  'error-codes': v.optional(v.array(v.string())),
});

/** What the page tells the browser about the check (server/static.ts): never a secret. */
export function publicBotCheckConfig(settings: BotCheckSettings): BotCheckConfig {
  if (settings.provider === 'turnstile' || settings.provider === 'recaptcha') {
    return { provider: settings.provider, siteKey: settings.siteKey, action: botCheckAction };
  }
  return { provider: settings.provider };
}

/**
 * Tells people from scripts before a pending account is created: ALTCHA challenges issued and
 * verified here (each solution accepted once, remembered in the database so every process agrees),
 * or a third party's token checked with its siteverify endpoint.
 */
export function createBotCheck({
  db,
  settings,
  keyEncryptionKey,
  expectedHostname,
  logger,
  now,
}: {
  db: Database;
  settings: BotCheckSettings;
  /** The portal's own host name: a provider's token solved on any other site is refused. */
  expectedHostname: string;
  /** Encrypts the ALTCHA key kept in the database. */
  keyEncryptionKey: KeyEncryptionKey | null;
  logger: Logger;
  now: () => Date;
}) {
  // Production refuses to start with the check off (server/env.ts).
  if (settings.provider === 'off') logger.info('BOT_CHECK=off: pending accounts are created without a bot check');
  const sealer = createKeySealer(keyEncryptionKey);

  let secrets: Promise<{ challenge: string; derivedKey: string }> | undefined;

  /** The HMAC keys: from BOT_CHECK_HMAC_KEY, or generated once and shared (encrypted) through the database. */
  function altchaSecrets() {
    if (!secrets) {
      secrets = (async () => {
        const master = settings.provider === 'altcha' && settings.hmacKey ? settings.hmacKey : await storedHmacKey();
        return {
          challenge: master,
          derivedKey: createHmac('sha256', master).update('altcha derived-key signature').digest('hex'),
        };
      })();
      // A failed read is tried again on the next request rather than remembered.
      secrets.catch(() => {
        secrets = undefined;
      });
    }
    return secrets;
  }

  async function storedHmacKey(): Promise<string> {
    await db
      .insert(botCheckKeys)
      .values({
        name: hmacKeyName,
        sealedSecret: sealer.seal(randomBytes(32).toString('hex'), sealedRow(hmacKeyName)),
        kekId: sealer.keyId,
        createdAt: now(),
      })
      .onConflictDoNothing();
    const [row] = await db.select().from(botCheckKeys).where(eq(botCheckKeys.name, hmacKeyName));
    if (!row) throw new Error('The bot-check key could not be stored');
    return sealer.open(
      { sealed: row.sealedSecret, kekId: row.kekId },
      sealedRow(hmacKeyName),
      `The bot-check key ${hmacKeyName}`,
    );
  }

  async function issueChallenge(): Promise<AltchaChallenge> {
    const keys = await altchaSecrets();
    const challenge = await createChallenge({
      algorithm: altchaWork.algorithm,
      cost: altchaWork.cost,
      counter: randomInt(altchaWork.counterMax, altchaWork.counterMin),
      deriveKey,
      expiresAt: Math.floor(now().getTime() / 1000) + altchaChallengeLifetimeSeconds,
      hmacSignatureSecret: keys.challenge,
      hmacKeySignatureSecret: keys.derivedKey,
    });
    return challenge as AltchaChallenge;
  }

  function decodeAltchaPayload(token: string): AltchaPayload | null {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return null;
    try {
      const parsed = v.safeParse(AltchaPayload, JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  }

  async function verifyAltcha(token: string): Promise<BotCheckVerdict> {
    const payload = decodeAltchaPayload(token);
    if (!payload) return { passed: false, reason: 'malformed' };
    const { parameters } = payload.challenge;
    // Only challenges of our own kind, with an expiry (the signature check below proves we issued them).
    if (parameters.algorithm !== altchaWork.algorithm || parameters.expiresAt === undefined) {
      return { passed: false, reason: 'invalid' };
    }
    const expiresAt = new Date(parameters.expiresAt * 1000);
    if (expiresAt <= now()) return { passed: false, reason: 'expired' };
    const keys = await altchaSecrets();
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: keys.challenge,
        hmacKeySignatureSecret: keys.derivedKey,
      });
      if (result.expired) return { passed: false, reason: 'expired' };
      verified = result.verified;
    } catch {
      verified = false;
    }
    if (!verified) return { passed: false, reason: 'invalid' };

    // Single use: the first request to record the challenge wins, in every process.
    await db.delete(botCheckUsedChallenges).where(lt(botCheckUsedChallenges.expiresAt, now()));
    const recorded = await db
      .insert(botCheckUsedChallenges)
      .values({ challengeId: parameters.nonce, expiresAt })
      .onConflictDoNothing()
      .returning({ challengeId: botCheckUsedChallenges.challengeId });
    return recorded.length === 1 ? { passed: true } : { passed: false, reason: 'reused' };
  }

  async function verifyWithProvider(
    provider: Extract<BotCheckSettings, { provider: 'turnstile' | 'recaptcha' }>,
    token: string,
    clientAddress: string,
  ): Promise<BotCheckVerdict> {
    const form = new URLSearchParams({ secret: provider.secret, response: token });
    if (clientAddress !== 'unknown') form.set('remoteip', clientAddress);
    // An unreachable or broken provider is our failure, not the person's: it surfaces as a 500.
    const response = await fetch(provider.verifyUrl ?? siteverifyUrls[provider.provider], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(siteverifyTimeoutMs),
    });
    if (!response.ok) throw new Error(`${provider.provider} siteverify answered ${response.status}`);
    const answer = v.parse(SiteverifyAnswer, await response.json());
    const refused = (detail: Record<string, unknown>): BotCheckVerdict => {
      logger.info({ provider: provider.provider, ...detail }, 'bot check refused');
      return { passed: false, reason: 'refused' };
    };
    if (!answer.success) return refused({ errorCodes: answer['error-codes'] ?? [] });
    if (answer.action !== undefined && answer.action !== botCheckAction) return refused({ action: answer.action });
    // A token is worth as much on a page that copied the site key: only one solved here counts.
    if (answer.hostname !== expectedHostname) return refused({ hostname: answer.hostname ?? null });
    if (answer.score !== undefined && answer.score < provider.minScore) return refused({ score: answer.score });
    return { passed: true };
  }

  return {
    provider: settings.provider,
    /** Whether create-pending-account needs a token. */
    required: settings.provider !== 'off',

    /** A fresh signed ALTCHA challenge; null unless ALTCHA is the provider. */
    async challenge(): Promise<AltchaChallenge | null> {
      return settings.provider === 'altcha' ? issueChallenge() : null;
    },

    /** Checks the token sent as `g-recaptcha-response`; with the check off, everything passes. */
    async verify(token: string | undefined, clientAddress: string): Promise<BotCheckVerdict> {
      if (settings.provider === 'off') return { passed: true };
      if (!token) return { passed: false, reason: 'missing' };
      if (token.length > maxTokenLength) return { passed: false, reason: 'malformed' };
      if (settings.provider === 'altcha') return verifyAltcha(token);
      return verifyWithProvider(settings, token, clientAddress);
    },
  };
}

export type BotCheck = ReturnType<typeof createBotCheck>;

/** Refuses unless the bot-check token passes (always passes with BOT_CHECK=off). */
export async function requireBotCheck(
  botCheck: BotCheck,
  token: string | undefined,
  clientAddress: string,
): Promise<void> {
  const verdict = await botCheck.verify(token, clientAddress);
  if (!verdict.passed) throw new Refusal(ErrorCode.botCheckFailed, botCheckFailedMessage);
}
