// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federatedSignIns } from '../../server/db/schema';
import { allowedRedirect } from '../../server/services/federated-sign-in/federated-sign-in';
import { otherHostRedirects } from '../support/redirect-cases';
import { startPortalWithProvider, startSignIn } from './federated-sign-in-fixtures';
import { clientAddresses, publicOrigin, type TestPortal } from './support';

const origins = { publicOrigin, orderSiteOrigin: 'https://order.bondline.example' };

const otherHostPaths = otherHostRedirects(publicOrigin);

describe('the server’s redirect allow-list', () => {
  it('leads a path that reads as another host’s to the dashboard', () => {
    for (const redirect of otherHostPaths) {
      expect([redirect, allowedRedirect(redirect, origins)]).toEqual([redirect, '/account']);
    }
  });

  it('keeps the portal’s own paths, slashes and encodings after the first segment included', () => {
    expect(allowedRedirect('/activate?next=//x#//', origins)).toBe('/activate?next=//x#//');
    expect(allowedRedirect('/files/%2F', origins)).toBe('/files/%2F');
    expect(allowedRedirect(`${publicOrigin}/billing`, origins)).toBe('/billing');
    expect(allowedRedirect('https://order.bondline.example/checkout', origins)).toBe(
      'https://order.bondline.example/checkout',
    );
  });
});

describe('a sign-in started with a redirect to another host through the portal’s own origin', () => {
  let portal: TestPortal;
  let stop: () => Promise<void>;
  const nextAddress = clientAddresses();

  beforeAll(async () => {
    ({ portal, close: stop } = await startPortalWithProvider());
  });
  afterAll(() => stop());

  it('keeps the dashboard as where it leads', async () => {
    for (const redirect of [`${publicOrigin}//evil.example/x`, '/.//evil.example', '/%2F/evil.example']) {
      const started = await startSignIn(portal, 'google', { redirect, address: nextAddress() });
      const state = new URL(started.authorizationUrl).searchParams.get('state') ?? '';
      const [row] = await portal.db.select().from(federatedSignIns).where(eq(federatedSignIns.state, state));
      expect([redirect, row?.redirect]).toEqual([redirect, '/account']);
    }
  });
});
