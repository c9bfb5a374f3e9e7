// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetLimits as passwordLimits } from '../../contract/password';
import { outbox, passwordResetTokens } from '../../server/db/schema';
import { clientAddresses, startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
const client = clientAddresses();

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

const forgot = (email: string, from = client()) =>
  portal.request('/api/password/forgot', { json: { email }, address: from });
const reset = (token: string, password: string) => portal.request('/api/password/reset', { json: { token, password } });

/** The reset link of the newest mail to an address, as the person would click it. */
async function resetTokenMailedTo(email: string): Promise<string> {
  return vi.waitFor(async () => {
    const mail = await portal.newestMailTo(email);
    const token = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1];
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return token;
  });
}

describe('forgot password', () => {
  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    await portal.createUser('known@example.com', 'the old password');
    const known = await forgot('known@example.com');
    const unknown = await forgot('unknown@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    expect(known.json.message).toContain('If this address is on record');
    await resetTokenMailedTo('known@example.com');
    expect(await portal.db.select().from(outbox).where(eq(outbox.toAddress, 'unknown@example.com'))).toEqual([]);
  });

  it('stores the token hashed and keeps it out of the log', async () => {
    await portal.createUser('hashed@example.com', 'the old password');
    await forgot('hashed@example.com');
    const token = await resetTokenMailedTo('hashed@example.com');
    const rows = await portal.db.select().from(passwordResetTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(portal.logLines.join('')).not.toContain(token);
  });

  it('limits requests per client with 429, and mails per address silently', async () => {
    const from = '198.51.100.50';
    for (let index = 0; index < passwordLimits.resetRequestsPerClient.limit; index += 1) {
      expect((await forgot(`someone${index}@example.com`, from)).status).toBe(202);
    }
    expect((await forgot('one.more@example.com', from)).status).toBe(429);
  });
});

/** The "your password was changed" mails to an address. */
async function noticesTo(email: string) {
  const mails = await portal.db.select().from(outbox).where(eq(outbox.toAddress, email));
  return mails.filter((mail) => mail.subject === 'Your Bondline password was changed');
}

describe('reset password', () => {
  it('sets the new password once, signs out every session, and refuses the used link', async () => {
    await portal.createUser('resetter@example.com', 'the old password');
    const session = await portal.signIn('resetter@example.com', 'the old password');
    await forgot('resetter@example.com');
    const token = await resetTokenMailedTo('resetter@example.com');

    expect((await portal.request(`/api/password/reset/${token}`)).json).toEqual({ valid: true, linkedProviders: [] });
    expect((await reset(token, 'a fresh password')).status).toBe(200);
    expect((await portal.request('/api/account/user', { cookie: session })).status).toBe(401);
    await portal.signIn('resetter@example.com', 'a fresh password');

    const reused = await reset(token, 'yet another password');
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({
      error: 'invalid_reset_token',
      message: 'Password reset link is invalid. Please request a new one.',
    });
    expect((await portal.request(`/api/password/reset/${token}`)).json).toEqual({ valid: false, linkedProviders: [] });
  });

  it('refuses an expired link after one hour', async () => {
    await portal.createUser('late@example.com', 'the old password');
    await forgot('late@example.com');
    const token = await resetTokenMailedTo('late@example.com');
    const started = portal.clock.current;
    portal.clock.current = new Date(started.getTime() + 3600 * 1000 + 1000);
    try {
      expect((await reset(token, 'a fresh password')).status).toBe(400);
    } finally {
      portal.clock.current = started;
    }
    await portal.signIn('late@example.com', 'the old password');
  });

  it('refuses an unknown or malformed link, and a short password, changing nothing', async () => {
    expect((await reset('x'.repeat(43), 'a fresh password')).status).toBe(400);
    expect((await reset('short', 'a fresh password')).json.error).toBe('validation_failed');
    expect((await portal.request('/api/password/reset/nonsense')).json).toEqual({ valid: false, linkedProviders: [] });
    await portal.createUser('picky@example.com', 'the old password');
    await forgot('picky@example.com');
    const token = await resetTokenMailedTo('picky@example.com');
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.json.message).toContain('Please use at least 8 characters.');
    expect((await portal.request(`/api/password/reset/${token}`)).json).toEqual({ valid: true, linkedProviders: [] });
  });
});

