// @vitest-environment node
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { CreateApiKeyResponse } from '../../contract/teams';
import type { SecurityEventName } from '../../server/security-events';
import { signInLimits } from '../../server/services/sign-in';
import { createCast, insertCatalogue, insertSubscription } from './billing-fixtures';
import { signInThrough, startPortalWithProvider } from './federated-sign-in-fixtures';
import { clientAddresses, type TestPortal } from './support';

let portal: TestPortal;
let stop: () => Promise<void>;
const nextAddress = clientAddresses();

beforeAll(async () => {
  ({ portal, close: stop } = await startPortalWithProvider());
});
afterAll(() => stop());

type LogEntry = Record<string, unknown> & { security?: string; level: number };

/** The security events written while `act` ran, of one name. */
async function eventsDuring(name: SecurityEventName, act: () => Promise<unknown>): Promise<LogEntry[]> {
  const before = portal.logLines.length;
  await act();
  return portal.logLines
    .slice(before)
    .map((line) => JSON.parse(line) as LogEntry)
    .filter((entry) => entry.security === name);
}

const warn = 40;
const info = 30;

/** Whatever the log holds, none of these appear in it. */
function expectNotLogged(...secrets: string[]) {
  const log = portal.logLines.join('');
  for (const secret of secrets) expect(log).not.toContain(secret);
}

const signInWith = (email: string, password: string, address: string) =>
  portal.request('/api/auth/login', { json: { email, password }, address });

describe('password sign-in', () => {
  const email = 'signing.in@example.com';
  const password = 'the right password';

  it('logs a success with the account and the client address', async () => {
    const user = await portal.createUser(email, password);
    const address = nextAddress();
    const events = await eventsDuring('signIn.succeeded', async () => {
      expect((await signInWith(email, password, address)).status).toBe(200);
    });
    expect(events).toEqual([
      expect.objectContaining({ level: info, userId: user.id, clientAddress: address, via: 'password' }),
    ]);
  });

  it('logs a wrong password with the account and the reason, never the password typed', async () => {
    const user = await portal.createUser('wrong.password@example.com', password);
    const address = nextAddress();
    const events = await eventsDuring('signIn.failed', async () => {
      expect((await signInWith('wrong.password@example.com', 'a guessed password', address)).status).toBe(401);
    });
    expect(events).toEqual([
      expect.objectContaining({ level: warn, userId: user.id, clientAddress: address, reason: 'wrongPassword' }),
    ]);
    expectNotLogged('a guessed password');
  });

  it('logs an unknown account without any account and without the address typed', async () => {
    const address = nextAddress();
    const events = await eventsDuring('signIn.failed', async () => {
      expect((await signInWith('typed.by.mistake@example.com', 'hunter2 typed here', address)).status).toBe(401);
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ clientAddress: address, reason: 'unknownAccount' });
    expect(events[0]).not.toHaveProperty('userId');
    expectNotLogged('typed.by.mistake', 'hunter2 typed here');
  });

  it('logs the lockout when the account has had too many failures', async () => {
    const locked = 'locked.out@example.com';
    await portal.createUser(locked, password);
    for (let attempt = 0; attempt < signInLimits.perAccount.limit; attempt += 1) {
      expect((await signInWith(locked, `guess number ${attempt}`, nextAddress())).status).toBe(401);
    }
    const address = nextAddress();
    const events = await eventsDuring('signIn.lockedOut', async () => {
      expect((await signInWith(locked, password, address)).status).toBe(429);
    });
    expect(events).toEqual([
      expect.objectContaining({ level: warn, clientAddress: address, reason: 'tooManyFailures', via: 'password' }),
    ]);
    expectNotLogged(locked, 'guess number');
  });
});

