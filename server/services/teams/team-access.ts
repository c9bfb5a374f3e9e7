import { ErrorCode } from '../../../contract/errors';
import { TeamMessage } from '../../../contract/teams';
import { ApiFailure } from '../../http/errors';
import type { BillingActor } from '../billing/billing';
import { type LockedSubscription, lockSubscription, refusals, type Transaction } from '../billing/ledger-core';

export const teamRefusals = {
  notAdmin: () => new ApiFailure(403, ErrorCode.forbidden, TeamMessage.notAdmin),
  notATeamPlan: () => refusals.refused(TeamMessage.notATeamPlan),
};

/**
 * The subscription under its row lock, for a change its owner or a team admin may make: 404 for
 * whoever cannot see it, 403 for a team user, 400 when it has no team. Returns its team's id.
 */
export async function lockTeamForAdmin(
  tx: Transaction,
  actor: BillingActor,
  referenceId: string,
): Promise<LockedSubscription & { teamId: number }> {
  const locked = await lockSubscription(tx, actor, referenceId);
  if (!locked.isAdminOrOwner) throw teamRefusals.notAdmin();
  const { type, teamId } = locked.subscription;
  if ((type !== 'teams' && type !== 'families') || teamId === null) throw teamRefusals.notATeamPlan();
  return { ...locked, teamId };
}
