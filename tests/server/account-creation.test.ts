// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCreationLimits } from '../../contract/account-creation';
import { outbox, pendingAccounts, users, verificationCodes } from '../../server/db/schema';
import { clientAddresses, startTestPortal, type TestPortal } from './support';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.createUser('taken@example.com', 'an existing password');
});
afterAll(() => portal.close());

const client = clientAddresses();
const latestCode = (email: string) => portal.codeMailedTo(email);

const createPending = (email: string, from = client()) =>
  portal.request('/api/account/create-pending-account', { json: { email }, address: from });
const validate = (email: string, code: string, from = client()) =>
  portal.request(
    `/api/account/validate-account-creation-request?email=${encodeURIComponent(email)}&verificationCode=${code}`,
    { address: from },
  );
const finalize = (email: string, code: string, password: string, from = client()) =>
  portal.request('/api/account/finalize-account-creation-request', {
    json: { email, verificationCode: code, password },
    address: from,
  });
const later = (seconds: number) => {
  portal.clock.current = new Date(portal.clock.current.getTime() + seconds * 1000);
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('account creation', () => {
  it('goes from a pending account to an account that can sign in', async () => {
    const email = 'new.person@example.com';
    const created = await createPending('New.Person@Example.com');
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ success: true });
    expect(new Date(String(created.json.expiresAt)).getTime() - portal.clock.current.getTime()).toBe(5 * 60 * 1000);

    const code = await latestCode(email);
    const [mail] = await portal.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mail?.htmlBody).toContain(code);
    expect(mail?.textBody).toContain(`${portal.env.publicOrigin}/verify-email`);
    expect(portal.logLines.join('')).not.toContain(code);
    const [stored] = await portal.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(stored?.codeHash).not.toContain(code);

    expect((await validate(email, code)).status).toBe(200);
    expect((await finalize(email, code, 'a brand new secret')).status).toBe(201);
    expect(await portal.db.select().from(pendingAccounts).where(eq(pendingAccounts.email, email))).toEqual([]);
    await portal.signIn(email, 'a brand new secret');
  });

  it('refuses an address that already has an account, with the spec message, and sends nothing', async () => {
    const response = await createPending('taken@example.com');
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: 'email_taken',
      message: 'An account with this E-Mail already exists with us',
    });
    expect(await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'taken@example.com'))).toEqual([]);
  });

  it('refuses malformed addresses', async () => {
    for (const email of ['not-an-address', '', 'a@b', `${'x'.repeat(250)}@example.com`]) {
      const response = await createPending(email);
      expect(response.status).toBe(400);
      expect(response.json.error).toBe('validation_failed');
    }
  });

  it('answers a wrong code with the spec message, and voids the code at the fifth wrong try', async () => {
    const email = 'five.tries@example.com';
    await createPending(email);
    const code = await latestCode(email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await validate(email, wrongCode(code));
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'invalid_code', message: 'Invalid code, please try again.' });
    }
    expect((await validate(email, code)).status).toBe(200);
    // The fifth wrong try uses the code up, and says that only a new code helps now.
    const fifth = await validate(email, wrongCode(code));
    expect(fifth.status).toBe(400);
    expect(fifth.json).toEqual({
      error: 'code_expired',
      message: 'This code no longer works. Please ask for a new one.',
    });
    expect((await validate(email, code)).json.error).toBe('code_expired');
    expect((await finalize(email, code, 'a brand new secret')).json.error).toBe('code_expired');
  });

  it('lets a code expire after five minutes', async () => {
    const email = 'slow.reader@example.com';
    await createPending(email);
    const code = await latestCode(email);
    later(5 * 60 + 1);
    expect((await validate(email, code)).json.error).toBe('code_expired');
    expect((await finalize(email, code, 'a brand new secret')).json.error).toBe('code_expired');
  });

  it('voids the old code on resend and on signing up again', async () => {
    const email = 'resender@example.com';
    await createPending(email);
    const first = await latestCode(email);
    later(31);
    const resent = await portal.request('/api/account/resend-email-verification-code', {
      json: { email },
      address: client(),
    });
    expect(resent.status).toBe(200);
    const second = await latestCode(email);
    expect((await validate(email, first)).status).toBe(first === second ? 200 : 400);
    expect((await validate(email, second)).status).toBe(200);

    later(31);
    await createPending(email);
    const third = await latestCode(email);
    if (third !== second) expect((await validate(email, second)).status).toBe(400);
    expect((await validate(email, third)).status).toBe(200);
  });

  it('uses a code once: a second finalize is refused', async () => {
    const email = 'once@example.com';
    await createPending(email);
    const code = await latestCode(email);
    expect((await finalize(email, code, 'a brand new secret')).status).toBe(201);
    expect((await finalize(email, code, 'another new secret')).json.error).toBe('code_expired');
    const accounts = await portal.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
  });

  it('refuses a short password and changes nothing', async () => {
    const email = 'short.password@example.com';
    await createPending(email);
    const code = await latestCode(email);
    const response = await finalize(email, code, 'short');
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('Please use at least 8 characters.');
    expect(await portal.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await validate(email, code)).status).toBe(200);
  });

  it('refuses one of the most common passwords, in any case, without spending the code', async () => {
    const email = 'common.password@example.com';
    await createPending(email);
    const code = await latestCode(email);
    const response = await finalize(email, code, 'PassWord1');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'password_too_common',
      message: 'This password is one of the most common ones. Please choose another.',
    });
    expect(await portal.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await finalize(email, code, 'a brand new secret')).status).toBe(201);
  });

  it('refuses a resend for an address with no pending account', async () => {
    const response = await portal.request('/api/account/resend-email-verification-code', {
      json: { email: 'nobody@example.com' },
      address: client(),
    });
    expect(response.status).toBe(404);
  });

  it('limits codes per address: one every 30 seconds', async () => {
    const email = 'impatient@example.com';
    expect((await createPending(email)).status).toBe(200);
    const again = await createPending(email);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    later(accountCreationLimits.codeCooldown.windowSeconds);
    expect((await createPending(email)).status).toBe(200);
  });

  it('limits code checks per client, and not the next client', async () => {
    const guesser = '198.51.100.99';
    const email = 'guessed@example.com';
    await createPending(email);
    const code = await latestCode(email);
    for (let index = 0; index < accountCreationLimits.checksPerClient.limit; index += 1) {
      await validate(email, '000000', guesser);
    }
    expect((await validate(email, code, guesser)).status).toBe(429);
    expect((await validate('someone.else@example.com', '123456', '198.51.100.100')).status).toBe(400);
  });
});
