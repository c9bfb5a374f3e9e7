import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ErrorCode } from '../../../contract/errors';
import {
  type ApiKey,
  apiKeyLifetimeDays,
  type CreateApiKeyResponse,
  type TeamMember,
  TeamMessage,
} from '../../../contract/teams';
import type { Database } from '../../db/database';
import { apiKeys, subscriptions, teamMembers, teams, users } from '../../db/schema';
import type { Transaction } from '../billing/ledger-core';
import type { Caller } from '../caller';
import { commonRefusals, Refusal } from '../refusal';
import { usageBytesOver, usagePeriodOf } from '../stats/usage-period';
import { addressAllowed, invalidAllowedIps } from './allowed-ips';
import { recordTeamEvent } from './audit';
import { lockManagedTeam } from './team-access';
import { memberHasSecondFactor } from './team-read';

/**
 * A team's API keys (decision 0005): `bnd_` and 256 random bits, shown once at creation and stored
 * only as their SHA-256 (a random secret of that size needs no slow hash); the first characters
 * stay visible to recognise a key. A key lasts apiKeyLifetimeDays, may be limited to addresses and
 * ranges, and reads its team through the team API with the role user.
 */

const keyPrefix = 'bnd_';
const shownPrefixLength = 12;
const dayMs = 24 * 60 * 60 * 1000;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const apiKeyRefusals = {
  notFound: () => new Refusal(ErrorCode.notFound, TeamMessage.apiKeyNotFound),
  allowedIpsInvalid: (entries: string[]) =>
    new Refusal(ErrorCode.validation, `${TeamMessage.allowedIpsInvalid} ${entries.join(', ')}`),
  missing: () => new Refusal(ErrorCode.unauthorized, TeamMessage.apiKeyMissing),
  refused: () => new Refusal(ErrorCode.unauthorized, TeamMessage.apiKeyRefused),
  addressRefused: () => new Refusal(ErrorCode.forbidden, TeamMessage.apiKeyAddressRefused),
};

/** Why a team API call's key was refused: `unknown` covers a deleted key and a key never made. */
export type ApiKeyRefusal = 'missing' | 'unknown' | 'invalidated' | 'expired' | 'addressNotAllowed';

export type ApiKeyCheck = { key: ApiKeyRow } | { refused: ApiKeyRefusal; key: ApiKeyRow | null };

/** The answer to each refusal: the client learns only missing, refused, or not from this address. */
export const apiKeyRefusalFailures: Record<ApiKeyRefusal, () => Refusal> = {
  missing: apiKeyRefusals.missing,
  unknown: apiKeyRefusals.refused,
  invalidated: apiKeyRefusals.refused,
  expired: apiKeyRefusals.refused,
  addressNotAllowed: apiKeyRefusals.addressRefused,
};

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

function apiKeyOf(row: ApiKeyRow): ApiKey {
  return {
    keyId: row.id,
    prefix: row.prefix,
    description: row.description,
    dateGenerated: row.createdAt.toISOString(),
    expirationDate: row.expiresAt.toISOString(),
    invalidated: row.invalidatedAt !== null,
    allowedIPs: row.allowedIps,
    role: 'user',
    userid: row.createdBy,
    teamId: row.teamId,
  };
}

function refuseInvalidAllowedIps(allowedIps: string[]) {
  const invalid = invalidAllowedIps(allowedIps);
  if (invalid.length > 0) throw apiKeyRefusals.allowedIpsInvalid(invalid);
}

/** The team's key named in a path; any other team's key, or no key, is 404. */
async function lockKeyOfTeam(tx: Transaction, teamId: number, keyId: string): Promise<ApiKeyRow> {
  if (!v.is(v.pipe(v.string(), v.uuid()), keyId)) throw apiKeyRefusals.notFound();
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.teamId, teamId)))
    .for('update');
  if (!row) throw apiKeyRefusals.notFound();
  return row;
}

