// @vitest-environment node
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { ErrorCode } from '../../contract/errors';
import { TeamMessage } from '../../contract/teams';
import type { Person } from './billing-fixtures';
import { startTestPortal, type TestPortal } from './support';
import { auditOf, castWithTeam, type TeamCast } from './team-fixtures';

/**
 * A team owner's rule "Members must use two-step sign-in" (issue 22): only the owner sets it, and
 * only with two-step sign-in of their own; a member without it reaches none of the team's calls
 * until they set it up; the team page shows who has it; the audit log records the change.
 */

let portal: TestPortal;
let cast: TeamCast;
let label = 0;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.close();
});
beforeEach(async () => {
  portal.clock.current = new Date();
  label += 1;
  cast = await castWithTeam(portal, `rule${label}`);
});

const setRule = (who: Person, required: boolean) =>
  portal.request(api.teamSecondFactorRule(cast.referenceId), { method: 'PUT', json: { required }, cookie: who.cookie });

async function turnOnApp(who: Person) {
  const setup = await portal.request(api.authenticatorApp, { method: 'POST', cookie: who.cookie });
  expect(setup.status).toBe(201);
  const code = await generate({
    secret: String(setup.json.secret),
    epoch: Math.floor(portal.clock.current.getTime() / 1000),
  });
  expect((await portal.request(api.confirmAuthenticatorApp, { json: { code }, cookie: who.cookie })).status).toBe(200);
}

const team = (who: Person) => portal.request(api.subscriptionTeam(cast.referenceId), { cookie: who.cookie });

describe("a team's two-step rule", () => {
  it('is set by the owner only, once the owner signs in with two steps, and is audited', async () => {
    const refusedFirst = await setRule(cast.owner, true);
    expect(refusedFirst.status).toBe(409);
    expect(refusedFirst.json.message).toBe(TeamMessage.ownerNeedsSecondFactor);

    await turnOnApp(cast.admin);
    const byAdmin = await setRule(cast.admin, true);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe(TeamMessage.onlyOwnerSetsRule);
    expect((await setRule(cast.stranger, true)).status).toBe(404);

    await turnOnApp(cast.owner);
    expect((await setRule(cast.owner, true)).status).toBe(204);
    expect((await setRule(cast.owner, true)).status).toBe(204);
    const read = await team(cast.owner);
    expect(read.json.requireSecondFactor).toBe(true);
    const members = read.json.teamMembers as { email: string; secondFactor: boolean }[];
    expect(members.map(({ email, secondFactor }) => [email, secondFactor])).toEqual([
      [cast.owner.email, true],
      [cast.admin.email, true],
      [cast.teamUser.email, false],
    ]);
    expect((await setRule(cast.owner, false)).status).toBe(204);
    const events = (await auditOf(portal, cast.teamId)).filter((event) => event.kind === 'secondFactorRuleChanged');
    expect(events.map((event) => [event.actorEmail, event.details])).toEqual([
      [cast.owner.email, { required: true }],
      [cast.owner.email, { required: false }],
    ]);
  });

  it('keeps a member without two-step sign-in out of the team until they set it up', async () => {
    await turnOnApp(cast.owner);
    expect((await setRule(cast.owner, true)).status).toBe(204);

    const kept = await team(cast.admin);
    expect(kept.status).toBe(403);
    expect(kept.json.error).toBe(ErrorCode.secondFactorSetupRequired);
    for (const [path, method] of [
      [`${api.subscriptionTeam(cast.referenceId)}/audit`, 'GET'],
      [api.apiKeys(cast.referenceId), 'POST'],
      [api.teamTunnelStats(cast.teamId), 'GET'],
      [api.renameTeam, 'PUT'],
    ] as const) {
      const response = await portal.request(path, {
        method,
        json: method === 'GET' ? undefined : {},
        cookie: cast.admin.cookie,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json.error).toBe(ErrorCode.secondFactorSetupRequired);
    }
    const status = await portal.request(api.accountSecondFactor, { cookie: cast.admin.cookie });
    expect(status.json.requiredByTeam).toBe('Test team');
    // Someone outside the team is not asked.
    expect(
      (await portal.request(api.accountSecondFactor, { cookie: cast.stranger.cookie })).json.requiredByTeam,
    ).toBeNull();

    await turnOnApp(cast.admin);
    expect((await team(cast.admin)).status).toBe(200);
    expect(
      (await portal.request(api.accountSecondFactor, { cookie: cast.admin.cookie })).json.requiredByTeam,
    ).toBeNull();
  });

  it('refuses a malformed rule', async () => {
    for (const body of [{}, { required: 'yes' }]) {
      const response = await portal.request(api.teamSecondFactorRule(cast.referenceId), {
        method: 'PUT',
        json: body,
        cookie: cast.owner.cookie,
      });
      expect(response.status).toBe(400);
      expect(response.json.error).toBe(ErrorCode.validation);
    }
  });
});
