import { and, isNotNull, lte, or, sql } from 'drizzle-orm';
import { verificationCodeLifetimeSeconds } from '../../contract/account-creation';
import { resetTokenLifetimeSeconds } from '../../contract/password';
import { invitationLifetimeSeconds } from '../../contract/teams';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import { sweepSmsBodies } from './phone/sms';

export type Mail = { to: string; subject: string; text: string; html: string };

/** After this many failed tries a mail is given up. */
export const maxDeliveryAttempts = 8;

/**
 * The longest a code or link that a mail carries stays good: the sign-up code, the reset link, the
 * team invitation and the choose-your-password link (as long as an invitation). A mail that carries
 * something longer-lived must be counted here. Past it a mail is worth nothing to its reader.
 */
export const mailContentLifetimeSeconds = Math.max(
  verificationCodeLifetimeSeconds,
  resetTokenLifetimeSeconds,
  invitationLifetimeSeconds,
);

/** Mails written before this instant are neither sent nor kept. */
export const mailDeliverableSince = (at: Date): Date => new Date(at.getTime() - mailContentLifetimeSeconds * 1000);

/** What stays of a mail once it needs no body: the address, the subject (no secret) and its history. */
export const blankedMail = { textBody: '', htmlBody: '' };

/**
 * Every e-mail is written to the outbox first, in the same database as the change that caused it,
 * so a failed send never loses a code. Delivery over SMTP reads from here. Without SMTP a mail stays
 * here, body and all, for the development mailbox, until `sweepOutboxBodies` finds it too old.
 */
export function createOutbox(db: Database, logger: Logger, now: () => Date) {
  return {
    async enqueue(mail: Mail): Promise<string> {
      const [row] = await db
        .insert(outbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          createdAt: now(),
          nextAttemptAt: now(),
        })
        .returning({ id: outbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      // The body holds the code: log only that a mail is waiting.
      logger.info({ mailId: row.id, subject: mail.subject }, 'mail queued');
      return row.id;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Blanks the bodies (codes and links) that nobody needs any more: of mails sent or given up, and of
 * every mail past `mailContentLifetimeSeconds`, sent or not; the same for text messages (see
 * `sweepSmsBodies`). Delivery blanks what it sends or gives up; this catches the rest. Run it
 * beside delivery, with or without SMTP. Returns how many of each it blanked.
 */
export async function sweepOutboxBodies({ db, now }: { db: Database; now: () => Date }) {
  const mails = await db
    .update(outbox)
    .set(blankedMail)
    .where(
      and(
        // Written as the partial index `outbox_holding_body` is, so that only its rows are read.
        sql`${outbox.textBody} <> ''`,
        or(
          isNotNull(outbox.sentAt),
          sql`${outbox.attempts} >= ${maxDeliveryAttempts}`,
          lte(outbox.createdAt, mailDeliverableSince(now())),
        ),
      ),
    )
    .returning({ id: outbox.id });
  const texts = await sweepSmsBodies(db, now);
  return { mails: mails.length, texts };
}
