import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import * as v from 'valibot';
import type { SessionClaims } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import {
  type QrSignInDetails,
  QrSignInId,
  QrSignInMessage,
  type QrSignInState,
  qrSignInLimits,
} from '../../../contract/qr-sign-in';
import type { Database } from '../../db/database';
import { qrSignIns, users } from '../../db/schema';
import type { Caller } from '../caller';
import type { RateLimiter } from '../rate-limit';
import { commonRefusals, Refusal } from '../refusal';
import type { SessionService } from '../sessions';
import { approximatePlaceOf } from '../your-sessions/approximate-place';
import { describeUserAgent } from '../your-sessions/user-agent';
import type { QrAnswers } from './qr-answers';

/**
 * Sign-in with a QR code: docs/decisions/0020-qr-sign-in.md. Every step is one conditional statement
 * on the request's row, so two processes (or two tabs) racing for the same step cannot both win.
 */

const refusals = {
  notFound: () => new Refusal(ErrorCode.notFound, QrSignInMessage.notFound),
  expired: () => new Refusal(ErrorCode.codeExpired, QrSignInMessage.expired, { kind: 'gone' }),
  answered: () => new Refusal(ErrorCode.codeUsed, QrSignInMessage.answered),
  notApproved: () => new Refusal(ErrorCode.forbidden, QrSignInMessage.notApproved),
  declined: () => new Refusal(ErrorCode.forbidden, QrSignInMessage.declined),
  numberMismatch: () => new Refusal(ErrorCode.numberMismatch, QrSignInMessage.numberMismatch),
};

/** How long an approved request can be turned into a session by its browser. */
const redeemWithinMs = 60_000;
/** Answered and expired requests are kept a day, so a late scan is told "expired", not "unknown". */
const keptForMs = 24 * 60 * 60 * 1000;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The browser's key: 256 bits from the CSPRNG, base64url. */
const browserKeyPattern = /^[A-Za-z0-9_-]{43}$/;
const isBrowserKey = (key: string | undefined): key is string => key !== undefined && browserKeyPattern.test(key);

/** The request id as stored: anything but a UUID names no request. */
function requestIdOf(id: string): string {
  if (!v.is(QrSignInId, id)) throw refusals.notFound();
  return id.toLowerCase();
}

/** The hash of the key the browser holds; without one it has asked for nothing, so no request is its own. */
function browserKeyHashOf(browserKey: string | undefined): string {
  if (!isBrowserKey(browserKey)) throw refusals.notFound();
  return sha256Hex(browserKey);
}

export type QrSignInDeps = {
  db: Database;
  now: () => Date;
  rateLimiter: RateLimiter;
  sessions: SessionService;
  qrAnswers: QrAnswers;
  env: { qrLoginValiditySeconds: number };
};

/** The asking browser: the key it holds (its cookie), if any, and where it asks from. */
type Requester = { browserKey: string | undefined; userAgent: string | null; clientAddress: string };

/** A two-digit number from the CSPRNG: 10 to 99. */
const randomTwoDigits = () => randomInt(10, 100);

/**
 * The number the waiting browser shows, and the three the approver picks from: it and two distinct
 * decoys, shuffled (Fisher–Yates on the CSPRNG) so its place says nothing.
 */