export function createApiKeys(db: Database, now: () => Date) {
  return {
    create: (caller: Caller, referenceId: string, request: { description: string; allowedIPs: string[] }) =>
      db.transaction(async (tx): Promise<CreateApiKeyResponse> => {
        const { teamId } = await lockManagedTeam(tx, caller, referenceId);
        refuseInvalidAllowedIps(request.allowedIPs);
        const apiKey = `${keyPrefix}${randomBytes(32).toString('base64url')}`;
        const at = now();
        const [row] = await tx
          .insert(apiKeys)
          .values({
            teamId,
            createdBy: caller.userId,
            description: request.description,
            prefix: apiKey.slice(0, shownPrefixLength),
            keyHash: hashApiKey(apiKey),
            allowedIps: request.allowedIPs,
            createdAt: at,
            expiresAt: new Date(at.getTime() + apiKeyLifetimeDays * dayMs),
          })
          .returning();
        if (!row) throw new Error('API key insert returned nothing');
        await recordTeamEvent(tx, {
          teamId,
          actor: caller,
          kind: 'apiKeyCreated',
          subject: row.description,
          details: { prefix: row.prefix },
          at,
        });
        return { apiKey, key: apiKeyOf(row) };
      }),

    delete: (caller: Caller, referenceId: string, keyId: string) =>
      db.transaction(async (tx) => {
        const { teamId } = await lockManagedTeam(tx, caller, referenceId);
        const row = await lockKeyOfTeam(tx, teamId, keyId);
        await tx.delete(apiKeys).where(eq(apiKeys.id, row.id));
        await recordTeamEvent(tx, {
          teamId,
          actor: caller,
          kind: 'apiKeyDeleted',
          subject: row.description,
          details: { prefix: row.prefix },
          at: now(),
        });
      }),

    updateAllowedIps: (caller: Caller, referenceId: string, keyId: string, allowedIps: string[]) =>
      db.transaction(async (tx): Promise<ApiKey> => {
        const { teamId } = await lockManagedTeam(tx, caller, referenceId);
        const row = await lockKeyOfTeam(tx, teamId, keyId);
        refuseInvalidAllowedIps(allowedIps);
        const [updated] = await tx.update(apiKeys).set({ allowedIps }).where(eq(apiKeys.id, row.id)).returning();
        if (!updated) throw new Error('API key update returned nothing');
        await recordTeamEvent(tx, {
          teamId,
          actor: caller,
          kind: 'apiKeyAddressesChanged',
          subject: row.description,
          details: { from: row.allowedIps.join(', '), to: allowedIps.join(', ') },
          at: now(),
        });
        return apiKeyOf(updated);
      }),

    /**
     * The key a team API request carries, if it may be used from `address`; else why not, with the
     * key when it is one of ours. The route answers 401 for a key missing, unknown, expired or
     * invalidated, 403 from an address outside its list (apiKeyRefusalFailures).
     */
    async authenticate(presented: string | undefined, address: string): Promise<ApiKeyCheck> {
      if (!presented) return { refused: 'missing', key: null };
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashApiKey(presented)));
      if (!row) return { refused: 'unknown', key: null };
      if (row.invalidatedAt !== null) return { refused: 'invalidated', key: row };
      if (row.expiresAt <= now()) return { refused: 'expired', key: row };
      if (!addressAllowed(address, row.allowedIps)) return { refused: 'addressNotAllowed', key: row };
      return { key: row };
    },

    /** GET /api/v1/team: the key's team. */
    async team(teamId: number) {
      const [team] = await db.select({ teamId: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId));
      if (!team) throw commonRefusals.notFound();
      return team;
    },

    /** GET /api/v1/team/members: who is in the key's team, with their data use this period. */
    async members(teamId: number): Promise<TeamMember[]> {
      const at = now();
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId)).limit(1);
      // No subscription names the team any more: its members' use over the month.
      const usagePeriod = usagePeriodOf(
        subscription ?? { state: 'expired', currentPeriodStart: null, currentPeriodEnd: null },
        at,
      );
      const rows = await db
        .select({
          member: teamMembers,
          email: users.email,
          secondFactor: memberHasSecondFactor,
          usageBytes: usageBytesOver(teamMembers.userId, usagePeriod, at),
        })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(teamMembers.createdAt, users.email);
      return rows.map(({ member, email, secondFactor, usageBytes }) => ({
        userid: member.userId,
        email,
        firstName: member.firstName,
        lastName: member.lastName,
        role: member.role,
        isOwner: member.userId === subscription?.ownerId,
        teamId,
        dateGenerated: member.createdAt.toISOString(),
        usageBytesThisPeriod: usageBytes,
        // Base 1024, as the members table shows sizes.
        usedGB: usageBytes / 1024 ** 3,
        secondFactor,
      }));
    },
  };
}
