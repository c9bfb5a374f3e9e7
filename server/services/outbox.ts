import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';

export type Mail = { to: string; subject: string; text: string; html: string };

/**
 * Every e-mail is written to the outbox first, in the same database as the change that caused it,
 * so a failed send never loses a code. Delivery over SMTP reads from here.
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
