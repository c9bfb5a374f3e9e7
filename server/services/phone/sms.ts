import { and, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import { phoneCodeLifetimeSeconds } from '../../../contract/phone';
import type { Database } from '../../db/database';
import { smsOutbox } from '../../db/schema';
import type { SmsSettings } from '../../env';
import type { Logger } from '../../logger';

/** The provider did not take the message; it stays in the outbox with the reason. */
export class SmsNotSent extends Error {
  override name = 'SmsNotSent';
}

const providerTimeoutMs = 5_000;

/**
 * Text messages: each is written to the SMS outbox first (so the development mailbox and the tests
 * can read it), then handed to the configured provider. With the `outbox` provider it stays there;
 * with `https` it is POSTed as JSON to the provider's API, once: sent or refused, its body (the
 * code) is blanked then. Neither the body nor the provider's token is ever logged.
 */
export function createSmsSender({
  db,
  settings,
  logger,
  now,
  fetchImpl = fetch,
}: {
  db: Database;
  settings: SmsSettings;
  logger: Logger;
  now: () => Date;
  fetchImpl?: typeof fetch;
}) {
  async function deliver(id: string, to: string, body: string): Promise<void> {
    if (settings.provider !== 'https') return;
    let failure: string | null = null;
    try {
      const response = await fetchImpl(settings.apiUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to, ...(settings.from ? { from: settings.from } : {}), body }),
        signal: AbortSignal.timeout(providerTimeoutMs),
      });
      if (!response.ok) failure = `the provider answered ${response.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.name : 'unknown error';
    }
    await db
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        // Nothing sends a text twice (a refused one is given up: the person asks for a new code).
        body: '',
        ...(failure ? { lastError: failure } : { sentAt: now() }),
      })
      .where(eq(smsOutbox.id, id));
    if (failure) {
      logger.warn({ smsId: id, reason: failure }, 'sms not sent');
      throw new SmsNotSent(failure);
    }
    logger.info({ smsId: id }, 'sms sent');
  }

  return {
    /** Queues a text to an E.164 number and hands it to the provider; throws SmsNotSent when refused. */
    async send(to: string, body: string): Promise<void> {
      const [row] = await db
        .insert(smsOutbox)
        .values({ toNumber: to, body, createdAt: now() })
        .returning({ id: smsOutbox.id });
      if (!row) throw new Error('sms outbox insert returned nothing');
      logger.info({ smsId: row.id, provider: settings.provider }, 'sms queued');
      await deliver(row.id, to, body);
    },
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;

/**
 * Blanks the bodies of texts that were sent or tried (the provider took them or refused them), and
 * of every text older than a phone code lives; with the `outbox` provider a text stays readable in
 * the development mailbox until then. Part of `sweepOutboxBodies`. Returns how many it blanked.
 */
export async function sweepSmsBodies(db: Database, now: () => Date): Promise<number> {
  const blanked = await db
    .update(smsOutbox)
    .set({ body: '' })
    .where(
      and(
        // Written as the partial index `sms_outbox_holding_body` is, so that only its rows are read.
        sql`${smsOutbox.body} <> ''`,
        or(
          isNotNull(smsOutbox.sentAt),
          gt(smsOutbox.attempts, 0),
          lte(smsOutbox.createdAt, new Date(now().getTime() - phoneCodeLifetimeSeconds * 1000)),
        ),
      ),
    )
    .returning({ id: smsOutbox.id });
  return blanked.length;
}
