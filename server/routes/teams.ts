import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type * as teamsCalls from '../../contract/calls/teams';
import { ErrorCode } from '../../contract/errors';
import { SecondFactorMessage } from '../../contract/second-factor';
import {
  AcceptInvitationRequest,
  AddTeamMemberRequest,
  AuditQuery,
  RenameTeamRequest,
  SecondFactorRuleRequest,
  TeamMessage,
  UpdateRoleRequest,
} from '../../contract/teams';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, queryOf, requireSession, validateJson, validateQuery } from '../http/middleware';
import { negotiateLocale } from '../mail/i18n';
import type { AppServices } from '../services/index';
import { Refusal } from '../services/refusal';
import { auditCsv, auditPage } from '../services/teams/audit-log';
import { acceptInvitation, cancelInvitation } from '../services/teams/invitations';
import {
  addMember,
  type JoiningConflict,
  removeMember,
  renameTeam,
  setSecondFactorRule,
  updateRole,
} from '../services/teams/members';
import { teamRequiringSecondFactorOf } from '../services/teams/team-access';
import { readTeam } from '../services/teams/team-read';

/** The team of a subscription (spec sections 3, 4 and 8): under /api/subscription/{id}. */
export function subscriptionTeamRoutes(services: AppServices) {
  return new Hono<AppEnv>()
    .get('/:id/team', requireSession(), async (c) => {
      return c.json(await readTeam(services, callerOf(c), c.req.param('id')), 200);
    })
    .post('/:id/team/member', requireSession(), validateJson(AddTeamMemberRequest), async (c) => {
      // The spec's payload keeps its password, but a password the admin chose is never a way into
      // someone's account: a new address gets a mail to prove it and choose its own (issue 21), so
      // nothing is hashed for an add. Its limits per team and per address are taken by addMember,
      // once the caller is known to be an admin (teamAddLimits).
      const request = bodyOf(c, AddTeamMemberRequest);
      const result = await addMember(services, callerOf(c), c.req.param('id'), {
        request,
        requestLocale: negotiateLocale(c.req.header('accept-language')),
      });
      return result.outcome === 'conflict' ? joiningConflict(c, result) : c.json(result, 200);
    })
    .delete('/:id/team/invitation/:email', requireSession(), async (c) => {
      await cancelInvitation(services, callerOf(c), c.req.param('id'), c.req.param('email'));
      return c.body(null, 204);
    })
    .delete('/:id/teamMember/:member', requireSession(), async (c) => {
      await removeMember(services, callerOf(c), c.req.param('id'), c.req.param('member'));
      return c.body(null, 204);
    })
    .put('/:id/team/second-factor-rule', requireSession(), validateJson(SecondFactorRuleRequest), async (c) => {
      const { required } = bodyOf(c, SecondFactorRuleRequest);
      await setSecondFactorRule(services, callerOf(c), c.req.param('id'), required);
      return c.body(null, 204);
    })
    .get('/:id/team/audit', requireSession(), validateQuery(AuditQuery), async (c) => {
      return c.json(await auditPage(services, callerOf(c), c.req.param('id'), queryOf(c, AuditQuery)), 200);
    })
    .get('/:id/team/audit.csv', requireSession(), validateQuery(AuditQuery), async (c) => {
      const csv = await auditCsv(services, callerOf(c), c.req.param('id'), queryOf(c, AuditQuery));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="team-audit-log.csv"',
        'Cache-Control': 'no-store',
      });
    });
}

/** The calls that name a team rather than its subscription: under /api/teams. */
export function teamRoutes(services: AppServices) {
  return new Hono<AppEnv>()
    .post('/invitation', requireSession(), validateJson(AcceptInvitationRequest), async (c) => {
      const { confirmationCode } = bodyOf(c, AcceptInvitationRequest);
      const result = await acceptInvitation(services, callerOf(c), confirmationCode);
      return 'outcome' in result ? joiningConflict(c, result) : c.json(result, 200);
    })
    .put('/members/update/role', requireSession(), validateJson(UpdateRoleRequest), async (c) => {
      await updateRole(services, callerOf(c), bodyOf(c, UpdateRoleRequest));
      return c.json({ success: true as const }, 200);
    })
    .put('/rename', requireSession(), validateJson(RenameTeamRequest), async (c) => {
      await renameTeam(services, callerOf(c), bodyOf(c, RenameTeamRequest));
      return c.json({ success: true as const }, 200);
    });
}

/** Spec section 8's 409: the exact message, and whether the person pays for a subscription of their own. */
function joiningConflict(c: Context<AppEnv>, { isPaid }: JoiningConflict) {
  return c.json({ error: ErrorCode.teamMemberConflict, message: TeamMessage.alreadyInAnotherTeam, isPaid }, 409);
}

/**
 * A team whose owner requires two-step sign-in (issue 22): a member without an authenticator app on
 * reaches none of its calls (403 `second_factor_setup_required`) until they set one up. The owner
 * may always change the rule itself. Runs after the session is read; no session passes (the route
 * answers 401).
 */
export function requireTeamSecondFactor(services: Pick<AppServices, 'db'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get('session');
    if (!session || c.req.path.endsWith('/second-factor-rule')) return next();
    if ((await teamRequiringSecondFactorOf(services.db, session.claims.sub)) === null) return next();
    throw new Refusal(ErrorCode.secondFactorSetupRequired, SecondFactorMessage.setupRequired);
  };
}

/** The handlers of the calls declared in contract/calls/teams.ts. */
export function teamsHandlers(_services: AppServices): Routes<typeof teamsCalls> {
  return {};
}
