import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import {
  FederatedSignInMessage,
  identityLinkLifetimeSeconds,
  identityLinkLimits,
  type ProviderId,
} from '../../../contract/federated-sign-in';
import { LinkedSignInMessage, type LinkedSignInsResponse } from '../../../contract/linked-sign-ins';
import type { Locale } from '../../../contract/locales';
import type { Database } from '../../db/database';
import { federatedIdentities, identityLinks, users } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { storedLocale } from '../../mail/i18n';
import { identityChangedMail, identityLinkMail } from '../../mail/templates';
import { securityEvent } from '../../security-events';
import type { Transaction } from '../billing/ledger-core';
import { createOutbox } from '../outbox';
import { verifyPassword } from '../passwords';
import type { RateLimiter } from '../rate-limit';
import { commonRefusals, Refusal } from '../refusal';
import type { SecondFactorService } from '../second-factor/second-factor';
import type { SessionUser } from '../sessions';
import { signInLimits } from '../sign-in';

/** Why a link or an unlink is refused. */
const refusals = {
  linkExpired: () => new Refusal(ErrorCode.linkExpired, FederatedSignInMessage.linkExpired),
  passwordIncorrect: () => new Refusal(ErrorCode.invalidCredentials, FederatedSignInMessage.linkPasswordIncorrect),
  notLinked: () => new Refusal(ErrorCode.notFound, LinkedSignInMessage.notLinked),
  lastWayIn: () => new Refusal(ErrorCode.lastWayIn, LinkedSignInMessage.lastWayIn),
};

/** Who is asking: for the session the link starts and for the security log. */
type Requester = { clientAddress: string; userAgent: string | null };

/** A waiting sign-in is named by the secret of the browser that made it, or by the mailed link's. */
type LinkKey = { binding: string } | { confirmation: string };

const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Linking a provider's sign-in to an account that already exists (issue 21). The provider vouching
 * for the address is not enough: whoever controls a provider account with that address would get a
 * way into an account they never proved they own. So the sign-in waits, and the account's owner
 * consents with the account's password or by a link mailed to the account's address; the owner is
 * told by mail once it is linked, and can see and remove linked sign-ins on the account page, as
 * long as one way in remains. See docs/decisions/0011-proved-addresses.md.
 */