describe('change password (PUT /api/password)', () => {
  it('refuses a wrong current password with 403 and the spec message', async () => {
    await portal.createUser('changer@example.com', 'the old password');
    const cookie = await portal.signIn('changer@example.com', 'the old password');
    const response = await portal.request('/api/password', {
      method: 'PUT',
      cookie,
      json: { currentPassword: 'not it', newPassword: 'a fresh password' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      error: 'current_password_incorrect',
      message: 'Current password is incorrect. Not changing password.',
    });
    await portal.signIn('changer@example.com', 'the old password');
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    await portal.createUser('mover@example.com', 'the old password');
    const here = await portal.signIn('mover@example.com', 'the old password');
    const elsewhere = await portal.signIn('mover@example.com', 'the old password');
    const response = await portal.request('/api/password', {
      method: 'PUT',
      cookie: here,
      json: { currentPassword: 'the old password', newPassword: 'a fresh password' },
    });
    expect(response.status).toBe(200);
    expect((await portal.request('/api/account/user', { cookie: here })).status).toBe(200);
    expect((await portal.request('/api/account/user', { cookie: elsewhere })).status).toBe(401);
    await portal.signIn('mover@example.com', 'a fresh password');
  });

  it('voids every other reset link of the account and tells its owner by mail, after a change or a reset', async () => {
    await portal.createUser('watched@example.com', 'the old password');
    const here = await portal.signIn('watched@example.com', 'the old password');
    // A link asked for earlier (perhaps by someone who can read the mailbox for a while)…
    await forgot('watched@example.com');
    const earlier = await resetTokenMailedTo('watched@example.com');
    const changed = await portal.request('/api/password', {
      method: 'PUT',
      cookie: here,
      json: { currentPassword: 'the old password', newPassword: 'a fresh password' },
    });
    expect(changed.status).toBe(200);
    // …no longer undoes the change.
    expect((await portal.request(`/api/password/reset/${earlier}`)).json).toEqual({
      valid: false,
      linkedProviders: [],
    });
    const notices = await noticesTo('watched@example.com');
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice?.textBody).toContain('every other device and browser was signed out');
    expect(notice?.textBody).toContain(`${portal.env.publicOrigin}/password/forgot`);

    // A reset does the same: of two links, the one used voids the other. (The clock moves a second
    // before each, so the newest mail is the newest link.)
    const aSecondLater = () => {
      portal.clock.current = new Date(portal.clock.current.getTime() + 1000);
    };
    aSecondLater();
    await forgot('watched@example.com');
    const first = await resetTokenMailedTo('watched@example.com');
    aSecondLater();
    await forgot('watched@example.com');
    const second = await resetTokenMailedTo('watched@example.com');
    expect(second).not.toBe(first);
    expect((await reset(second, 'another fresh password')).status).toBe(200);
    expect((await portal.request(`/api/password/reset/${first}`)).json).toEqual({ valid: false, linkedProviders: [] });
    expect(await noticesTo('watched@example.com')).toHaveLength(2);
  });

  it('refuses a common new password on change and on reset, changing nothing', async () => {
    await portal.createUser('common@example.com', 'the old password');
    const session = await portal.signIn('common@example.com', 'the old password');
    const change = await portal.request('/api/password', {
      method: 'PUT',
      cookie: session,
      json: { currentPassword: 'the old password', newPassword: 'iloveyou' },
    });
    expect(change.status).toBe(400);
    expect(change.json.error).toBe('password_too_common');

    await forgot('common@example.com');
    const token = await resetTokenMailedTo('common@example.com');
    expect((await reset(token, 'qwertyuiop')).json.error).toBe('password_too_common');
    expect((await portal.request(`/api/password/reset/${token}`)).json).toEqual({ valid: true, linkedProviders: [] });
    await portal.signIn('common@example.com', 'the old password');
  });

  it('needs a session and a same-origin request', async () => {
    const body = { currentPassword: 'a', newPassword: 'a fresh password' };
    expect((await portal.request('/api/password', { method: 'PUT', json: body })).status).toBe(401);
    expect(
      (await portal.request('/api/password', { method: 'PUT', json: body, origin: 'https://evil.example' })).status,
    ).toBe(403);
  });
});
