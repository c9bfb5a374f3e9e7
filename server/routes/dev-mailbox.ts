import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { outbox, smsOutbox } from '../db/schema';
import type { AppEnv } from '../http/middleware';
import type { AppServices } from '../services/index';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The development mailbox: outside production, the newest mails and text messages (SMS) of the
 * outboxes as a plain page, and the text messages to a number as JSON (`/sms?to=+1…`, for e2e),
 * so a person trying the portal locally can read their code without an SMTP server. A tool for
 * developers, in English only; never mounted in production.
 */
export function devMailboxRoutes({ db }: AppServices) {
  return new Hono<AppEnv>()
    .get('/sms', async (c) => {
      const to = c.req.query('to') ?? '';
      const messages = await db
        .select({ to: smsOutbox.toNumber, body: smsOutbox.body, createdAt: smsOutbox.createdAt })
        .from(smsOutbox)
        .where(eq(smsOutbox.toNumber, to))
        .orderBy(smsOutbox.createdAt);
      c.header('Cache-Control', 'no-store');
      return c.json(messages, 200);
    })
    .get('/', async (c) => {
      const mails = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
      const texts = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(50);
      const textItems = texts
        .map(
          (text) => `<article>
  <h2>Text message to ${escapeHtml(text.toNumber)}</h2>
  <p class="meta">${text.createdAt.toISOString()} · ${text.sentAt ? 'sent' : 'not sent (kept in the outbox)'}</p>
  <pre>${escapeHtml(text.body)}</pre>
</article>`,
        )
        .join('\n');
      const items = mails
        .map(
          (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.toAddress)}</strong> · ${mail.createdAt.toISOString()} · ${mail.sentAt ? 'sent' : 'not sent (kept in the outbox)'}</p>
  <pre>${escapeHtml(mail.textBody)}</pre>
</article>`,
        )
        .join('\n');
      c.header('Cache-Control', 'no-store');
      return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font:14px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:.7rem;padding:1rem;margin-block:1rem}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>The newest mails and text messages the portal wrote to its outboxes. This page does not exist in production.</p>
${items || '<p>No mail yet.</p>'}
<h1>Text messages</h1>
${textItems || '<p>No text message yet.</p>'}
</body>
</html>`);
    });
}