function drawNumbers(): { matchNumber: number; numberChoices: number[] } {
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

/**
 * A new request for the browser holding `browserKey` (a new key when it holds none, which it is to
 * keep); the one it `replaces` can no longer be answered.
 */
export async function createQrSignIn(
  { db, now, rateLimiter, env }: QrSignInDeps,
  requester: Requester,
  replaces: string | undefined,
): Promise<{ id: string; matchNumber: number; browserKey: string }> {
  const verdict = await rateLimiter.take(qrSignInLimits.requestsPerAddress, requester.clientAddress);
  if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
  const browserKey = isBrowserKey(requester.browserKey) ? requester.browserKey : randomBytes(32).toString('base64url');
  const at = now();
  const id = randomUUID();
  const { matchNumber, numberChoices } = drawNumbers();
  const browserKeyHash = sha256Hex(browserKey);
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
  return { id, matchNumber, browserKey };
}

type Row = typeof qrSignIns.$inferSelect;

function stateOf(row: Row, at: Date): QrSignInState {
  if (row.declinedAt) return 'declined';
  if (row.approvedAt && !row.redeemedAt && row.expiresAt > at) return 'approved';
  if (!row.approvedAt && row.expiresAt > at) return 'waiting';
  return 'expired';
}

async function ownRequest(db: Database, id: string, browserKeyHash: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(qrSignIns)
    .where(and(eq(qrSignIns.id, id), eq(qrSignIns.browserKeyHash, browserKeyHash)));
  return row ?? null;
}

/**
 * The request's state for the browser that holds its key, as soon as it is not `waiting` or after
 * `waitSeconds`. The row is read when the wait starts and again when the database announces an
 * answer (qr-answers.ts), when the request expires, or when the wait is up: the database is the truth
 * whichever process recorded the answer. A newer wait for the same request ends this one with
 * `waiting`. Refused when unknown to this browser.
 */
export async function qrSignInState(
  { db, now, qrAnswers }: Pick<QrSignInDeps, 'db' | 'now' | 'qrAnswers'>,
  requestId: string,
  browserKey: string | undefined,
  { waitSeconds, signal }: { waitSeconds: number; signal?: AbortSignal },
): Promise<QrSignInState> {
  const id = requestIdOf(requestId);
  const browserKeyHash = browserKeyHashOf(browserKey);
  const until = Date.now() + waitSeconds * 1000;
  for (;;) {
    const row = await ownRequest(db, id, browserKeyHash);
    if (!row) throw refusals.notFound();
    const at = now();
    const state = stateOf(row, at);
    const leftMs = Math.min(until - Date.now(), row.expiresAt.getTime() - at.getTime());
    if (state !== 'waiting' || leftMs <= 0 || signal?.aborted) return state;
    // Woken at the expiry too, so an expired request answers `expired` rather than `waiting`.
    if ((await qrAnswers.waitFor(id, Math.max(leftMs, 1), signal)) === 'replaced') return 'waiting';
  }
}

/**
 * Turns an approved request into a session for the browser that holds its key. The conditional
 * update lets exactly one of any number of simultaneous redemptions through.
 */
export async function redeemQrSignIn(
  { db, now, sessions }: QrSignInDeps,
  requestId: string,
  { browserKey, ...origin }: Requester,
): Promise<{ token: string; claims: SessionClaims }> {
  const id = requestIdOf(requestId);
  const browserKeyHash = browserKeyHashOf(browserKey);
  const at = now();
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
    const row = await ownRequest(db, id, browserKeyHash);
    if (!row) throw refusals.notFound();
    if (row.redeemedAt) throw refusals.answered();
    const state = stateOf(row, at);
    throw state === 'waiting'
      ? refusals.notApproved()
      : state === 'declined'
        ? refusals.declined()
        : refusals.expired();
  }
  const [user] = await db.select().from(users).where(eq(users.id, redeemed.approvedBy));
  if (!user) throw refusals.notFound();
  return sessions.start(user, { method: 'qr', ...origin });
}

/** Where a request comes from, for a signed-in person to decide; only while it can be answered. */
export async function qrSignInDetails(
  { db, now }: Pick<QrSignInDeps, 'db' | 'now'>,
  requestId: string,
): Promise<QrSignInDetails> {
  const [row] = await db
    .select()
    .from(qrSignIns)
    .where(eq(qrSignIns.id, requestIdOf(requestId)));
  if (!row) throw refusals.notFound();
  refuseUnlessWaiting(row, now());
  // Rows made before number matching were expired by migration 0029.
  if (!row.numberChoices) throw refusals.expired();
  return {
    id: row.id,
    ...describeUserAgent(row.userAgent),
    network: approximatePlaceOf(row.clientAddress)?.network ?? null,
    requestedAt: row.createdAt.toISOString(),
    numberChoices: row.numberChoices,
  };
}

/** A request answered or expired can no longer be answered. */
function refuseUnlessWaiting(row: Row, at: Date): void {
  if (row.approvedAt || row.declinedAt) throw refusals.answered();
  if (row.expiresAt <= at) throw refusals.expired();
}

/** Approve with the number the person picked, or decline. */
export type Answer = { choice: 'approve'; number: number } | { choice: 'decline' };

/**
 * Approves (for the caller) or declines a request that is still waiting. Every answer counts against
 * the account's limit, so nobody can try ids by the thousand. An approval with a number the waiting
 * browser does not show declines the request at once: the code may be an attacker's, shown to the
 * person who scanned it, and a second guess must not be possible.
 */
export async function answerQrSignIn(
  { db, now, rateLimiter }: QrSignInDeps,
  requestId: string,
  caller: Caller,
  answer: Answer,
): Promise<void> {
  const id = requestIdOf(requestId);
  const { userId } = caller;
  const verdict = await rateLimiter.take(qrSignInLimits.answersPerAccount, userId);
  if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
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
  if (answered) return;
  if (answer.choice === 'approve') {
    const [mismatched] = await db
      .update(qrSignIns)
      .set({ declinedAt: at })
      .where(and(waiting, ne(qrSignIns.matchNumber, answer.number)))
      .returning({ id: qrSignIns.id });
    if (mismatched) throw refusals.numberMismatch();
  }
  const [row] = await db.select().from(qrSignIns).where(eq(qrSignIns.id, id));
  if (!row) throw refusals.notFound();
  refuseUnlessWaiting(row, at);
  throw refusals.expired();
}