describe('sign-in with a QR code', () => {
  it('logs the approver signed in at the waiting browser', async () => {
    const approver = await portal.createUser('approving@example.com', 'the approver password');
    const approverCookie = await portal.signIn('approving@example.com', 'the approver password', {
      address: nextAddress(),
    });
    const browserAddress = nextAddress();
    const asked = await portal.request(api.qrSignIn, { json: {}, address: browserAddress });
    expect(asked.status).toBe(201);
    const id = String(asked.json.id);
    const browserKey = /portal_qr_key=[^;]+/.exec(asked.headers.get('set-cookie') ?? '')?.[0];
    const approved = await portal.request(api.qrSignInApproval(id), {
      json: { number: Number(asked.json.matchNumber) },
      cookie: approverCookie,
    });
    expect(approved.status).toBe(200);

    const events = await eventsDuring('signIn.succeeded', async () => {
      const redeemed = await portal.request(api.qrSignInSession(id), {
        method: 'POST',
        cookie: browserKey,
        address: browserAddress,
      });
      expect(redeemed.status).toBe(200);
    });
    expect(events).toEqual([
      expect.objectContaining({ level: info, userId: approver.id, clientAddress: browserAddress, via: 'qr' }),
    ]);
  });
});

describe('passwords', () => {
  it('logs a wrong current password as a refusal and a change as a change', async () => {
    const user = await portal.createUser('changing@example.com', 'the first password');
    const address = nextAddress();
    const cookie = await portal.signIn('changing@example.com', 'the first password', { address });
    const change = (currentPassword: string) =>
      portal.request('/api/password', {
        method: 'PUT',
        json: { currentPassword, newPassword: 'the second password' },
        cookie,
        address,
      });

    const refused = await eventsDuring('access.refused', async () => {
      expect((await change('not the first password')).status).toBe(403);
    });
    expect(refused).toEqual([
      expect.objectContaining({
        level: warn,
        userId: user.id,
        clientAddress: address,
        reason: ErrorCode.currentPasswordIncorrect,
        method: 'PUT',
        route: '/api/password',
      }),
    ]);

    const changed = await eventsDuring('password.changed', async () => {
      expect((await change('the first password')).status).toBe(200);
    });
    expect(changed).toEqual([expect.objectContaining({ level: info, userId: user.id, clientAddress: address })]);
    expectNotLogged('the first password', 'not the first password', 'the second password');
  });

  it('logs a reset with the account and the client address, never the link', async () => {
    const resetting = await portal.createUser('resetting@example.com', 'the forgotten password');
    expect(
      (
        await portal.request('/api/password/forgot', {
          json: { email: 'resetting@example.com' },
          address: nextAddress(),
        })
      ).status,
    ).toBe(202);
    const token = await vi.waitFor(async () => {
      const mail = await portal.newestMailTo('resetting@example.com');
      const found = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1];
      if (!found) throw new Error('no reset link mailed');
      return found;
    });
    const address = nextAddress();
    const events = await eventsDuring('password.reset', async () => {
      const reset = await portal.request('/api/password/reset', {
        json: { token, password: 'a remembered password' },
        address,
      });
      expect(reset.status).toBe(200);
    });
    expect(events).toEqual([expect.objectContaining({ level: info, userId: resetting.id, clientAddress: address })]);
    expectNotLogged(token, 'a remembered password', 'the forgotten password');
  });
});

