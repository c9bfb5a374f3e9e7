// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { cookieFrom, startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
const email = 'cache@example.com';
const password = 'a secret nobody keeps';

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.createUser(email, password);
});
afterAll(() => portal.close());

describe('Cache-Control of API answers', () => {
  it('is no-store on an answer with someone’s data', async () => {
    const signedIn = await portal.request(api.login, { json: { email, password } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const user = await portal.request(api.accountUser, { cookie: cookieFrom(signedIn.headers) });
    expect(user.status).toBe(200);
    expect(user.headers.get('cache-control')).toBe('no-store');
  });

  it('is no-store on refusals, from a route or from the middleware before it', async () => {
    const unauthorized = await portal.request(api.accountUser);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('cache-control')).toBe('no-store');

    const unknown = await portal.request('/api/no-such-call');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('not_found');
    expect(unknown.headers.get('cache-control')).toBe('no-store');

    const crossSite = await portal.request(api.login, {
      json: { email, password },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('cache-control')).toBe('no-store');

    const tooLarge = await portal.request(api.login, { json: { email, password: 'x'.repeat(100_000) } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('cache-control')).toBe('no-store');
  });

  it('is what a route that may be kept says: the pricing, and the public keys outside /api', async () => {
    const pricing = await portal.request(api.pricing);
    expect(pricing.status).toBe(200);
    expect(pricing.headers.get('cache-control')).toBe('public, max-age=300');

    const jwks = await portal.request(api.jwks);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
  });
});
