// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { cookieFrom, startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
const email = 'sam@example.com';
const password = 'correct horse battery';

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.createUser(email, password);
});
afterAll(() => portal.close());

describe('POST /api/auth/login', () => {
  it('signs in with the right password: claims in the body, the token in an HttpOnly cookie', async () => {
    const response = await portal.request('/api/auth/login', { json: { email: 'SAM@example.com ', password } });
    expect(response.status).toBe(200);
    const user = response.json.user as Record<string, unknown>;
    expect(user).toMatchObject({ email, phone: null, role: 'user', idp: 'password' });
    expect(typeof user.sub).toBe('string');
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^portal_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=43200/);
    // Outside production the cookie works on http://localhost; production adds Secure (below).
    expect(setCookie).not.toMatch(/Secure/);
  });

  it('gives one neutral answer for a wrong password and for an unknown e-mail', async () => {
    const wrongPassword = await portal.request('/api/auth/login', {
      json: { email, password: 'not it at all' },
      address: '203.0.113.1',
    });
    const unknownEmail = await portal.request('/api/auth/login', {
      json: { email: 'nobody@example.com', password: 'not it at all' },
      address: '203.0.113.1',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.json).toEqual(unknownEmail.json);
    expect(wrongPassword.json.error).toBe('invalid_credentials');
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();
  });

  it('compares the password exactly as typed', async () => {
    const response = await portal.request('/api/auth/login', {
      json: { email, password: ` ${password}` },
      address: '203.0.113.2',
    });
    expect(response.status).toBe(401);
  });

  it.each([
    [{ email: 'not-an-email', password }, 'The E-Mail address provided is invalid'],
    [{ email, password: '' }, 'Password is required'],
    [{ email }, 'password'],
    [{ email, password: 'x'.repeat(2000) }, 'password'],
  ])('refuses %j with a validation error', async (body, message) => {
    const response = await portal.request('/api/auth/login', { json: body });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe('validation_failed');
    expect(response.json.message).toContain(message);
  });

  it('never writes the password to the log', async () => {
    await portal.request('/api/auth/login', { json: { email, password } });
    await portal.request('/api/auth/login', {
      json: { email, password: 'a-wrong-secret-123' },
      address: '203.0.113.3',
    });
    const log = portal.logLines.join('');
    expect(log).toContain('/api/auth/login');
    expect(log).not.toContain(password);
    expect(log).not.toContain('a-wrong-secret-123');
    expect(log).not.toContain('portal_session=');
  });
});

describe('GET /api/user and POST /api/auth/logout', () => {
  it('answers the session claims, and nobody once signed out', async () => {
    const cookie = await portal.signIn(email, password);
    const me = await portal.request('/api/user', { cookie });
    expect(me.status).toBe(200);
    expect((me.json.user as { email: string }).email).toBe(email);

    const logout = await portal.request('/api/auth/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/portal_session=;.*Max-Age=0/);

    // The old token is still well signed but its session row is revoked: the check says nobody,
    // clears the dead cookie, and a page that needs a session refuses it.
    const after = await portal.request('/api/user', { cookie });
    expect(after.status).toBe(200);
    expect(after.json).toEqual({ user: null });
    expect(after.headers.get('set-cookie')).toMatch(/portal_session=;.*Max-Age=0/);
    const refused = await portal.request('/api/account/user', { cookie });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ error: 'unauthorized', message: 'You need to sign in.' });
  });

  it('revokes only the session that signed out', async () => {
    const first = await portal.signIn(email, password, { userAgent: 'first device' });
    const second = await portal.signIn(email, password);
    await portal.request('/api/auth/logout', { method: 'POST', cookie: first });
    expect((await portal.request('/api/user', { cookie: first })).json.user).toBeNull();
    expect((await portal.request('/api/user', { cookie: second })).json.user).toMatchObject({ email });
    const [firstSession] = await portal.db.select().from(sessions).where(eq(sessions.userAgent, 'first device'));
    expect(firstSession?.revokedAt).toBeInstanceOf(Date);
  });

  it('answers nobody without a cookie, sets none, and is never cached', async () => {
    const response = await portal.request('/api/user');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ user: null });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('production', () => {
  it('marks the session cookie Secure and __Host-, and reads only that name back', async () => {
    const production = await startTestPortal({ APP_ENV: 'production', BOT_CHECK: 'altcha' });
    try {
      await production.createUser(email, password);
      const response = await production.request('/api/auth/login', { json: { email, password } });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/Secure/);
      const cookie = cookieFrom(response.headers);
      expect(cookie).toMatch(/^__Host-portal_session=/);
      expect((await production.request('/api/account/user', { cookie })).status).toBe(200);
      // The bare name, which a sibling subdomain could set, is not read in production.
      const bare = cookie.replace('__Host-', '');
      expect((await production.request('/api/account/user', { cookie: bare })).status).toBe(401);
    } finally {
      await production.close();
    }
  });
});
