import type { Hono } from 'hono';
import * as calls from '../contract/calls/index';
import { mountCalls, type Routes } from './http/calls';
import type { AppEnv } from './http/middleware';
import { accountHandlers } from './routes/account';
import { accountCreationHandlers } from './routes/account-creation';
import { apiKeysHandlers } from './routes/api-keys';
import { authHandlers } from './routes/auth';
import { billingHandlers } from './routes/billing';
import { botCheckHandlers } from './routes/bot-check';
import { devicesHandlers } from './routes/devices';
import { federatedSignInHandlers } from './routes/federated-sign-in';
import { healthHandlers } from './routes/health';
import { linkedSignInsHandlers } from './routes/linked-sign-ins';
import { monitoringHandlers } from './routes/monitoring';
import { partnerRoutersHandlers } from './routes/partner-routers';
import { passkeysHandlers } from './routes/passkeys';
import { passwordHandlers } from './routes/password';
import { phoneHandlers } from './routes/phone';
import { qrSignInHandlers } from './routes/qr-sign-in';
import { recentSignInHandlers } from './routes/recent-sign-in';
import { referenceHandlers } from './routes/reference';
import { routersHandlers } from './routes/routers';
import { secondFactorHandlers } from './routes/second-factor';
import { serversHandlers } from './routes/servers';
import { statsHandlers } from './routes/stats';
import { subscriptionsHandlers } from './routes/subscriptions';
import { teamApiHandlers } from './routes/team-api';
import { teamsHandlers } from './routes/teams';
import { userHandlers } from './routes/user';
import { wellKnownHandlers } from './routes/well-known';
import { yourSessionsHandlers } from './routes/your-sessions';
import type { AppServices } from './services/index';

/** A handler for every declared call, by the call's name: the compiler refuses a missing one. */
function apiRoutes(services: AppServices): Routes<typeof calls> {
  return {
    ...accountCreationHandlers(services),
    ...accountHandlers(services),
    ...authHandlers(services),
    ...billingHandlers(services),
    ...botCheckHandlers(services),
    ...devicesHandlers(services),
    ...federatedSignInHandlers(services),
    ...healthHandlers(services),
    ...linkedSignInsHandlers(services),
    ...monitoringHandlers(services),
    ...partnerRoutersHandlers(services),
    ...passkeysHandlers(services),
    ...passwordHandlers(services),
    ...phoneHandlers(services),
    ...qrSignInHandlers(services),
    ...recentSignInHandlers(services),
    ...referenceHandlers(services),
    ...routersHandlers(services),
    ...secondFactorHandlers(services),
    ...statsHandlers(services),
    ...subscriptionsHandlers(services),
    ...teamApiHandlers(services),
    ...apiKeysHandlers(services),
    ...serversHandlers(services),
    ...teamsHandlers(services),
    ...userHandlers(services),
    ...wellKnownHandlers(services),
    ...yourSessionsHandlers(services),
  };
}

/** The whole API, mounted from its declarations (contract/calls). */
export function mountApi(app: Hono<AppEnv>, services: AppServices): void {
  mountCalls(app, calls, apiRoutes(services), services);
}
