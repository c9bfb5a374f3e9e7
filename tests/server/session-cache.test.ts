// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../server/services/session-cache';

const claims = {
  sub: 'user-1',
  email: 'one@example.com',
  phone: null,
  accountCreated: '2026-11-01T00:00:00.000Z',
  iat: 0,
  role: 'user',
  idp: 'password',
};
const entry = (sessionId: string, expiresAtMs = 10_000) => ({ sessionId, claims, expiresAtMs, lastActiveAtMs: 0 });

function listeningCache(maxEntries = 10) {
  const cache = createSessionCache({ maxEntries });
  cache.listening();
  return cache;
}

describe('the session cache', () => {
  it('keeps a verified session until it expires', () => {
    const cache = listeningCache();
    cache.keep('token-a', entry('a'), cache.mark());
    expect(cache.get('token-a', 9_999)?.sessionId).toBe('a');
    expect(cache.get('token-a', 10_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that a revocation overtook', () => {
    const cache = listeningCache();
    const mark = cache.mark();
    cache.forgetSession('some other session');
    cache.keep('token-a', entry('a'), mark);
    expect(cache.get('token-a', 0)).toBeUndefined();
  });

  it('keeps nothing while deaf, nor any read begun before it listened again', () => {
    const cache = listeningCache();
    cache.keep('token-a', entry('a'), cache.mark());
    cache.deaf();
    expect(cache.size).toBe(0);
    const markWhileDeaf = cache.mark();
    cache.keep('token-b', entry('b'), markWhileDeaf);
    expect(cache.size).toBe(0);
    cache.listening();
    cache.keep('token-b', entry('b'), markWhileDeaf);
    expect(cache.size).toBe(0);
    cache.keep('token-b', entry('b'), cache.mark());
    expect(cache.size).toBe(1);
  });

  it('forgets by session and by user', () => {
    const cache = listeningCache();
    cache.keep('token-a', entry('a'), cache.mark());
    cache.keep('token-b', entry('b'), cache.mark());
    cache.keep('token-c', { ...entry('c'), claims: { ...claims, sub: 'user-2' } }, cache.mark());
    cache.forgetSession('a');
    expect(cache.get('token-a', 0)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.forgetUser('user-1');
    expect(cache.size).toBe(1);
    expect(cache.get('token-c', 0)?.sessionId).toBe('c');
  });

  it('holds at most its bound, dropping the oldest first', () => {
    const cache = listeningCache(2);
    for (const name of ['a', 'b', 'c']) cache.keep(`token-${name}`, entry(name), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('token-a', 0)).toBeUndefined();
    expect(cache.get('token-c', 0)?.sessionId).toBe('c');
  });
});
