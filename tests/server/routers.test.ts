// @vitest-environment node
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { RouterList, RouterMessage, TeamRouterResponse } from '../../contract/routers';
import { Team } from '../../contract/teams';
import { routerCoupons, teamRouters } from '../../server/db/schema';
import { demoAccounts, demoPassword, demoRouterCoupons, seedDemoAccounts } from '../../server/db/seed-demo';
import { createTeam, insertCatalogue, insertSubscription, type Person } from './billing-fixtures';
import { insertRouter } from './router-fixtures';
import { startTestPortal, type TestPortal, testDate, testIso } from './support';
import { castWithTeam, type TeamCast } from './team-fixtures';

let portal: TestPortal;
let cast: TeamCast;
const sub = { owner: '', admin: '', stranger: '', ownerExpired: '', ownerPersonal: '', ownerPromo: '' };

beforeAll(async () => {
  portal = await startTestPortal();
  await insertCatalogue(portal);
  cast = await castWithTeam(portal, 'routers');
  const router = (ownerId: string, fields: Partial<Parameters<typeof insertSubscription>[1]> = {}) =>
    insertSubscription(portal, { ownerId, planCode: 'router-lifetime', currentPeriodEnd: null, ...fields });
  const ownerRouter = await router(cast.owner.id);
  sub.owner = ownerRouter.referenceId;
  sub.admin = (await router(cast.admin.id)).referenceId;
  sub.stranger = (await router(cast.stranger.id)).referenceId;
  sub.ownerExpired = (await router(cast.owner.id, { state: 'expired' })).referenceId;
  sub.ownerPromo = (await router(cast.owner.id, { productName: 'Bonding Router Promo' })).referenceId;
  sub.ownerPersonal = (
    await insertSubscription(portal, { ownerId: cast.owner.id, planCode: 'personal-monthly' })
  ).referenceId;
  await insertRouter(portal, {
    ownerId: cast.owner.id,
    name: 'Studio uplink',
    vendor: 'strata',
    subscriptionId: ownerRouter.id,
    lastActiveAt: testDate('2026-11-21T08:00:00Z'),
  });
  await insertRouter(portal, { ownerId: cast.stranger.id, name: 'Stranger’s router' });
});
afterAll(() => portal.close());

const routerNames = async (who: Person) => {
  const response = await portal.request(api.routers, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return v.parse(RouterList, response.json).routers.map((router) => router.name);
};
const associate = (who: Person, routerReferenceId: string, teamId = cast.teamId) =>
  portal.request(api.associateTeamRouter, { method: 'PUT', json: { teamId, routerReferenceId }, cookie: who.cookie });
const dissociate = (who: Person, routerReferenceId: string, teamId = cast.teamId) =>
  portal.request(api.dissociateTeamRouter, {
    method: 'DELETE',
    json: { teamId, routerReferenceId },
    cookie: who.cookie,
  });
const associated = async (teamId = cast.teamId) =>
  (await portal.db.select().from(teamRouters).where(eq(teamRouters.teamId, teamId))).length;
const teamContexts = async (who: Person) => {
  const response = await portal.request(api.subscriptionTeam(cast.referenceId), { cookie: who.cookie });
  expect(response.status).toBe(200);
  return v.parse(Team, response.json).associatedRouterSubContexts;
};

describe('GET /api/account/routers', () => {
  it('shows the owner their routers with role, state, last active time and subscription', async () => {
    const response = await portal.request(api.routers, { cookie: cast.owner.cookie });
    expect(response.status).toBe(200);
    expect(v.parse(RouterList, response.json).routers).toEqual([
      expect.objectContaining({
        name: 'Studio uplink',
        vendor: 'strata',
        role: 'client',
        state: 'online',
        lastActiveTime: testIso('2026-11-21T08:00:00.000Z'),
        subscription: {
          referenceId: sub.owner,
          productName: 'Bonding Router',
          planCode: 'router-lifetime',
          state: 'active',
        },
        team: null,
        isOwner: true,
      }),
    ]);
  });

  it('shows nobody else another person’s routers, until they serve a team the person belongs to', async () => {
    expect(await routerNames(cast.stranger)).toEqual(['Stranger’s router']);
    expect(await routerNames(cast.teamUser)).toEqual([]);
    expect(await routerNames(cast.admin)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await portal.request(api.routers)).status).toBe(401);
  });
});

