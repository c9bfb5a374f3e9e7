import type { AccountUser, Subscription } from '../../contract/account';
import type { SessionClaims } from '../../contract/auth';
import type { UpgradeOption } from '../../contract/subscriptions';

/** Contract-shaped sample data for tests of the browser's layers. */

export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    referenceId: 'ref-1',
    type: 'others',
    active: true,
    productName: 'Bonding Personal',
    planCode: 'personal-monthly',
    quantity: 1,
    renewalQuantity: null,
    ownerEmail: 'owner@example.com',
    blackfriday24Eligible: false,
    upgradeDetails: { upgradeOptions: [] },
    title: 'Personal, monthly',
    state: 'active',
    cancelable: true,
    currentPeriodEndsAt: '2026-12-22T12:00:00.000Z',
    priceCents: 999,
    currency: 'USD',
    durationMonths: 1,
    minSeats: 1,
    maxSeats: 1,
    seatsInUse: null,
    team: null,
    ...overrides,
  };
}

export function anUpgradeOption(overrides: Partial<UpgradeOption> = {}): UpgradeOption {
  return {
    hash: 'offer-1',
    planCode: 'personal-yearly',
    productName: 'Bonding Personal',
    title: 'Personal, yearly',
    type: 'others',
    priceCents: 9999,
    discountPriceCents: null,
    currency: 'USD',
    durationMonths: 12,
    cancelable: true,
    maxSeats: 1,
    ...overrides,
  };
}

export function anAccount(user: { sub: string; email: string }, subscriptions: Subscription[]): AccountUser {
  return {
    success: true,
    userid: user.sub,
    email: user.email,
    title: null,
    licenses: subscriptions.length,
    activeDevices: [],
    servers: [],
    availableDeviceLimit: 5,
    recurlyAccountCode: null,
    subscriptions,
    freeLicenseDataGB: 0,
    usedDataGB: 0,
    usagePeriod: {
      referenceId: subscriptions[0]?.referenceId ?? null,
      title: subscriptions[0]?.title ?? null,
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
    },
  };
}

export function someClaims(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    sub: 'owner-id',
    email: 'owner@example.com',
    phone: null,
    accountCreated: '2026-11-22T11:58:00.000Z',
    iat: 1,
    role: 'user',
    idp: 'password',
    ...overrides,
  };
}

/** A teams subscription of 5 seats at $10.00 a seat a month, 3 in use, in the team Northwind. */
export function aTeamsSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    referenceId: 'teams-1',
    type: 'teams',
    productName: 'Bonding Teams',
    planCode: 'teams-monthly',
    title: 'Teams, monthly',
    quantity: 5,
    priceCents: 1000,
    minSeats: 2,
    maxSeats: 500,
    seatsInUse: 3,
    team: { teamId: 7, name: 'Northwind', role: 'admin' },
    ...overrides,
  });
}
