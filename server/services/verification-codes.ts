import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
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

    /**
     * Compares a code without using it up. A try is taken before the comparison, in one conditional
     * `UPDATE … RETURNING` that no other try can share, so however many arrive at once, no more
     * than five are ever compared; the try that voids the code says so, and a right code gives its
     * try back (it will be used up by `consume`).
     */
    async check(email: string, code: string): Promise<CodeCheck> {
      const [taken] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(and(live(email), lt(verificationCodes.attempts, verificationCodeMaxAttempts)))
        .returning({
          id: verificationCodes.id,
          codeHash: verificationCodes.codeHash,
          attempts: verificationCodes.attempts,
        });
      if (!taken) return 'none';
      if (timingSafeEqual(Buffer.from(taken.codeHash, 'hex'), Buffer.from(hashOf(email, code), 'hex'))) {
        await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} - 1` })
          .where(eq(verificationCodes.id, taken.id));
        return 'accepted';
      }
      if (taken.attempts < verificationCodeMaxAttempts) return 'rejected';
      await db.update(verificationCodes).set({ voidedAt: now() }).where(eq(verificationCodes.id, taken.id));
      return 'exhausted';
    },

    /**
     * Uses the live code up if it is `code`, in one conditional update inside the caller's
     * transaction: of two uses at once, one gets true.
     */
    async consume(tx: Pick<Database, 'update'>, email: string, code: string): Promise<boolean> {
      const used = await tx
        .update(verificationCodes)
        .set({ consumedAt: now() })
        .where(
          and(
            live(email),
            lt(verificationCodes.attempts, verificationCodeMaxAttempts),
            eq(verificationCodes.codeHash, hashOf(email, code)),
          ),
        )
        .returning({ id: verificationCodes.id });
      return used.length > 0;
    },
  };
}

export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
