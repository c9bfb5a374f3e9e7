// @vitest-environment node
import { base64url, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKeys } from '../../server/db/schema';
import { startTestPortal, type TestPortal, tokenFrom } from './support';

let portal: TestPortal;
const email = 'kim@example.com';
const password = 'a long enough secret';
let userId: string;

beforeAll(async () => {
  portal = await startTestPortal();
  userId = (await portal.createUser(email, password)).id;
});
afterAll(() => portal.close());

const withToken = (token: string) => `portal_session=${token}`;
// A page that needs a session: 200 with a live one, 401 otherwise.
const userStatus = async (token: string) =>
  (await portal.request('/api/account/user', { cookie: withToken(token) })).status;

function decodePart(part: string) {
  return JSON.parse(new TextDecoder().decode(base64url.decode(part)));
}

describe('session tokens', () => {
  it('carry the spec claims, jti and exp, and a kid that the key set publishes', async () => {
    const token = tokenFrom(await portal.signIn(email, password));
    const [header, payload] = token.split('.');
    expect(decodePart(header ?? '')).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decodePart(payload ?? '');
    expect(claims).toMatchObject({ sub: userId, email, phone: null, role: 'user', idp: 'password' });
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    expect(typeof claims.jti).toBe('string');
    expect(typeof claims.accountCreated).toBe('string');

    const jwks = await portal.request('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    const keys = jwks.json.keys as Array<Record<string, string>>;
    expect(keys.map((key) => key.kid)).toContain(decodePart(header ?? '').kid);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('refuse a token whose payload was changed', async () => {
    const token = tokenFrom(await portal.signIn(email, password));
    const [header, payload, signature] = token.split('.');
    const forged = { ...decodePart(payload ?? ''), role: 'admin' };
    const tampered = `${header}.${base64url.encode(JSON.stringify(forged))}.${signature}`;
    expect(await userStatus(tampered)).toBe(401);
  });

  it('refuse a token with a broken signature', async () => {
    const token = tokenFrom(await portal.signIn(email, password));
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(await userStatus(flipped)).toBe(401);
  });

  it('refuse an unsigned token (alg: none)', async () => {
    const token = tokenFrom(await portal.signIn(email, password));
    const claims = decodePart(token.split('.')[1] ?? '');
    const unsigned = new UnsecuredJWT(claims).encode();
    expect(await userStatus(unsigned)).toBe(401);
  });

  it('refuse a token signed with HS256 using the public key as the secret', async () => {
    const token = tokenFrom(await portal.signIn(email, password));
    const claims = decodePart(token.split('.')[1] ?? '');
    const jwks = await portal.request('/.well-known/jwks.json');
    const [publicKey] = jwks.json.keys as Array<Record<string, string>>;
    const secret = new TextEncoder().encode(JSON.stringify(publicKey));
    const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: publicKey?.kid }).sign(secret);
    expect(await userStatus(confused)).toBe(401);
  });

  it('refuse garbage', async () => {
    expect(await userStatus('not.a.token')).toBe(401);
    expect(await userStatus('')).toBe(401);
  });

  it('expire after the session lifetime', async () => {
    const token = tokenFrom(await portal.signIn(email, password));
    expect(await userStatus(token)).toBe(200);
    const started = portal.clock.current;
    portal.clock.current = new Date(started.getTime() + 12 * 3600 * 1000 + 1000);
    try {
      expect(await userStatus(token)).toBe(401);
    } finally {
      portal.clock.current = started;
    }
  });

  it('are refused once their session row is revoked, even though the signature is good', async () => {
    const cookie = await portal.signIn(email, password);
    await portal.request('/api/auth/logout', { method: 'POST', cookie });
    expect(await userStatus(tokenFrom(cookie))).toBe(401);
  });
});

describe('signing key rotation', () => {
  it('signs new sessions with a new key and still accepts the previous key', async () => {
    const rotating = await startTestPortal({
      SIGNING_KEY_ROTATION_DAYS: '30',
      SESSION_TTL_HOURS: '24',
      // The young session is used an hour after it began: this test is about keys, not idleness.
      SESSION_IDLE_MINUTES: '1440',
    });
    try {
      await rotating.createUser(email, password);
      const before = tokenFrom(await rotating.signIn(email, password));
      const oldKid = decodePart(before.split('.')[0] ?? '').kid;

      // 30 days and a minute later the key is due; sessions signed with it are not expired yet
      // only if they are young, so start one just before the rotation.
      rotating.clock.current = new Date(rotating.clock.current.getTime() + 30 * 86_400_000 - 3_600_000);
      const young = tokenFrom(await rotating.signIn(email, password));
      rotating.clock.current = new Date(rotating.clock.current.getTime() + 3_660_000);
      rotating.services.keys.invalidate();

      const after = tokenFrom(await rotating.signIn(email, password));
      const newKid = decodePart(after.split('.')[0] ?? '').kid;
      expect(newKid).not.toBe(oldKid);

      const published = (await rotating.request('/.well-known/jwks.json')).json.keys as Array<{ kid: string }>;
      expect(published.map((key) => key.kid).sort()).toEqual([oldKid, newKid].sort());
      expect((await rotating.request('/api/account/user', { cookie: withToken(young) })).status).toBe(200);
      expect((await rotating.request('/api/account/user', { cookie: withToken(after) })).status).toBe(200);
      expect(await rotating.db.select().from(signingKeys)).toHaveLength(2);
    } finally {
      await rotating.close();
    }
  });
});
