import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { verificationCodeLifetimeSeconds, verificationCodeMaxAttempts } from '../../contract/account-creation';
import type { Database } from '../db/database';
import { verificationCodes } from '../db/schema';

function hashOf(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

export type CodeCheck = 'accepted' | 'rejected' | 'exhausted' | 'none';

/**
 * E-mailed 6-digit codes: drawn from a CSPRNG, stored hashed, live for five minutes, void after
 * five wrong tries, single use, and a new code voids the previous one.
 */
export function createVerificationCodes(db: Database, now: () => Date) {
  const live = (email: string) =>
    and(
      eq(verificationCodes.email, email),
      isNull(verificationCodes.consumedAt),
      isNull(verificationCodes.voidedAt),
      gt(verificationCodes.expiresAt, now()),
    );

  return {
    /** Voids every earlier code of the address and returns a fresh one (the only time it is in clear). */
    async issue(email: string): Promise<{ code: string; expiresAt: Date }> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now().getTime() + verificationCodeLifetimeSeconds * 1000);
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ voidedAt: now() })
          .where(
            and(
              eq(verificationCodes.email, email),
              isNull(verificationCodes.consumedAt),
              isNull(verificationCodes.voidedAt),
            ),
          );
        await tx
          .insert(verificationCodes)
          .values({ email, codeHash: hashOf(email, code), expiresAt, createdAt: now() });
      });
      return { code, expiresAt };
    },

    /** Checks a code without using it up; a wrong try counts, the fifth voids the code. */
    async check(email: string, code: string): Promise<CodeCheck> {
      const [current] = await db.select().from(verificationCodes).where(live(email)).limit(1);
      if (!current) return 'none';
      const expected = Buffer.from(current.codeHash, 'hex');
      const given = Buffer.from(hashOf(email, code), 'hex');
      if (timingSafeEqual(expected, given)) return 'accepted';
      // Counted atomically, so concurrent wrong tries cannot share one attempt.
      const [counted] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, current.id))
        .returning({ attempts: verificationCodes.attempts });
      if ((counted?.attempts ?? verificationCodeMaxAttempts) < verificationCodeMaxAttempts) return 'rejected';
      await db.update(verificationCodes).set({ voidedAt: now() }).where(eq(verificationCodes.id, current.id));
      return 'exhausted';
    },

    /** Uses the live code up, so it can never be used again. */
    async consume(email: string): Promise<void> {
      await db.update(verificationCodes).set({ consumedAt: now() }).where(live(email));
    },
  };
}

export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
