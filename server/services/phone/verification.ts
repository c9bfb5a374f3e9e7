import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { SessionClaims } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import {
  PhoneMessage,
  phoneCodeLifetimeSeconds,
  phoneCodeMaxAttempts,
  phoneVerificationLimits,
  phoneVerifiedWindowSeconds,
} from '../../../contract/phone';
import type { Database } from '../../db/database';
import { phoneVerificationCodes, users } from '../../db/schema';
import type { Env } from '../../env';
import { storedLocale, translatorFor } from '../../mail/i18n';
import { phoneCodeMessages } from '../../mail/sms-messages';
import { isUniqueViolation } from '../account-creation';
import type { Caller } from '../caller';
import { type RateLimiter, spendRateLimits } from '../rate-limit';
import { commonRefusals, Refusal } from '../refusal';
import type { SessionService } from '../sessions';
import { SmsNotSent, type SmsSender } from './sms';

const refusals = {
  numberInvalid: () => new Refusal(ErrorCode.validation, PhoneMessage.numberInvalid),
  numberTaken: () => new Refusal(ErrorCode.phoneTaken, PhoneMessage.numberTaken),
  codeInvalid: () => new Refusal(ErrorCode.invalidCode, PhoneMessage.codeInvalid),
  /** Expired, used up by wrong tries, replaced, already used, or never sent to this account. */
  codeExpired: () => new Refusal(ErrorCode.codeExpired, PhoneMessage.codeExpired),
  notVerified: () => new Refusal(ErrorCode.invalidCode, PhoneMessage.notVerified),
  smsUnavailable: () => new Refusal(ErrorCode.internal, PhoneMessage.smsUnavailable, { kind: 'unavailable' }),
  numberNotServed: () => new Refusal(ErrorCode.validation, PhoneMessage.numberNotServed),
};

/** Number types that cost the sender more (or pay someone per text): never sent a code. */
const costlyTypes = new Set(['PREMIUM_RATE', 'SHARED_COST']);

/**
 * The region of a number the portal texts codes to, or null: only numbers of the regions that
 * PHONE_VERIFICATION_REGIONS offers, and never premium-rate or shared-cost numbers.
 */
function textableRegionOf(phone: string, regions: Record<string, number>): string | null {
  const parsed = parsePhoneNumberFromString(phone);
  const region = parsed?.country;
  if (!parsed || !region || !Object.hasOwn(regions, region)) return null;
  const type = parsed.getType();
  return type !== undefined && costlyTypes.has(type) ? null : region;
}

/**
 * The number as the portal keeps it: a valid number in E.164, exactly as libphonenumber writes it
 * (full metadata, so a number of the right length but an unused range is refused), else null.
 */
function canonicalPhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw);
  if (!parsed?.isValid() || parsed.number !== raw) return null;
  return parsed.number;
}

// The account is part of the hash: a code is worth nothing to anyone else's session.
const hashOf = (userId: string, phone: string, code: string) =>
  createHash('sha256').update(`${userId}\n${phone}\n${code}`).digest('hex');

export type PhoneVerificationDeps = {
  db: Database;
  env: Env;
  sms: SmsSender;
  rateLimiter: RateLimiter;
  sessions: SessionService;
  now: () => Date;
};

type IssueOutcome = { outcome: 'sent'; expiresAt: Date } | { outcome: 'taken' };
type CheckOutcome = 'accepted' | 'rejected' | 'exhausted' | 'none';
type AddOutcome = { outcome: 'added' } | { outcome: 'notVerified' } | { outcome: 'taken' };

/** The number as given, which must already be a valid number in E.164 (the browser parses what was typed). */
function phoneOf(raw: string): string {
  const phone = canonicalPhone(raw);
  if (!phone) throw refusals.numberInvalid();
  return phone;
}

/**
 * Texts a code to a number of a region the portal serves, within the limits per account and
 * number, account, number, client, region and overall (phoneVerificationLimits). A number verified
 * on another account is refused; a text the provider did not take is a 503.
 */
export async function sendPhoneCode(
  deps: PhoneVerificationDeps,
  caller: Caller,
  rawPhone: string,
  clientAddress: string,
): Promise<{ expiresAt: Date }> {
  const { userId } = caller;
  const phone = phoneOf(rawPhone);
  const region = textableRegionOf(phone, deps.env.phoneVerificationRegions);
  if (!region) throw refusals.numberNotServed();
  await spendRateLimits(deps.rateLimiter, [
    [phoneVerificationLimits.resendCooldown, `${userId}:${phone}`],
    [phoneVerificationLimits.codesPerAccount, userId],
    [phoneVerificationLimits.codesPerNumber, phone],
    [phoneVerificationLimits.codesPerClient, clientAddress],
    [phoneVerificationLimits.codesPerRegion, region],
    [phoneVerificationLimits.codesOverall, 'portal'],
  ]);
  let result: IssueOutcome;
  try {
    result = await issuePhoneCode(deps, userId, phone);
  } catch (error) {
    if (error instanceof SmsNotSent) throw refusals.smsUnavailable();
    throw error;
  }
  if (result.outcome === 'taken') throw refusals.numberTaken();
  return { expiresAt: result.expiresAt };
}

/** Accepts the code texted to the number for this account, within the checks an account may make. */
export async function checkPhoneCode(
  deps: Pick<PhoneVerificationDeps, 'db' | 'rateLimiter' | 'now'>,
  caller: Caller,
  rawPhone: string,
  code: string,
): Promise<void> {
  const phone = phoneOf(rawPhone);
  await spendRateLimits(deps.rateLimiter, [[phoneVerificationLimits.checksPerAccount, caller.userId]]);
  const check = await checkCode(deps, caller.userId, phone, code);
  if (check === 'rejected') throw refusals.codeInvalid();
  if (check !== 'accepted') throw refusals.codeExpired();
}

