// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEvent } from './billing-support';
import { publicOrigin, startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
const email = 'lee@example.com';
const password = 'another fine secret';

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.createUser(email, password);
});
afterAll(() => portal.close());

const login = { email, password };

describe('cross-site request forgery', () => {
  it('refuses a mutation without an Origin', async () => {
    const response = await portal.request('/api/auth/login', { json: login, origin: null });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      error: 'cross_origin_refused',
      message: 'This request must come from the portal itself.',
    });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a mutation from a foreign Origin', async () => {
    const response = await portal.request('/api/auth/login', { json: login, origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.json.error).toBe('cross_origin_refused');
  });

  it('refuses what the browser says is cross-site, whatever the Origin', async () => {
    const response = await portal.request('/api/auth/login', {
      json: login,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
  });

  it('accepts what the browser says is same-origin', async () => {
    const response = await portal.request('/api/auth/login', {
      json: login,
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a cross-site sign-out, which would otherwise end a session', async () => {
    const cookie = await portal.signIn(email, password);
    const response = await portal.request('/api/auth/logout', {
      method: 'POST',
      cookie,
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect((await portal.request('/api/account/user', { cookie })).status).toBe(200);
  });

  it('lets reads through without an Origin', async () => {
    expect((await portal.request('/api/health')).status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await portal.request('/api/auth/login', {
      body: '{"email": "lee@example.com", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'malformed_json', message: 'The request body is not valid JSON.' });
  });

  it('answers an oversized body with 413 before reading it', async () => {
    const response = await portal.request('/api/auth/login', { json: { email, password: 'x'.repeat(70 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.json.error).toBe('payload_too_large');
  });

  it('answers a form post with 415', async () => {
    const response = await portal.request('/api/auth/login', {
      body: `email=${email}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.json.error).toBe('unsupported_media_type');
  });

  it('answers a JSON value that is not an object with a validation error', async () => {
    const response = await portal.request('/api/auth/login', { json: ['lee@example.com', 'x'] });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe('validation_failed');
  });
});

describe('every response', () => {
  it('carries the security headers', async () => {
    const response = await portal.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const response = await portal.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'not_found', message: 'Not found.' });
  });

  it('reports the database in the health check', async () => {
    const response = await portal.request('/api/health');
    expect(response.json).toEqual({ status: 'ok', database: 'ok' });
  });

  it('uses the configured public origin', () => {
    expect(portal.env.publicOrigin).toBe(publicOrigin);
  });
});

describe('the NUL character (U+0000), which PostgreSQL stores in no text (found by npm run scan)', () => {
  const nulRefused = { error: 'validation_failed', message: 'Text may not contain the NUL character (U+0000).' };
  const unhandled = () => portal.logLines.filter((line) => line.includes('unhandled error'));

  it('is refused with 400 in a path, a query or a JSON body, before any query fails on it', async () => {
    const before = unhandled().length;
    const cookie = await portal.signIn(email, password);
    const answers = await Promise.all([
      portal.request('/api/billing?referenceId=%2Fe%00', { cookie }),
      portal.request('/api/subscription/demo%00/team', { cookie }),
      portal.request('/api/auth/login', { json: { email: 'lee\u0000@example.com', password } }),
      portal.request('/api/teams/rename', { method: 'PUT', json: { teamName: 'Night\u0000shift' }, cookie }),
      portal.request('/api/auth/login', { json: { email, password, 'note\u0000': 1 } }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual(nulRefused);
    }
    expect(unhandled()).toHaveLength(before);
  });

  it('is answered 400, not 500, where it reaches PostgreSQL another way (a signed billing event)', async () => {
    const before = unhandled().length;
    const response = await sendEvent(portal, {
      id: `evt-\u0000-${crypto.randomUUID()}`,
      type: 'subscription.created',
      data: { referenceId: `sub-${crypto.randomUUID()}`, accountEmail: email, planCode: 'personal-monthly' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual(nulRefused);
    expect(unhandled()).toHaveLength(before);
  });
});
