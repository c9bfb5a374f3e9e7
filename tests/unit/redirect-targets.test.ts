import { describe, expect, it } from 'vitest';
import { redirectTargetFor } from '../../src/app/guards';
import { otherHostRedirects } from '../support/redirect-cases';

const origins = { own: 'https://portal.example', orderSite: 'https://order.example' };
const dashboard = { kind: 'internal', href: '/account' };

describe('the client’s sign-in redirect targets', () => {
  it('lead a path that reads as another host’s to the dashboard', () => {
    for (const redirect of otherHostRedirects(origins.own)) {
      expect([redirect, redirectTargetFor(redirect, origins)]).toEqual([redirect, dashboard]);
    }
  });

  it('keep the portal’s own paths, slashes and encodings after the first segment included', () => {
    expect(redirectTargetFor('/activate?next=//x#//', origins)).toEqual({
      kind: 'internal',
      href: '/activate?next=//x#//',
    });
    expect(redirectTargetFor('/files/%2F', origins)).toEqual({ kind: 'internal', href: '/files/%2F' });
    expect(redirectTargetFor('https://order.example/checkout', origins)).toEqual({
      kind: 'external',
      href: 'https://order.example/checkout',
    });
  });
});
