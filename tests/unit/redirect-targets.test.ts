import { describe, expect, it } from 'vitest';
import { redirectTargetFor } from '../../src/app/guards';

const origins = { own: 'https://portal.example', orderSite: 'https://order.example' };
const dashboard = { kind: 'internal', href: '/account' };

describe('the client’s sign-in redirect targets', () => {
  it('lead a path that reads as another host’s to the dashboard', () => {
    for (const redirect of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/%2F/evil.example',
      '/%2fevil.example',
      '/%5Cevil.example',
      '/%5c%5cevil.example',
      '%2F%2Fevil.example',
      'https://portal.example//evil.example/x',
      'https://portal.example/\\evil.example',
      'https://portal.example/%2F/evil.example',
      '/.//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      '  //evil.example',
    ]) {
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
