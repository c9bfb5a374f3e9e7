// @vitest-environment node
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { CreateApiKeyResponse, TeamMessage } from '../../contract/teams';
import { ConfigurationError, parseEnv } from '../../server/env';
import { forwardedClientAddress } from '../../server/http/middleware';
import { type Cast, createCast, insertCatalogue, insertSubscription } from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';

describe('TRUST_PROXY', () => {
  it('is the number of reverse proxies in front, none unless set', () => {
    expect(parseEnv({}).trustedProxies).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '0' }).trustedProxies).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
  });

  it('refuses true and false at start, asking for the number of proxies', () => {
    for (const value of ['true', 'false', 'yes', '-1', '1.5']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigurationError);
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be the number of reverse proxies in front of the portal, not true or false: 0 for none \(the default\), 1 behind one reverse proxy/,
      );
    }
  });
});

describe('the client address in X-Forwarded-For', () => {
  it('is the entry as many places from the right as there are proxies', () => {
    expect(forwardedClientAddress('203.0.113.9, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(forwardedClientAddress('203.0.113.9, 198.51.100.7', 2)).toBe('203.0.113.9');
    expect(forwardedClientAddress('192.0.2.1,203.0.113.9,198.51.100.7', 2)).toBe('203.0.113.9');
  });

  it('is normalised: one spelling per address', () => {
    expect(forwardedClientAddress('::ffff:203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedClientAddress('2001:DB8:0a1b:0000::0001', 1)).toBe('2001:db8:a1b::1');
  });

  it('is nothing (the socket’s address is used) when malformed, missing, or when no proxy is trusted', () => {
    expect(forwardedClientAddress('203.0.113.9, not-an-address', 1)).toBeNull();
    expect(forwardedClientAddress('203.0.113.9, ', 1)).toBeNull();
    expect(forwardedClientAddress('203.0.113.9:443', 1)).toBeNull();
    expect(forwardedClientAddress('127.1', 1)).toBeNull();
    expect(forwardedClientAddress('198.51.100.7', 2)).toBeNull();
    expect(forwardedClientAddress(undefined, 1)).toBeNull();
    expect(forwardedClientAddress('198.51.100.7', 0)).toBeNull();
  });
});

describe('an API key limited to some addresses, behind one proxy (TRUST_PROXY=1)', () => {
  let portal: TestPortal;
  let cast: Cast;
  let apiKey: string;

  beforeAll(async () => {
    portal = await startTestPortal({ TRUST_PROXY: '1' });
    await insertCatalogue(portal);
    cast = await createCast(portal, 'client-address');
    const subscription = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      teamId: cast.teamId,
      planCode: 'teams-yearly',
      quantity: 5,
    });
    const created = await portal.request(api.apiKeys(subscription.referenceId), {
      json: { description: 'Office only', allowedIPs: ['203.0.113.0/24'] },
      cookie: cast.owner.cookie,
    });
    expect(created.status).toBe(201);
    apiKey = v.parse(CreateApiKeyResponse, created.json).apiKey;
  });
  afterAll(() => portal.close());

  const callFrom = (forwardedFor: string) =>
    portal.request(api.teamApi, { address: forwardedFor, headers: { 'x-api-key': apiKey } });

  it('refuses a client that writes an allowed address in front of its own', async () => {
    const response = await callFrom('203.0.113.9, 198.51.100.7');
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ error: 'forbidden', message: TeamMessage.apiKeyAddressRefused });
  });

  it('accepts a client from an allowed address, whatever it wrote in front', async () => {
    expect((await callFrom('198.51.100.7, 203.0.113.9')).status).toBe(200);
    expect((await callFrom('203.0.113.9')).status).toBe(200);
    expect((await callFrom('::ffff:203.0.113.9')).status).toBe(200);
  });

  it('refuses when the proxy’s entry is not an address (the socket’s address stands)', async () => {
    expect((await callFrom('198.51.100.7, 203.0.113.9, garbage')).status).toBe(403);
  });
});