describe('the team API and owner-only calls', () => {
  let cast: Awaited<ReturnType<typeof createCast>>;
  let referenceId: string;

  beforeAll(async () => {
    await insertCatalogue(portal);
    cast = await createCast(portal, 'security-events');
    ({ referenceId } = await insertSubscription(portal, {
      ownerId: cast.owner.id,
      teamId: cast.teamId,
      planCode: 'teams-yearly',
      quantity: 10,
    }));
  });

  const callTeamApi = (headers: Record<string, string>, address: string) =>
    portal.request(api.teamApi, { headers, address });

  it('logs each refused key with its reason and its id, never the key', async () => {
    const created = await portal.request(api.apiKeys(referenceId), {
      json: { description: 'Office only', allowedIPs: ['203.0.113.0/24'] },
      cookie: cast.owner.cookie,
    });
    expect(created.status).toBe(201);
    const { apiKey, key } = v.parse(CreateApiKeyResponse, created.json);
    const unknownKey = `bnd_${'x'.repeat(43)}`;

    const events = await eventsDuring('apiKey.refused', async () => {
      expect((await callTeamApi({ 'x-api-key': apiKey }, '198.51.100.7')).status).toBe(403);
      expect((await callTeamApi({ 'x-api-key': unknownKey }, '198.51.100.8')).status).toBe(401);
      expect((await callTeamApi({}, '198.51.100.9')).status).toBe(401);
    });
    expect(events).toEqual([
      expect.objectContaining({
        level: warn,
        reason: 'addressNotAllowed',
        keyId: key.keyId,
        teamId: cast.teamId,
        clientAddress: '198.51.100.7',
        route: api.teamApi,
      }),
      expect.objectContaining({ reason: 'unknown', clientAddress: '198.51.100.8' }),
      expect.objectContaining({ reason: 'missing', clientAddress: '198.51.100.9' }),
    ]);
    expect(events[1]).not.toHaveProperty('keyId');
    expect((await callTeamApi({ 'x-api-key': apiKey }, '203.0.113.20')).status).toBe(200);
    expectNotLogged(apiKey, apiKey.slice(12), unknownKey);
  });

  it('logs an admin refused an owner-only change with the route pattern, never the concrete path', async () => {
    const address = nextAddress();
    const events = await eventsDuring('access.refused', async () => {
      const cancel = await portal.request(api.subscription(referenceId), {
        method: 'DELETE',
        cookie: cast.admin.cookie,
        address,
      });
      expect(cancel.status).toBe(403);
    });
    expect(events).toEqual([
      expect.objectContaining({
        level: warn,
        userId: cast.admin.id,
        clientAddress: address,
        reason: ErrorCode.forbidden,
        method: 'DELETE',
        route: expect.stringMatching(/^\/api\/subscription\/:[A-Za-z]+$/),
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(referenceId);
  });
});

describe('sign-in through a provider', () => {
  const linkedAddress = 'individual@demo.bondline.example';

  beforeAll(() => {
    // The provider stamps its tokens with the real time; the portal checks them against its clock
    // (the events before ran on the suite's calendar).
    portal.clock.current = new Date();
  });

  it('logs linking an identity to the account of its verified address, with the consent, and the sign-in', async () => {
    const user = await portal.createUser(linkedAddress, 'individual-password-1');
    const address = nextAddress();
    const waiting = await signInThrough(portal, 'google', linkedAddress, { address });
    const cookie = /portal_provider_link=[^;]*/.exec(waiting.headers.get('set-cookie') ?? '')?.[0];
    const before = portal.logLines.length;
    const linked = await eventsDuring('identity.linked', async () => {
      const consent = await portal.request(api.linkProviderWithPassword, {
        json: { password: 'individual-password-1' },
        cookie,
        address,
      });
      expect(consent.status).toBe(200);
    });
    expect(linked).toEqual([
      expect.objectContaining({
        level: info,
        userId: user.id,
        clientAddress: address,
        provider: 'google',
        reason: 'password',
      }),
    ]);
    const signedIn = portal.logLines
      .slice(before)
      .map((line) => JSON.parse(line) as LogEntry)
      .filter((entry) => entry.security === 'signIn.succeeded');
    expect(signedIn).toEqual([
      expect.objectContaining({ userId: user.id, clientAddress: address, via: 'provider', provider: 'google' }),
    ]);

    // Known by its subject from now on: signed in, nothing linked again.
    const again = await eventsDuring('identity.linked', async () => {
      expect((await signInThrough(portal, 'google', linkedAddress, { address })).status).toBe(200);
    });
    expect(again).toEqual([]);
  });

  it('logs the identity of a new account as linked to it', async () => {
    const address = nextAddress();
    const events = await eventsDuring('identity.linked', async () => {
      expect((await signInThrough(portal, 'google', 'new.person@example.com', { address })).status).toBe(200);
    });
    expect(events).toEqual([
      expect.objectContaining({ clientAddress: address, provider: 'google', reason: 'newAccount' }),
    ]);
    expect(events[0]?.userId).toEqual(expect.any(String));
  });

  it('logs a refused sign-in with its reason and no account', async () => {
    const address = nextAddress();
    const events = await eventsDuring('signIn.failed', async () => {
      expect((await signInThrough(portal, 'google', 'unproved.person@example.com', { address })).status).toBe(409);
    });
    expect(events).toEqual([
      expect.objectContaining({
        level: warn,
        clientAddress: address,
        via: 'provider',
        provider: 'google',
        reason: 'emailNotVerified',
      }),
    ]);
    expect(events[0]).not.toHaveProperty('userId');
  });
});

describe('every security event', () => {
  it('names no e-mail address', () => {
    const events = portal.logLines.filter((line) => (JSON.parse(line) as LogEntry).security !== undefined);
    for (const line of events) expect(line).not.toMatch(/@/);
  });
});
