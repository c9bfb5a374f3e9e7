import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  type ActivationCodeRequest,
  type ActivationCodeResponse,
  type ActivationState,
  activationCodeLifetimeSeconds,
  activationLimits,
  activationPollIntervalSeconds,
  DeviceMessage,
  type LinkDeviceRequest,
  type LinkedDevice,
} from '../../../contract/devices';
import { ErrorCode } from '../../../contract/errors';
import { deviceActivations, devices, users } from '../../db/schema';
import type { Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { type RateLimiter, spendRateLimits } from '../rate-limit';
import { commonRefusals, Refusal } from '../refusal';
import { type DeviceDeps, deviceFailures, linkedDeviceOf } from './device-common';

/**
 * Activation by code: a device asks for a code and polls with its own secret token; a person enters
 * the code to link the device to their account. docs/decisions/0006-device-activation.md.
 */

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

type ActivationDeps = DeviceDeps & { rateLimiter: RateLimiter };

/** A new code for a device, within the codes its client address may ask for. */
export async function issueActivationCode(
  { db, now, rateLimiter }: ActivationDeps,
  request: ActivationCodeRequest,
  clientAddress: string,
): Promise<ActivationCodeResponse> {
  await spendRateLimits(rateLimiter, [[activationLimits.codesPerClient, clientAddress]]);
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

/**
 * What the device learns when it polls with its token: nothing about who linked it. An unknown
 * token learns nothing either, not even whether the code exists (404).
 */
export async function activationState(
  { db, now }: DeviceDeps,
  pollToken: string | undefined,
): Promise<ActivationState> {
  if (!pollToken) throw new Refusal(ErrorCode.validation, DeviceMessage.pollTokenMissing);
  const [row] = await db
    .select({
      linkedAt: deviceActivations.linkedAt,
      expiresAt: deviceActivations.expiresAt,
      wrongGuesses: deviceActivations.wrongGuesses,
    })
    .from(deviceActivations)
    .where(eq(deviceActivations.pollTokenHash, sha256Hex(pollToken)));
  if (!row) throw commonRefusals.notFound();
  if (row.linkedAt) return 'linked';
  return row.expiresAt > now() && row.wrongGuesses < wrongGuessesPerCode ? 'waiting' : 'expired';
}

/**
 * `refused` for a code that names no waiting device, whether it never did, expired, was used or was
 * guessed at too often: one answer, so a guess learns nothing of which codes exist.
 */
type LinkOutcome = { outcome: 'linked'; device: LinkedDevice } | { outcome: 'refused' | 'limitReached' };

const refusalOf = {
  refused: deviceFailures.codeRefused,
  limitReached: deviceFailures.limitReached,
};

/**
 * Links the device whose code the person entered, to their own account only. The tries are taken
 * before the code is looked up, per account, per client and overall; a code that names no waiting
 * device counts, so a link and a full account (not a guess) give the tries back.
 */
export async function linkDevice(
  deps: ActivationDeps,
  caller: Caller,
  { userid, activationCode }: LinkDeviceRequest,
  clientAddress: string,
): Promise<LinkedDevice> {
  if (userid !== caller.userId) throw deviceFailures.notYourAccount();
  const limits = [
    [activationLimits.linkAttemptsPerAccount, caller.userId],
    [activationLimits.linkAttemptsPerClient, clientAddress],
    [activationLimits.linkAttemptsOverall, 'portal'],
  ] as const;
  await spendRateLimits(deps.rateLimiter, limits);
  const result = await linkByCode(deps, caller, activationCode);
  if (result.outcome === 'linked' || result.outcome === 'limitReached') await deps.rateLimiter.refundAll(limits);
  if (result.outcome === 'linked') return result.device;
  throw refusalOf[result.outcome]();
}

/**
 * The account's row is locked first, so links into one account happen one after another and the
 * device limit holds however many arrive at once. A wrong code counts as a guess at every waiting
 * code. Refusals are returned, not thrown, so the rate limits can be settled.
 */
async function linkByCode({ db, now }: DeviceDeps, caller: Caller, code: string): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ deviceLimit: users.availableDeviceLimit })
      .from(users)
      .where(eq(users.id, caller.userId))
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
      .where(eq(devices.userId, caller.userId));
    if ((linked?.count ?? 0) >= account.deviceLimit) return { outcome: 'limitReached' };
    await tx
      .update(deviceActivations)
      .set({ linkedAt: at, linkedUserId: caller.userId })
      .where(eq(deviceActivations.deviceUuid, activation.deviceUuid));
    const [device] = await tx
      .insert(devices)
      .values({
        deviceUuid: activation.deviceUuid,
        userId: caller.userId,
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
