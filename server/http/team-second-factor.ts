import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../contract/errors';
import { SecondFactorMessage } from '../../contract/second-factor';
import type { AppServices } from '../services/index';
import { Refusal } from '../services/refusal';
import { teamRequiringSecondFactorOf } from '../services/teams/team-access';
import type { AppEnv } from './middleware';

/**
 * A team whose owner requires two-step sign-in (issue 22): a member without an authenticator app on
 * reaches none of its calls (403 `second_factor_setup_required`) until they set one up. The owner
 * may always change the rule itself. Runs after the session is read; no session passes (the route
 * answers 401). Mounted by path pattern (server/app.ts): it spans other domains' team pages too.
 */
export function requireTeamSecondFactor(services: Pick<AppServices, 'db'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get('session');
    if (!session || c.req.path.endsWith('/second-factor-rule')) return next();
    if ((await teamRequiringSecondFactorOf(services.db, session.claims.sub)) === null) return next();
    throw new Refusal(ErrorCode.secondFactorSetupRequired, SecondFactorMessage.setupRequired);
  };
}
