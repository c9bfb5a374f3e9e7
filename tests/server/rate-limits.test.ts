// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { signInLimits } from '../../server/services/sign-in';
import { startTestPortal, type TestPortal } from './support';

let portal: TestPortal;
const password = 'the right password';

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.createUser('target@example.com', password);
  await portal.createUser('bystander@example.com', password);
});
afterAll(() => portal.close());

const attempt = (email: string, candidate: string, address: string) =>
  portal.request('/api/auth/login', { json: { email, password: candidate }, address });

describe('sign-in rate limits', () => {
  it('stop guessing one account after five failures, even from many addresses', async () => {
    for (let index = 0; index < signInLimits.perAccount.limit; index += 1) {
      expect((await attempt('target@example.com', `guess-${index}`, `192.0.2.${index}`)).status).toBe(401);
    }
    const blocked = await attempt('target@example.com', password, '192.0.2.200');
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('set-cookie')).toBeNull();

    // Another account is not affected by the attack on this one.
    expect((await attempt('bystander@example.com', password, '192.0.2.201')).status).toBe(200);
  });

  it('let the account in again when the window has passed', async () => {
    const started = portal.clock.current;
    portal.clock.current = new Date(started.getTime() + signInLimits.perAccount.windowSeconds * 1000);
    try {
      expect((await attempt('target@example.com', password, '192.0.2.202')).status).toBe(200);
    } finally {
      portal.clock.current = started;
    }
  });

  it('stop one address trying many accounts, and not its neighbours', async () => {
    const attacker = '198.51.100.66';
    for (let index = 0; index < signInLimits.perAddress.limit; index += 1) {
      expect((await attempt(`someone-${index}@example.com`, 'whatever', attacker)).status).toBe(401);
    }
    expect((await attempt('bystander@example.com', password, attacker)).status).toBe(429);
    expect((await attempt('bystander@example.com', password, '198.51.100.67')).status).toBe(200);
  });

  it('keep the counters in the database, where every process sees them', async () => {
    const rows = await portal.db.select().from(rateLimits);
    expect(rows.some((row) => row.key === `${signInLimits.perAccount.name}:target@example.com` && row.count >= 5)).toBe(
      true,
    );
  });
});
