// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodeLifetimeSeconds } from '../../contract/phone';
import { smsOutbox } from '../../server/db/schema';
import { sweepOutboxBodies } from '../../server/services/outbox';
import { createSmsSender, SmsNotSent } from '../../server/services/phone/sms';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

/** A sender over HTTPS whose provider answers `status` (and records what it was given). */
function senderAnswering(status: number) {
  const posted: string[] = [];
  const sender = createSmsSender({
    db: portal.db,
    settings: { provider: 'https', apiUrl: 'https://sms.example/send', apiToken: 'token', from: null },
    logger: portal.services.logger,
    now: () => portal.clock.current,
    fetchImpl: async (_url, init) => {
      posted.push(String(init?.body));
      return new Response('{}', { status });
    },
  });
  return { sender, posted };
}

const textsTo = (phone: string) => portal.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone));
const sweep = () => sweepOutboxBodies({ db: portal.db, now: () => portal.clock.current });

describe('the SMS outbox', () => {
  it('keeps no code once the provider took the text', async () => {
    const { sender, posted } = senderAnswering(200);
    await sender.send('+12015550141', '123456 is your code.');
    expect(posted[0]).toContain('123456');
    expect(await textsTo('+12015550141')).toEqual([expect.objectContaining({ body: '', attempts: 1 })]);
    expect((await textsTo('+12015550141'))[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps no code once the provider refused the text (it is never tried again)', async () => {
    const { sender } = senderAnswering(500);
    await expect(sender.send('+12015550142', '654321 is your code.')).rejects.toBeInstanceOf(SmsNotSent);
    expect(await textsTo('+12015550142')).toEqual([
      expect.objectContaining({ body: '', sentAt: null, attempts: 1, lastError: 'the provider answered 500' }),
    ]);
  });

  it('keeps a text of the outbox provider while its code lives, and blanks it afterwards', async () => {
    await portal.services.sms.send('+12015550143', '111111 is your code.');
    portal.clock.current = new Date(portal.clock.current.getTime() + phoneCodeLifetimeSeconds * 1000 - 1000);
    await portal.services.sms.send('+12015550144', '222222 is your code.');

    expect((await sweep()).texts).toBe(0);
    expect((await textsTo('+12015550143'))[0]?.body).toBe('111111 is your code.');

    portal.clock.current = new Date(portal.clock.current.getTime() + 1000);
    expect((await sweep()).texts).toBe(1);
    expect((await textsTo('+12015550143'))[0]?.body).toBe('');
    expect((await textsTo('+12015550144'))[0]?.body).toBe('222222 is your code.');
  });
});
