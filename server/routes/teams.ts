import type * as teamsCalls from '../../contract/calls/teams';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { negotiateLocale } from '../mail/i18n';
import type { AppServices } from '../services/index';
import { auditCsv, auditPage } from '../services/teams/audit-log';
import { acceptInvitation, cancelInvitation } from '../services/teams/invitations';
import { addMember, removeMember, renameTeam, setSecondFactorRule, updateRole } from '../services/teams/members';
import { readTeam } from '../services/teams/team-read';

/**
 * The handlers of the calls declared in contract/calls/teams.ts: the team of a subscription (docs/spec.md
 * §3, §4 and §8) under /api/subscription/{referenceId}, and the calls that name a team
 * rather than its subscription under /api/teams.
 */
export function teamsHandlers(services: AppServices): Routes<typeof teamsCalls> {
  return {
    readTeam: async (c) => ({
      status: 200,
      body: await readTeam(services, callerOf(c), c.req.valid('param').referenceId),
    }),
    addTeamMember: async (c) => {
      // The spec's payload keeps its password, but a password the admin chose is never a way into
      // someone's account: a new address gets a mail to prove it and choose its own (issue 21), so
      // nothing is hashed for an add.
      const body = await addMember(services, callerOf(c), c.req.valid('param').referenceId, {
        request: c.req.valid('json'),
        requestLocale: negotiateLocale(c.req.header('accept-language')),
      });
      return { status: 200, body };
    },
    cancelTeamInvitation: async (c) => {
      const { referenceId, email } = c.req.valid('param');
      await cancelInvitation(services, callerOf(c), referenceId, email);
      return { status: 204 };
    },
    removeTeamMember: async (c) => {
      const { referenceId, member } = c.req.valid('param');
      await removeMember(services, callerOf(c), referenceId, member);
      return { status: 204 };
    },
    setTeamSecondFactorRule: async (c) => {
      await setSecondFactorRule(services, callerOf(c), c.req.valid('param').referenceId, c.req.valid('json').required);
      return { status: 204 };
    },
    readTeamAudit: async (c) => ({
      status: 200,
      body: await auditPage(services, callerOf(c), c.req.valid('param').referenceId, c.req.valid('query')),
    }),
    downloadTeamAudit: async (c) => {
      const text = await auditCsv(services, callerOf(c), c.req.valid('param').referenceId, c.req.valid('query'));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="team-audit-log.csv"');
      c.header('Cache-Control', 'no-store');
      return { status: 200, text };
    },
    acceptTeamInvitation: async (c) => ({
      status: 200,
      body: await acceptInvitation(services, callerOf(c), c.req.valid('json').confirmationCode),
    }),
    changeTeamMemberRole: async (c) => {
      await updateRole(services, callerOf(c), c.req.valid('json'));
      return { status: 200, body: { success: true } };
    },
    renameTeam: async (c) => {
      await renameTeam(services, callerOf(c), c.req.valid('json'));
      return { status: 200, body: { success: true } };
    },
  };
}
