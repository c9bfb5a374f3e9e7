// @vitest-environment node
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { createMailDelivery, retryDelaySeconds } from '../../server/services/mail-delivery';
import { mailContentLifetimeSeconds, maxDeliveryAttempts, sweepOutboxBodies } from '../../server/services/outbox';
import { startTestPortal, type TestPortal } from './support';

/** A real SMTP server in the test process, keeping what it receives. */
let sink: SMTPServer;
let sinkPort: number;
const received: { to: string[]; raw: string }[] = [];
let portal: TestPortal;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinkPort = (sink.server.address() as AddressInfo).port;
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

function deliveryTo(port: number) {
  return createMailDelivery({
    db: portal.db,
    transport: nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }),
    from: '"Bondline" <no-reply@portal.test>',
    logger: portal.services.logger,
    now: () => portal.clock.current,
  });
}

describe('mail delivery over SMTP', () => {
  it('sends the sign-up code from the outbox and marks it sent', async () => {
    const response = await portal.request('/api/account/create-pending-account', {
      json: { email: 'mailme@example.com' },
      address: '192.0.2.10',
    });
    expect(response.status).toBe(200);
    expect(await deliveryTo(sinkPort).deliverDue()).toBe(1);
    const mail = received.find((message) => message.to.includes('mailme@example.com'));
    expect(mail?.raw).toMatch(/Subject: Your Bondline verification code/);
    expect(mail?.raw).toMatch(/^\d{6}\r?$/m);
    const [row] = await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'mailme@example.com'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await deliveryTo(sinkPort).deliverDue()).toBe(0);
  });

  it('keeps no code once a mail is sent: the body is blanked, the subject stays', async () => {
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'blanked@example.com' },
      address: '192.0.2.13',
    });
    const code = await portal.codeMailedTo('blanked@example.com');
    expect(await deliveryTo(sinkPort).deliverDue()).toBe(1);
    expect(received.find((message) => message.to.includes('blanked@example.com'))?.raw).toContain(code);
    const [row] = await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'blanked@example.com'));
    expect(row).toMatchObject({ subject: 'Your Bondline verification code', textBody: '', htmlBody: '' });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('blanks the body of a mail given up after its last attempt, and keeps it while it is retried', async () => {
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'unreachable@example.com' },
      address: '192.0.2.14',
    });
    const code = await portal.codeMailedTo('unreachable@example.com');
    await portal.db
      .update(outbox)
      .set({ attempts: maxDeliveryAttempts - 2 })
      .where(eq(outbox.toAddress, 'unreachable@example.com'));
    expect(await deliveryTo(9).deliverDue()).toBe(1);
    expect(await portal.codeMailedTo('unreachable@example.com')).toBe(code);

    portal.clock.current = new Date(portal.clock.current.getTime() + 3600 * 1000);
    expect(await deliveryTo(9).deliverDue()).toBe(1);
    const [row] = await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'unreachable@example.com'));
    expect(row).toMatchObject({ sentAt: null, attempts: maxDeliveryAttempts, textBody: '', htmlBody: '' });
    expect(row?.lastError).toBeTruthy();
    expect(portal.logLines.join('')).not.toContain('unreachable@example.com');
  });

  it('neither sends nor keeps a mail past the longest lifetime of what mails carry; keeps a fresh one', async () => {
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'stale@example.com' },
      address: '192.0.2.15',
    });
    const staleCode = await portal.codeMailedTo('stale@example.com');
    portal.clock.current = new Date(portal.clock.current.getTime() + mailContentLifetimeSeconds * 1000 - 1000);
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'fresh@example.com' },
      address: '192.0.2.16',
    });
    const freshCode = await portal.codeMailedTo('fresh@example.com');

    // One second short of the lifetime, the older mail keeps its body.
    expect(await sweepOutboxBodies({ db: portal.db, now: () => portal.clock.current })).toMatchObject({ mails: 0 });
    expect(await portal.codeMailedTo('stale@example.com')).toBe(staleCode);

    portal.clock.current = new Date(portal.clock.current.getTime() + 1000);
    expect(await sweepOutboxBodies({ db: portal.db, now: () => portal.clock.current })).toMatchObject({ mails: 1 });
    const [stale] = await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'stale@example.com'));
    expect(stale).toMatchObject({ sentAt: null, textBody: '', htmlBody: '' });
    expect(await portal.codeMailedTo('fresh@example.com')).toBe(freshCode);

    // Delivery sends the fresh mail only: a blanked one is never sent.
    expect(await deliveryTo(sinkPort).deliverDue()).toBe(1);
    expect(received.some((message) => message.to.includes('stale@example.com'))).toBe(false);
    expect(received.some((message) => message.to.includes('fresh@example.com'))).toBe(true);
  });

  it('keeps a mail that could not be sent and sends it on a later try', async () => {
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'retry@example.com' },
      address: '192.0.2.11',
    });
    // Nothing listens on port 9: the send fails.
    expect(await deliveryTo(9).deliverDue()).toBe(1);
    const [failed] = await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'retry@example.com'));
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed?.lastError).toBeTruthy();

    // Not due again before the retry delay; due after it.
    expect(await deliveryTo(sinkPort).deliverDue()).toBe(0);
    portal.clock.current = new Date(portal.clock.current.getTime() + retryDelaySeconds(1) * 1000);
    expect(await deliveryTo(sinkPort).deliverDue()).toBe(1);
    expect(received.some((message) => message.to.includes('retry@example.com'))).toBe(true);
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});

describe('the development mailbox', () => {
  it('lists the outbox, escaped, outside production', async () => {
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'reader@example.com' },
      address: '192.0.2.12',
    });
    await portal.services.outbox.enqueue({
      to: 'x@example.com',
      subject: '<script>alert(1)</script>',
      text: 'a & b',
      html: '',
    });
    const page = await portal.request('/dev/mailbox', { socketAddress: '127.0.0.1', address: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your Bondline verification code');
    expect(page.text).toMatch(/^\d{6}$/m);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('a &amp; b');
  });

  it('does not exist in production', async () => {
    const production = await startTestPortal({ APP_ENV: 'production', BOT_CHECK: 'altcha' });
    try {
      expect((await production.request('/dev/mailbox', { socketAddress: '127.0.0.1', address: null })).status).toBe(
        404,
      );
    } finally {
      await production.close();
    }
  });
});