export function createIdentityLinks(deps: {
  db: Database;
  env: Env;
  secondFactor: SecondFactorService;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
}) {
  const { db, env, logger, now, rateLimiter } = deps;
  const providerNameOf = (provider: string) =>
    env.federatedSignIn.providers.find((candidate) => candidate.id === provider)?.name ?? provider;
  const accountLocale = (user: { locale: string | null }, fallback: Locale = 'en') =>
    storedLocale(user.locale) ?? fallback;

  /** The waiting sign-in, if it is still waiting, with its account. */
  async function waitingLink(key: LinkKey) {
    const named =
      'binding' in key
        ? eq(identityLinks.bindingHash, sha256Hex(key.binding))
        : eq(identityLinks.confirmationHash, sha256Hex(key.confirmation));
    const [row] = await db
      .select({ link: identityLinks, user: users })
      .from(identityLinks)
      .innerJoin(users, eq(users.id, identityLinks.userId))
      .where(and(named, isNull(identityLinks.usedAt), gt(identityLinks.expiresAt, now())))
      .limit(1);
    if (!row) throw refusals.linkExpired();
    return row;
  }

  /**
   * Links the waiting sign-in, once: the link is used up, the identity stored, and the owner told
   * by mail, in one transaction; then the session starts.
   */
  async function link(key: LinkKey, consent: 'password' | 'mailedLink', requester: Requester) {
    const { link: waiting } = await waitingLink(key);
    const user = await db.transaction(async (tx) => {
      const [used] = await tx
        .update(identityLinks)
        .set({ usedAt: now() })
        .where(
          and(
            eq(identityLinks.bindingHash, waiting.bindingHash),
            isNull(identityLinks.usedAt),
            gt(identityLinks.expiresAt, now()),
          ),
        )
        .returning();
      // Two consents at once for one sign-in: only the first links it.
      if (!used) throw refusals.linkExpired();
      const [account] = await tx.select().from(users).where(eq(users.id, used.userId)).for('update');
      if (!account) throw refusals.linkExpired();
      const stored = await tx
        .insert(federatedIdentities)
        .values({
          provider: used.provider,
          subject: used.subject,
          userId: account.id,
          email: used.email,
          createdAt: now(),
          lastUsedAt: now(),
        })
        .onConflictDoNothing()
        .returning({ userId: federatedIdentities.userId });
      // The same identity was meanwhile linked (by this account, or another sign-in created one).
      if (stored.length === 0) {
        const [existing] = await tx
          .select({ userId: federatedIdentities.userId })
          .from(federatedIdentities)
          .where(and(eq(federatedIdentities.provider, used.provider), eq(federatedIdentities.subject, used.subject)));
        if (existing?.userId !== account.id) throw refusals.linkExpired();
      } else {
        await createOutbox(tx, logger, now).enqueue(
          identityChangedMail(env, accountLocale(account), account.email, {
            kind: 'linked',
            providerName: providerNameOf(used.provider),
          }),
        );
      }
      return { account: account as SessionUser, provider: used.provider as ProviderId, redirect: used.redirect };
    });
    const { clientAddress, userAgent } = requester;
    securityEvent(logger, {
      event: 'identity.linked',
      clientAddress,
      userId: user.account.id,
      provider: user.provider,
      reason: consent,
    });
    const step = await deps.secondFactor.afterFirstStep(user.account, {
      method: 'provider',
      provider: user.provider,
      userAgent,
      clientAddress,
      redirect: user.redirect,
    });
    if (step.outcome === 'secondFactorRequired') return step;
    securityEvent(logger, {
      event: 'signIn.succeeded',
      clientAddress,
      userId: user.account.id,
      via: 'provider',
      provider: user.provider,
    });
    return { ...step, redirect: user.redirect };
  }

  return {
    /**
     * Keeps a provider's sign-in waiting for the consent of the account with its address; the
     * returned secret goes to the browser that made it (an HttpOnly cookie).
     */
    async offer(
      tx: Transaction,
      waiting: { provider: ProviderId; subject: string; email: string; userId: string; redirect: string },
    ): Promise<string> {
      const binding = randomBytes(32).toString('base64url');
      const offeredAt = now();
      // Waiting sign-ins never consented to are kept a day past their end, then swept by the next.
      await tx.delete(identityLinks).where(lt(identityLinks.expiresAt, new Date(offeredAt.getTime() - 86_400_000)));
      await tx.insert(identityLinks).values({
        ...waiting,
        bindingHash: sha256Hex(binding),
        createdAt: offeredAt,
        expiresAt: new Date(offeredAt.getTime() + identityLinkLifetimeSeconds * 1000),
      });
      return binding;
    },

    /**
     * The account's password consents. Wrong passwords count as failed sign-ins of the account (the
     * same limits as the sign-in page), taken before the comparison.
     */
    async linkWithPassword(binding: string | undefined, password: string, requester: Requester) {
      if (!binding) throw refusals.linkExpired();
      const { user } = await waitingLink({ binding });
      const limits = [
        [signInLimits.perAccount, user.email],
        [signInLimits.perAddress, requester.clientAddress],
      ] as const;
      const verdict = await rateLimiter.takeAll(limits);
      if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
      const matches = await rateLimiter.givingBackOnFailure(limits, () => verifyPassword(user.passwordHash, password));
      if (!matches) {
        securityEvent(logger, {
          event: 'signIn.failed',
          clientAddress: requester.clientAddress,
          userId: user.id,
          via: 'password',
          reason: 'identityLinkPassword',
        });
        throw refusals.passwordIncorrect();
      }
      await rateLimiter.refundAll(limits);
      return link({ binding }, 'password', requester);
    },

    /**
     * Mails the account's address a link that consents; a new mail replaces the link of the one
     * before. In the account's language, or the request's when it has none.
     */
    async mailLink(binding: string | undefined, requestLocale: Locale): Promise<void> {
      if (!binding) throw refusals.linkExpired();
      const { link: waiting, user } = await waitingLink({ binding });
      const verdict = await rateLimiter.takeAll([
        [identityLinkLimits.mailsPerLink, waiting.bindingHash],
        [identityLinkLimits.mailsPerAccount, user.id],
      ]);
      if (!verdict.allowed) throw commonRefusals.rateLimited(verdict.retryAfterSeconds);
      const confirmation = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .update(identityLinks)
          .set({ confirmationHash: sha256Hex(confirmation) })
          .where(eq(identityLinks.bindingHash, waiting.bindingHash));
        await createOutbox(tx, logger, now).enqueue(
          identityLinkMail(
            env,
            accountLocale(user, requestLocale),
            user.email,
            providerNameOf(waiting.provider),
            confirmation,
          ),
        );
      });
    },

    /** The mailed link consents: whoever opens it can read the account's mail. */
    confirm(confirmation: string, requester: Requester) {
      return link({ confirmation }, 'mailedLink', requester);
    },

    /** The account's password and its linked sign-ins, oldest first. */
    async list(userId: string): Promise<LinkedSignInsResponse> {
      const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      const rows = await db
        .select()
        .from(federatedIdentities)
        .where(eq(federatedIdentities.userId, userId))
        .orderBy(asc(federatedIdentities.createdAt), asc(federatedIdentities.provider));
      return {
        passwordSet: Boolean(account?.passwordHash),
        linkedSignIns: rows.map((row) => ({
          provider: row.provider as ProviderId,
          subject: row.subject,
          email: row.email,
          linkedAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * Removes a linked sign-in, unless it is the account's last way in (no password, no other
     * link); the account's row is locked, so two unlinks at once cannot remove the last two.
     */
    async unlink(userId: string, identity: { provider: ProviderId; subject: string }, clientAddress: string) {
      await db.transaction(async (tx) => {
        const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!account) throw refusals.notLinked();
        const [{ linked } = { linked: 0 }] = await tx
          .select({ linked: sql<number>`count(*)::int` })
          .from(federatedIdentities)
          .where(eq(federatedIdentities.userId, userId));
        const removed = await tx
          .delete(federatedIdentities)
          .where(
            and(
              eq(federatedIdentities.userId, userId),
              eq(federatedIdentities.provider, identity.provider),
              eq(federatedIdentities.subject, identity.subject),
            ),
          )
          .returning({ provider: federatedIdentities.provider });
        if (removed.length === 0) throw refusals.notLinked();
        if (!account.passwordHash && linked <= 1) throw refusals.lastWayIn();
        await createOutbox(tx, logger, now).enqueue(
          identityChangedMail(env, accountLocale(account), account.email, {
            kind: 'unlinked',
            providerName: providerNameOf(identity.provider),
          }),
        );
      });
      securityEvent(logger, {
        event: 'identity.unlinked',
        clientAddress,
        userId,
        provider: identity.provider,
        reason: 'owner',
      });
    },
  };
}

export type IdentityLinks = ReturnType<typeof createIdentityLinks>;