describe('team routers', () => {
  it('refuses a team user (403) and a stranger (404), and changes nothing', async () => {
    const byUser = await associate(cast.teamUser, sub.owner);
    expect(byUser.status).toBe(403);
    expect(byUser.json.error).toBe(ErrorCode.forbidden);
    const byStranger = await associate(cast.stranger, sub.stranger);
    expect(byStranger.status).toBe(404);
    expect((await associate(cast.owner, sub.owner, 999_999)).status).toBe(404);
    expect(await associated()).toBe(0);
  });

  it('lets the owner associate their router subscription; the team lists it, its members see the router', async () => {
    const response = await associate(cast.owner, sub.owner);
    expect(response.status).toBe(200);
    expect(v.parse(TeamRouterResponse, response.json)).toEqual({
      teamId: cast.teamId,
      associatedRouterSubContexts: [{ routerReferenceId: sub.owner }],
    });
    // Again: already there, nothing changes.
    expect((await associate(cast.owner, sub.owner)).status).toBe(200);
    expect(await teamContexts(cast.owner)).toEqual([{ routerReferenceId: sub.owner }]);
    expect(await teamContexts(cast.admin)).toEqual([{ routerReferenceId: sub.owner }]);

    const list = await portal.request(api.routers, { cookie: cast.teamUser.cookie });
    expect(v.parse(RouterList, list.json).routers).toEqual([
      expect.objectContaining({
        name: 'Studio uplink',
        isOwner: false,
        team: { teamId: cast.teamId, name: 'Test team' },
      }),
    ]);
    expect(await routerNames(cast.stranger)).toEqual(['Stranger’s router']);
  });

  it('lets an admin associate their own router subscription and the owner’s, nobody else’s', async () => {
    expect((await associate(cast.admin, sub.admin)).status).toBe(200);
    const stranger = await associate(cast.admin, sub.stranger);
    expect(stranger.status).toBe(404);
    expect(stranger.json.message).toBe(RouterMessage.routerSubscriptionNotFound);
    expect((await associate(cast.owner, 'no-such-subscription')).status).toBe(404);
    // Both lent at the same moment of the test's clock: listed by reference id then, so compare as sets.
    const byReference = (contexts: { routerReferenceId: string }[]) =>
      contexts.map((context) => context.routerReferenceId).sort();
    expect(byReference(await teamContexts(cast.owner))).toEqual([sub.owner, sub.admin].sort());
  });

  it('refuses subscriptions that are not routers, promotions and expired ones', async () => {
    for (const [referenceId, message] of [
      [sub.ownerPersonal, RouterMessage.notARouterSubscription],
      [sub.ownerPromo, RouterMessage.notARouterSubscription],
      [sub.ownerExpired, RouterMessage.routerSubscriptionExpired],
    ] as const) {
      const response = await associate(cast.owner, referenceId);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    }
    expect(await associated()).toBe(2);
  });

  it('refuses a router subscription associated with another team (409)', async () => {
    const otherTeam = await createTeam(portal, [{ userId: cast.owner.id, role: 'admin' }]);
    await insertSubscription(portal, { ownerId: cast.owner.id, planCode: 'teams-monthly', teamId: otherTeam });
    const response = await associate(cast.owner, sub.owner, otherTeam);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe(RouterMessage.alreadyInAnotherTeam);
    expect(await associated(otherTeam)).toBe(0);
  });

  it('dissociates for the owner and admins only', async () => {
    expect((await dissociate(cast.teamUser, sub.owner)).status).toBe(403);
    expect((await dissociate(cast.stranger, sub.owner)).status).toBe(404);
    expect(await associated()).toBe(2);

    const response = await dissociate(cast.admin, sub.owner);
    expect(response.status).toBe(200);
    expect(v.parse(TeamRouterResponse, response.json).associatedRouterSubContexts).toEqual([
      { routerReferenceId: sub.admin },
    ]);
    const again = await dissociate(cast.owner, sub.owner);
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(RouterMessage.notAssociated);
    expect(await routerNames(cast.teamUser)).toEqual([]);
  });
});

describe('demo data', () => {
  it('gives the individual routers of both vendors and Northwind Broadcast the team owner’s router', async () => {
    const demo = await startTestPortal();
    try {
      await seedDemoAccounts(demo.db);
      const list = async (email: string) => {
        const response = await demo.request(api.routers, { cookie: await demo.signIn(email, demoPassword) });
        return v.parse(RouterList, response.json).routers;
      };
      expect(new Set((await list(demoAccounts.individual)).map((router) => router.vendor))).toEqual(
        new Set(['miri', 'strata']),
      );
      expect(await list(demoAccounts.teamUser)).toEqual([
        expect.objectContaining({
          name: 'Studio uplink',
          subscription: expect.objectContaining({ referenceId: 'demo-team-router' }),
          team: expect.objectContaining({ name: 'Northwind Broadcast' }),
        }),
      ]);
      const coupons = await demo.db.select().from(routerCoupons);
      expect(coupons.map((coupon) => coupon.code).sort()).toEqual(Object.values(demoRouterCoupons).sort());
    } finally {
      await demo.close();
    }
  });
});