/**
 * Makes the number whose code was accepted the account's, and reissues the caller's session so that
 * its `phone` claim is the number, as after a sign-in; a session gone meanwhile is refused (401).
 */
export async function addVerifiedPhone(
  deps: Pick<PhoneVerificationDeps, 'db' | 'sessions' | 'now'>,
  caller: Caller & { sessionId: string },
  rawPhone: string,
): Promise<{ token: string; claims: SessionClaims }> {
  const phone = phoneOf(rawPhone);
  const result = await addPhone(deps, caller.userId, phone);
  if (result.outcome === 'notVerified') throw refusals.notVerified();
  if (result.outcome === 'taken') throw refusals.numberTaken();
  const [user] = await deps.db.select().from(users).where(eq(users.id, caller.userId));
  const reissued = user ? await deps.sessions.reissue(caller.sessionId, user) : null;
  if (!reissued) throw commonRefusals.unauthorized();
  return reissued;
}

async function takenByAnother(db: Database, userId: string, phone: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/**
 * Sends a fresh six-digit code (CSPRNG) to the number for this account; every earlier open code of
 * the account stops working. Stored hashed; the SMS is the only place it is in clear.
 */
async function issuePhoneCode(deps: PhoneVerificationDeps, userId: string, phone: string): Promise<IssueOutcome> {
  const { db, now } = deps;
  if (await takenByAnother(db, userId, phone)) return { outcome: 'taken' };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now().getTime() + phoneCodeLifetimeSeconds * 1000);
  const locale = await db.transaction(async (tx) => {
    await tx
      .update(phoneVerificationCodes)
      .set({ voidedAt: now() })
      .where(
        and(
          eq(phoneVerificationCodes.userId, userId),
          isNull(phoneVerificationCodes.consumedAt),
          isNull(phoneVerificationCodes.voidedAt),
        ),
      );
    await tx
      .insert(phoneVerificationCodes)
      .values({ userId, phone, codeHash: hashOf(userId, phone, code), expiresAt, createdAt: now() });
    const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    return storedLocale(user?.locale) ?? 'en';
  });
  const text = translatorFor(locale)(phoneCodeMessages.text, {
    code,
    productName: deps.env.productName,
    minutes: Math.round(phoneCodeLifetimeSeconds / 60),
  });
  await deps.sms.send(phone, text);
  return { outcome: 'sent', expiresAt };
}

/**
 * Checks the account's live code for the number. A right code is accepted once (the database picks
 * one of two parallel checks); a wrong one counts, and the fifth voids the code.
 */
async function checkCode(
  { db, now }: Pick<PhoneVerificationDeps, 'db' | 'now'>,
  userId: string,
  phone: string,
  code: string,
): Promise<CheckOutcome> {
  const live = and(
    eq(phoneVerificationCodes.userId, userId),
    eq(phoneVerificationCodes.phone, phone),
    isNull(phoneVerificationCodes.acceptedAt),
    isNull(phoneVerificationCodes.consumedAt),
    isNull(phoneVerificationCodes.voidedAt),
    gt(phoneVerificationCodes.expiresAt, now()),
  );
  const [current] = await db.select().from(phoneVerificationCodes).where(live).limit(1);
  if (!current) return 'none';
  const expected = Buffer.from(current.codeHash, 'hex');
  const given = Buffer.from(hashOf(userId, phone, code), 'hex');
  if (timingSafeEqual(expected, given)) {
    const [accepted] = await db
      .update(phoneVerificationCodes)
      .set({ acceptedAt: now() })
      .where(and(eq(phoneVerificationCodes.id, current.id), live))
      .returning({ id: phoneVerificationCodes.id });
    return accepted ? 'accepted' : 'none';
  }
  // Counted atomically, so concurrent wrong tries cannot share one attempt.
  const [counted] = await db
    .update(phoneVerificationCodes)
    .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
    .where(eq(phoneVerificationCodes.id, current.id))
    .returning({ attempts: phoneVerificationCodes.attempts });
  if ((counted?.attempts ?? phoneCodeMaxAttempts) < phoneCodeMaxAttempts) return 'rejected';
  await db.update(phoneVerificationCodes).set({ voidedAt: now() }).where(eq(phoneVerificationCodes.id, current.id));
  return 'exhausted';
}

/**
 * Makes a number whose code this account had accepted (in the last ten minutes, not yet used) the
 * account's phone. The accepted code is used up in the same transaction; the unique index on
 * users.phone refuses a number that another account verified meanwhile.
 */
async function addPhone(
  { db, now }: Pick<PhoneVerificationDeps, 'db' | 'now'>,
  userId: string,
  phone: string,
): Promise<AddOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [consumed] = await tx
        .update(phoneVerificationCodes)
        .set({ consumedAt: now() })
        .where(
          and(
            eq(phoneVerificationCodes.userId, userId),
            eq(phoneVerificationCodes.phone, phone),
            isNotNull(phoneVerificationCodes.acceptedAt),
            gt(phoneVerificationCodes.acceptedAt, new Date(now().getTime() - phoneVerifiedWindowSeconds * 1000)),
            isNull(phoneVerificationCodes.consumedAt),
            isNull(phoneVerificationCodes.voidedAt),
          ),
        )
        .returning({ id: phoneVerificationCodes.id });
      if (!consumed) return { outcome: 'notVerified' } as const;
      await tx.update(users).set({ phone }).where(eq(users.id, userId));
      return { outcome: 'added' } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'taken' };
    throw error;
  }
}
