import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { SessionClaims } from '../../../contract/auth';
import type { QrSignInDetails, QrSignInState } from '../../../contract/qr-sign-in';
import type { Database } from '../../db/database';
import { qrSignIns, users } from '../../db/schema';
import type { RateLimiter, RateLimitRule } from '../rate-limit';
import type { SessionService } from '../sessions';
import { approximatePlaceOf } from '../your-sessions/approximate-place';
import { describeUserAgent } from '../your-sessions/user-agent';

/**
 * Sign-in with a QR code: docs/decisions/qr-sign-in.md. Every step is one conditional statement
 * on the request's row, so two processes (or two tabs) racing for the same step cannot both win.
 */

export const qrSignInLimits = {
  /**
   * A sign-in page left open asks again every validity period (30 an hour at two minutes), and an
   * office or a school signs in from one address: generous, yet a bound on rows one address can add.
   */
  requestsPerAddress: { name: 'qr-sign-in:address', limit: 300, windowSeconds: 3600 },
  /** Approvals and declines per account: a person answers a few; a script trying ids would answer many. */
  answersPerAccount: { name: 'qr-sign-in-answer:account', limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** How long an approved request can be turned into a session by its browser. */
const redeemWithinMs = 60_000;
/** Answered and expired requests are kept a day, so a late scan is told "expired", not "unknown". */
const keptForMs = 24 * 60 * 60 * 1000;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The browser's key: 256 bits from the CSPRNG, base64url. */
export const browserKeyPattern = /^[A-Za-z0-9_-]{43}$/;
export const newBrowserKey = () => randomBytes(32).toString('base64url');

export type QrSignInDeps = {
  db: Database;
  now: () => Date;
  rateLimiter: RateLimiter;
  sessions: SessionService;
  env: { qrLoginValiditySeconds: number };
};

type Requester = { browserKey: string; userAgent: string | null; clientAddress: string };

/** A two-digit number from the CSPRNG: 10 to 99. */
const randomTwoDigits = () => randomInt(10, 100);

/**
 * The number the waiting browser shows, and the three the approver picks from: it and two distinct
 * decoys, shuffled (Fisher–Yates on the CSPRNG) so its place says nothing.
 */
export function drawNumbers(): { matchNumber: number; numberChoices: number[] } {
  const matchNumber = randomTwoDigits();
  const numberChoices = [matchNumber];
  while (numberChoices.length < 3) {
    const decoy = randomTwoDigits();
    if (!numberChoices.includes(decoy)) numberChoices.push(decoy);
  }
  for (let last = numberChoices.length - 1; last > 0; last--) {
    const other = randomInt(last + 1);
    [numberChoices[last], numberChoices[other]] = [numberChoices[other] as number, numberChoices[last] as number];
  }
  return { matchNumber, numberChoices };
}

export type CreateOutcome =
  | { outcome: 'created'; id: string; matchNumber: number }
  | { outcome: 'rateLimited'; retryAfterSeconds: number };

/** A new request for the browser holding `browserKey`; the one it `replaces` can no longer be answered. */
export async function createQrSignIn(
  { db, now, rateLimiter, env }: QrSignInDeps,
  requester: Requester,
  replaces: string | undefined,
): Promise<CreateOutcome> {
  const verdict = await rateLimiter.take(qrSignInLimits.requestsPerAddress, requester.clientAddress);
  if (!verdict.allowed) return { outcome: 'rateLimited', retryAfterSeconds: verdict.retryAfterSeconds };
  const at = now();
  const id = randomUUID();
  const { matchNumber, numberChoices } = drawNumbers();
  const browserKeyHash = sha256Hex(requester.browserKey);
  await db.transaction(async (tx) => {
    await tx.delete(qrSignIns).where(lt(qrSignIns.expiresAt, new Date(at.getTime() - keptForMs)));
    if (replaces) {
      await tx
        .update(qrSignIns)
        .set({ expiresAt: at })
        .where(
          and(
            eq(qrSignIns.id, replaces),
            eq(qrSignIns.browserKeyHash, browserKeyHash),
            isNull(qrSignIns.approvedAt),
            gt(qrSignIns.expiresAt, at),
          ),
        );
    }
    await tx.insert(qrSignIns).values({
      id,
      browserKeyHash,
      userAgent: requester.userAgent?.slice(0, 512) ?? null,
      clientAddress: requester.clientAddress,
      createdAt: at,
      expiresAt: new Date(at.getTime() + env.qrLoginValiditySeconds * 1000),
      matchNumber,
      numberChoices,
    });
  });
  return { outcome: 'created', id, matchNumber };
}

type Row = typeof qrSignIns.$inferSelect;

function stateOf(row: Row, at: Date): QrSignInState {
  if (row.declinedAt) return 'declined';
  if (row.approvedAt && !row.redeemedAt && row.expiresAt > at) return 'approved';
  if (!row.approvedAt && row.expiresAt > at) return 'waiting';
  return 'expired';
}

async function ownRequest(db: Database, id: string, browserKey: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(qrSignIns)
    .where(and(eq(qrSignIns.id, id), eq(qrSignIns.browserKeyHash, sha256Hex(browserKey))));
  return row ?? null;
}

/** How often a waiting browser's request is read again: an approval shows within this. */
const statusPollMs = 400;

/**
 * The request's state for the browser that holds its key, as soon as it is not `waiting` or after
 * `waitSeconds`. The row is read again every few hundred milliseconds rather than notified: the
 * database is the truth whichever process recorded the answer. Null: unknown to this browser.
 */
export async function qrSignInState(
  { db, now }: Pick<QrSignInDeps, 'db' | 'now'>,
  id: string,
  browserKey: string,
  { waitSeconds, signal }: { waitSeconds: number; signal?: AbortSignal },
): Promise<QrSignInState | null> {
  const until = Date.now() + waitSeconds * 1000;
  for (;;) {
    const row = await ownRequest(db, id, browserKey);
    if (!row) return null;
    const state = stateOf(row, now());
    if (state !== 'waiting' || Date.now() + statusPollMs > until || signal?.aborted) return state;
    await new Promise((resolve) => setTimeout(resolve, statusPollMs));
  }
}

export type RedeemOutcome =
  | { outcome: 'signedIn'; token: string; claims: SessionClaims }
  | { outcome: 'unknown' | 'notApproved' | 'declined' | 'expired' | 'used' };

/**
 * Turns an approved request into a session for the browser that holds its key. The conditional
 * update lets exactly one of any number of simultaneous redemptions through.
 */
export async function redeemQrSignIn(
  { db, now, sessions }: QrSignInDeps,
  id: string,
  browserKey: string,
  origin: { userAgent: string | null; clientAddress: string },
): Promise<RedeemOutcome> {
  const at = now();
  const browserKeyHash = sha256Hex(browserKey);
  const [redeemed] = await db
    .update(qrSignIns)
    .set({ redeemedAt: at })
    .where(
      and(
        eq(qrSignIns.id, id),
        eq(qrSignIns.browserKeyHash, browserKeyHash),
        isNotNull(qrSignIns.approvedAt),
        isNull(qrSignIns.redeemedAt),
        gt(qrSignIns.expiresAt, at),
      ),
    )
    .returning({ approvedBy: qrSignIns.approvedBy });
  if (!redeemed?.approvedBy) {
    const row = await ownRequest(db, id, browserKey);
    if (!row) return { outcome: 'unknown' };
    if (row.redeemedAt) return { outcome: 'used' };
    const state = stateOf(row, at);
    return { outcome: state === 'waiting' ? 'notApproved' : state === 'declined' ? 'declined' : 'expired' };
  }
  const [user] = await db.select().from(users).where(eq(users.id, redeemed.approvedBy));
  if (!user) return { outcome: 'unknown' };
  const { token, claims } = await sessions.start(user, { method: 'qr', ...origin });
  return { outcome: 'signedIn', token, claims };
}

export type DetailsOutcome =
  | { outcome: 'found'; details: QrSignInDetails }
  | { outcome: 'unknown' | 'expired' | 'answered' };

/** Where a request comes from, for a signed-in person to decide; only while it can be answered. */
export async function qrSignInDetails(
  { db, now }: Pick<QrSignInDeps, 'db' | 'now'>,
  id: string,
): Promise<DetailsOutcome> {
  const [row] = await db.select().from(qrSignIns).where(eq(qrSignIns.id, id));
  if (!row) return { outcome: 'unknown' };
  const refusal = answerRefusalOf(row, now());
  if (refusal) return { outcome: refusal };
  // Rows made before number matching were expired by migration 0029.
  if (!row.numberChoices) return { outcome: 'expired' };
  return {
    outcome: 'found',
    details: {
      id: row.id,
      ...describeUserAgent(row.userAgent),
      network: approximatePlaceOf(row.clientAddress)?.network ?? null,
      requestedAt: row.createdAt.toISOString(),
      numberChoices: row.numberChoices,
    },
  };
}

function answerRefusalOf(row: Row, at: Date): 'expired' | 'answered' | null {
  if (row.approvedAt || row.declinedAt) return 'answered';
  if (row.expiresAt <= at) return 'expired';
  return null;
}

export type AnswerOutcome =
  | { outcome: 'answered' }
  | { outcome: 'unknown' | 'expired' | 'alreadyAnswered' | 'numberMismatch' }
  | { outcome: 'rateLimited'; retryAfterSeconds: number };

/** Approve with the number the person picked, or decline. */
export type Answer = { choice: 'approve'; number: number } | { choice: 'decline' };

/**
 * Approves (for `userId`) or declines a request that is still waiting. Every answer counts against
 * the account's limit, so nobody can try ids by the thousand. An approval with a number the waiting
 * browser does not show declines the request at once: the code may be an attacker's, shown to the
 * person who scanned it, and a second guess must not be possible.
 */
export async function answerQrSignIn(
  { db, now, rateLimiter }: QrSignInDeps,
  id: string,
  userId: string,
  answer: Answer,
): Promise<AnswerOutcome> {
  const verdict = await rateLimiter.take(qrSignInLimits.answersPerAccount, userId);
  if (!verdict.allowed) return { outcome: 'rateLimited', retryAfterSeconds: verdict.retryAfterSeconds };
  const at = now();
  const waiting = and(
    eq(qrSignIns.id, id),
    isNull(qrSignIns.approvedAt),
    isNull(qrSignIns.declinedAt),
    gt(qrSignIns.expiresAt, at),
  );
  const [answered] = await db
    .update(qrSignIns)
    .set(
      answer.choice === 'approve'
        ? { approvedBy: userId, approvedAt: at, expiresAt: new Date(at.getTime() + redeemWithinMs) }
        : { declinedAt: at },
    )
    .where(answer.choice === 'approve' ? and(waiting, eq(qrSignIns.matchNumber, answer.number)) : waiting)
    .returning({ id: qrSignIns.id });
  if (answered) return { outcome: 'answered' };
  if (answer.choice === 'approve') {
    const [mismatched] = await db
      .update(qrSignIns)
      .set({ declinedAt: at })
      .where(and(waiting, ne(qrSignIns.matchNumber, answer.number)))
      .returning({ id: qrSignIns.id });
    if (mismatched) return { outcome: 'numberMismatch' };
  }
  const [row] = await db.select().from(qrSignIns).where(eq(qrSignIns.id, id));
  if (!row) return { outcome: 'unknown' };
  return { outcome: answerRefusalOf(row, at) === 'answered' ? 'alreadyAnswered' : 'expired' };
}
