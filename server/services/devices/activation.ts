import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  type ActivationCodeRequest,
  type ActivationCodeResponse,
  type ActivationState,
  activationCodeLifetimeSeconds,
  activationPollIntervalSeconds,
  type LinkedDevice,
} from '../../../contract/devices';
import { deviceActivations, devices, users } from '../../db/schema';
import type { Caller } from '../billing/billing';
import type { Transaction } from '../billing/ledger-core';
import type { RateLimitRule } from '../rate-limit';
import { type DeviceDeps, linkedDeviceOf } from './device-common';

/**
 * Activation by code: a device asks for a code and polls with its own secret token; a person enters
 * the code to link the device to their account. docs/decisions/0006-device-activation.md.
 */

export const activationLimits = {
  /** Codes a client address may ask for: enough for a household trying again, not for a sweep of the codes. */
  codesPerClient: { name: 'device-activation:client', limit: 20, windowSeconds: 3600 },
  /** Failed links per account (a link and a full account give their try back). */
  linkAttemptsPerAccount: { name: 'device-link:account', limit: 10, windowSeconds: 15 * 60 },
  /** Failed links per client address, whichever accounts it signs in to. */
  linkAttemptsPerClient: { name: 'device-link:client', limit: 20, windowSeconds: 15 * 60 },
  /**
   * Failed links across the whole portal: the last guard against guessing from many accounts and
   * addresses at once. While it is spent nobody can link a device, so it is far above what mistyped
   * codes reach.
   */
  linkAttemptsOverall: { name: 'device-link:all', limit: 600, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Wrong codes entered anywhere while a code waits, after which it stops working (its device is told
 * it expired and asks for a new one): no code faces more than this many of the million guesses.
 */
export const wrongGuessesPerCode = 50;

/** Expired and used activations are kept a day, so a late code is told "expired" or "used", not "invalid". */
const keptForMs = 24 * 60 * 60 * 1000;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHashOf = (code: string, deviceUuid: string) => sha256Hex(`${code}:${deviceUuid}`);
/** The same hash in SQL, so a code alone finds its activation. */
const codeMatches = (code: string) =>
  sql`${deviceActivations.codeHash} = encode(sha256(convert_to(${code} || ':' || ${deviceActivations.deviceUuid}::text, 'UTF8')), 'hex')`;

export async function issueActivationCode(
  { db, now }: DeviceDeps,
  request: ActivationCodeRequest,
): Promise<ActivationCodeResponse> {
  const deviceUuid = randomUUID();
  const pollToken = randomBytes(32).toString('base64url');
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + activationCodeLifetimeSeconds * 1000);
  const activationCode = await db.transaction(async (tx) => {
    // One issuer at a time, so no two live activations share a code: the code alone names the device.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('device-activation-codes'))`);
    await tx.delete(deviceActivations).where(lt(deviceActivations.expiresAt, new Date(issuedAt.getTime() - keptForMs)));
    let code = newCode();
    while (await isLive(tx, code, issuedAt)) code = newCode();
    await tx.insert(deviceActivations).values({
      deviceUuid,
      codeHash: codeHashOf(code, deviceUuid),
      pollTokenHash: sha256Hex(pollToken),
      platform: request.platform,
      deviceName: request.deviceName ?? defaultDeviceName[request.platform],
      createdAt: issuedAt,
      expiresAt,
    });
    return code;
  });
  return {
    deviceUUID: deviceUuid,
    activationCode,
    pollToken,
    expiresAt: expiresAt.toISOString(),
    pollIntervalSeconds: activationPollIntervalSeconds,
  };
}

const defaultDeviceName = {
  windows: 'Windows PC',
  macos: 'Mac',
  linux: 'Linux computer',
  android: 'Android device',
  ios: 'iPhone or iPad',
  other: 'Device',
} as const;

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Waiting: not linked, not expired, and not guessed at too often. */
const waiting = (at: Date) =>
  and(
    isNull(deviceActivations.linkedAt),
    gt(deviceActivations.expiresAt, at),
    lt(deviceActivations.wrongGuesses, wrongGuessesPerCode),
  );

async function isLive(tx: Transaction, code: string, at: Date): Promise<boolean> {
  const [row] = await tx
    .select({ deviceUuid: deviceActivations.deviceUuid })
    .from(deviceActivations)
    .where(and(codeMatches(code), waiting(at)))
    .limit(1);
  return row !== undefined;
}

/** What the device learns when it polls: nothing about who linked it. Null for an unknown token. */
export async function activationState({ db, now }: DeviceDeps, pollToken: string): Promise<ActivationState | null> {
  const [row] = await db
    .select({
      linkedAt: deviceActivations.linkedAt,
      expiresAt: deviceActivations.expiresAt,
      wrongGuesses: deviceActivations.wrongGuesses,
    })
    .from(deviceActivations)
    .where(eq(deviceActivations.pollTokenHash, sha256Hex(pollToken)));
  if (!row) return null;
  if (row.linkedAt) return 'linked';
  return row.expiresAt > now() && row.wrongGuesses < wrongGuessesPerCode ? 'waiting' : 'expired';
}

/**
 * `refused` for a code that names no waiting device, whether it never did, expired, was used or was
 * guessed at too often: one answer, so a guess learns nothing of which codes exist.
 */
export type LinkOutcome = { outcome: 'linked'; device: LinkedDevice } | { outcome: 'refused' | 'limitReached' };

/**
 * Links the device whose code the person entered. The account's row is locked first, so links into
 * one account happen one after another and the device limit holds however many arrive at once.
 * A wrong code counts as a guess at every waiting code. Refusals are returned, not thrown, so the
 * caller can settle its rate limits.
 */
export async function linkDevice({ db, now }: DeviceDeps, actor: Caller, code: string): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ deviceLimit: users.availableDeviceLimit })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    if (!account) return { outcome: 'refused' };
    const at = now();
    const [activation] = await tx
      .select()
      .from(deviceActivations)
      .where(and(codeMatches(code), waiting(at)))
      .limit(1)
      .for('update');
    if (!activation) {
      await tx
        .update(deviceActivations)
        .set({ wrongGuesses: sql`${deviceActivations.wrongGuesses} + 1` })
        .where(waiting(at));
      return { outcome: 'refused' };
    }
    const [linked] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(devices)
      .where(eq(devices.userId, actor.userId));
    if ((linked?.count ?? 0) >= account.deviceLimit) return { outcome: 'limitReached' };
    await tx
      .update(deviceActivations)
      .set({ linkedAt: at, linkedUserId: actor.userId })
      .where(eq(deviceActivations.deviceUuid, activation.deviceUuid));
    const [device] = await tx
      .insert(devices)
      .values({
        deviceUuid: activation.deviceUuid,
        userId: actor.userId,
        name: activation.deviceName,
        platform: activation.platform,
        linkedAt: at,
        lastSeenAt: at,
      })
      .returning();
    if (!device) throw new Error('device not linked');
    return { outcome: 'linked', device: linkedDeviceOf(device, null) };
  });
}
