import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import { blankedMail, mailDeliverableSince, maxDeliveryAttempts } from './outbox';

/** 30 s, 1 min, 2 min … capped at an hour: a server that is down for a while still gets the mail. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** (attempts - 1));
}

/**
 * Sends what the outbox holds over SMTP. Each mail is claimed in its own transaction with
 * `for update skip locked`, so several processes never send the same mail twice. Once a mail is
 * sent or given up its body (the code or link) is blanked; a mail older than the longest lifetime
 * of what mails carry is not sent at all, as `sweepOutboxBodies` blanks it.
 */
export function createMailDelivery(deps: {
  db: Database;
  transport: Transporter;
  from: string;
  logger: Logger;
  now: () => Date;
}) {
  const { db, transport, from, logger, now } = deps;

  async function deliverOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [mail] = await tx
        .select()
        .from(outbox)
        .where(
          and(
            isNull(outbox.sentAt),
            lte(outbox.nextAttemptAt, now()),
            sql`${outbox.attempts} < ${maxDeliveryAttempts}`,
            gt(outbox.createdAt, mailDeliverableSince(now())),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!mail) return false;
      try {
        await transport.sendMail({
          from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
        await tx
          .update(outbox)
          .set({ sentAt: now(), attempts: mail.attempts + 1, lastError: null, ...blankedMail })
          .where(eq(outbox.id, mail.id));
        logger.info({ mailId: mail.id }, 'mail sent');
      } catch (error) {
        const attempts = mail.attempts + 1;
        const givenUp = attempts >= maxDeliveryAttempts;
        const message = error instanceof Error ? error.message : String(error);
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: message,
            nextAttemptAt: new Date(now().getTime() + retryDelaySeconds(attempts) * 1000),
            ...(givenUp ? blankedMail : {}),
          })
          .where(eq(outbox.id, mail.id));
        // The server's message often quotes the recipient's address: it stays in `last_error`, and
        // the log has the codes only.
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        logger.warn(
          { mailId: mail.id, attempts, reason: typeof code === 'string' ? code : 'unknown', responseCode },
          givenUp ? 'mail given up' : 'mail will be retried',
        );
      }
      return true;
    });
  }

  return {
    /** Sends every mail that is due; returns how many were tried. */
    async deliverDue(): Promise<number> {
      let tried = 0;
      while (await deliverOne()) tried += 1;
      return tried;
    },
  };
}
