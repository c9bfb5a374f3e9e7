// @vitest-environment node
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountUser } from '../../contract/account';
import { api } from '../../contract/api';
import { NetStats } from '../../contract/stats';
import { Team } from '../../contract/teams';
import { demoAccounts, demoPassword, seedDemoAccounts } from '../../server/db/seed-demo';
import type { Person } from './billing-fixtures';
import { reportedUsage } from './device-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { castWithTeam, newPerson, type TeamCast } from './team-fixtures';

/**
 * One definition of data used (issue 27): the account read, the team's members table and the
 * reports count what the VPN servers reported for a person's devices, over the same period.
 */

const gib = 1024 ** 3;
const day = 24 * 3600 * 1000;

let portal: TestPortal;
let cast: TeamCast;

beforeAll(async () => {
  portal = await startTestPortal();
  cast = await castWithTeam(portal, 'data-used');
});
afterAll(() => portal.close());

async function accountOf(who: Pick<Person, 'cookie'>) {
  const response = await portal.request(api.accountUser, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return v.parse(AccountUser, response.json);
}

async function teamOf(who: Pick<Person, 'cookie'>, referenceId: string) {
  const response = await portal.request(api.subscriptionTeam(referenceId), { cookie: who.cookie });
  expect(response.status).toBe(200);
  return v.parse(Team, response.json);
}

/** The bytes a report over [from, to) shows, summed over its buckets. */
async function reportedBytes(who: Pick<Person, 'cookie'>, path: string, from: string, to: string) {
  const response = await portal.request(`${path}?${new URLSearchParams({ from, to })}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return v.parse(NetStats, response.json).rows.reduce((sum, [, rx, tx]) => sum + Number(rx) + Number(tx), 0);
}

describe('data used', () => {
  it('is what the devices reported in the subscription’s current period, the same on the account page, the members table and the report', async () => {
    const { currentPeriodStart, currentPeriodEnd } = cast.subscription;
    if (!currentPeriodStart || !currentPeriodEnd) throw new Error('the team subscription has a period');
    await reportedUsage(portal, cast.teamUser.id, 2 * gib, new Date(portal.clock.current.getTime() - 2 * day));
    // A minute ago: the report's range ends now, and the hour that starts now is not in it.
    await reportedUsage(portal, cast.teamUser.id, gib / 2, new Date(portal.clock.current.getTime() - 60_000));
    // Before the period began: another period's use.
    await reportedUsage(portal, cast.teamUser.id, 40 * gib, new Date(currentPeriodStart.getTime() - 3 * day));

    const account = await accountOf(cast.teamUser);
    expect(account.usedDataGB).toBeCloseTo(2.5, 6);
    expect(account.usagePeriod).toEqual({
      referenceId: cast.referenceId,
      title: 'Teams, monthly',
      startsAt: currentPeriodStart.toISOString(),
      endsAt: currentPeriodEnd.toISOString(),
    });

    const team = await teamOf(cast.owner, cast.referenceId);
    expect(team.usagePeriod).toEqual({
      startsAt: currentPeriodStart.toISOString(),
      endsAt: currentPeriodEnd.toISOString(),
    });
    const member = team.teamMembers.find((candidate) => candidate.userid === cast.teamUser.id);
    expect(member?.usageBytesThisPeriod).toBe(2.5 * gib);

    const now = portal.clock.current.toISOString();
    expect(await reportedBytes(cast.teamUser, api.individualNetStats, currentPeriodStart.toISOString(), now)).toBe(
      2.5 * gib,
    );
  });

  it('counts the calendar month for an account with no subscription, and says so', async () => {
    const loner = await newPerson(portal, 'data-used.loner@example.test');
    const now = portal.clock.current;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await reportedUsage(portal, loner.id, gib, now);
    await reportedUsage(portal, loner.id, 7 * gib, new Date(monthStart.getTime() - day));
    const account = await accountOf(loner);
    expect(account.usedDataGB).toBeCloseTo(1, 6);
    expect(account.usagePeriod).toEqual({
      referenceId: null,
      title: null,
      startsAt: monthStart.toISOString(),
      endsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
  });

  it('gives the demo team user one figure on the account page, in the owner’s members table and in the report', async () => {
    const demo = await startTestPortal();
    try {
      await seedDemoAccounts(demo.db, () => demo.clock.current);
      const user = { cookie: await demo.signIn(demoAccounts.teamUser, demoPassword) };
      const owner = { cookie: await demo.signIn(demoAccounts.teamOwner, demoPassword) };
      const account = v.parse(AccountUser, (await demo.request(api.accountUser, { cookie: user.cookie })).json);
      const { referenceId, startsAt } = account.usagePeriod;
      if (!referenceId) throw new Error('the demo team user counts the team subscription’s period');
      const team = v.parse(
        Team,
        (await demo.request(api.subscriptionTeam(referenceId), { cookie: owner.cookie })).json,
      );
      const inTable = team.teamMembers.find((member) => member.email === demoAccounts.teamUser)?.usageBytesThisPeriod;
      const query = new URLSearchParams({ from: startsAt, to: demo.clock.current.toISOString() });
      const report = v.parse(
        NetStats,
        (await demo.request(`${api.individualNetStats}?${query}`, { cookie: user.cookie })).json,
      );
      const inReport = report.rows.reduce((sum, [, rx, tx]) => sum + Number(rx) + Number(tx), 0);
      expect(account.usedDataGB).toBeGreaterThan(0);
      expect(inTable).toBe(Math.round(account.usedDataGB * gib));
      expect(inReport).toBe(inTable);
    } finally {
      await demo.close();
    }
  });
});
