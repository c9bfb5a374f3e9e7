import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { reportErrors } from '../contract/calls/monitoring';
import { ErrorCode } from '../contract/errors';
import { mountApi } from './api';
import { compression } from './http/compression';
import {
  type AppEnv,
  clientAddressOf,
  jsonBodies,
  loopbackClientsOnly,
  readSession,
  refuseNulInAddress,
  sameOriginMutations,
  securityHeaders,
} from './http/middleware';
import { errorBody, refusalResponse, statusOf } from './http/refusals';
import { requireTeamSecondFactor } from './http/team-second-factor';
import { loggableRoute, requestLogging } from './logger';
import { devFlowExplorerRoutes } from './routes/dev-flow-explorer';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { securityEvent } from './security-events';
import type { AppServices } from './services/index';
import { commonRefusals, Refusal } from './services/refusal';

const maxJsonBodyBytes = 64 * 1024;

/** The API: every route under /api and /.well-known, with one error envelope for every failure. */
export function createApp(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.use(requestLogging(services.logger));
  app.use(
    securityHeaders({
      botCheck: services.botCheck.provider,
      production: services.env.production,
      directoryServiceUrl: services.env.federatedSignIn.directoryServiceUrl,
    }),
  );
  app.use(compression());
  // API answers hold someone's data or a moment's state: no browser or proxy keeps them, unless the
  // route says otherwise with a Cache-Control of its own (the pricing does). Outermost of the /api
  // middleware, so that refusals from the others are covered too.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', sameOriginMutations(services.env));
  app.use('/api/*', refuseNulInAddress());
  app.use('/api/*', async (c, next) => {
    // The error-reporting tunnel has its own, larger limit. A GET has no body to limit, and looking
    // for one would make @hono/node-server build the full Request it otherwise never needs.
    if (c.req.path === reportErrors.path || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return bodyLimit({
      maxSize: maxJsonBodyBytes,
      onError: () => refusalResponse(c, commonRefusals.payloadTooLarge()),
    })(c, next);
  });
  app.use('/api/*', jsonBodies());
  app.use('/api/*', readSession(services.sessions, services.env));
  // A team that requires two-step sign-in: every call of its pages but accepting an invitation.
  const teamPages = requireTeamSecondFactor(services);
  for (const pattern of [
    '/api/subscription/:id/team',
    '/api/subscription/:id/team/*',
    '/api/subscription/:id/teamMember/*',
    '/api/subscription/:id/apiKey',
    '/api/subscription/:id/apiKey/*',
    '/api/subscription/:id/server',
    '/api/teams/rename',
    '/api/teams/members/*',
    '/api/teams/servers/*',
    '/api/stats/team-tunnel-stats/*',
    '/api/stats/team-net-stats/*',
    '/api/account/team-router/*',
  ]) {
    app.use(pattern, teamPages);
  }

  mountApi(app, services);
  // Development tools answer only a person on this machine, even where development mode is deliberate.
  app.use('/dev/*', loopbackClientsOnly());
  if (!services.env.production) {
    app.route('/dev/mailbox', devMailboxRoutes(services));
    app.route('/dev/flows', devFlowExplorerRoutes());
  }

  app.notFound((c) => c.json(errorBody(ErrorCode.notFound, 'Not found.'), 404));
  app.onError((error, c) => {
    if (error instanceof Refusal) {
      // Every 403, whichever rule refused it: who asked, from where, for which route, and why.
      if (statusOf(error) === 403) {
        securityEvent(services.logger, {
          event: 'access.refused',
          clientAddress: clientAddressOf(c, services.env),
          userId: c.get('session')?.claims.sub,
          method: c.req.method,
          route: loggableRoute(c),
          reason: error.code,
        });
      }
      return refusalResponse(c, error);
    }
    // A value PostgreSQL cannot store as text (U+0000 that came another way than JSON or the address).
    if (untextableValue(error)) return refusalResponse(c, commonRefusals.nulCharacter());
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(ErrorCode.validation, error.message || 'Bad request.'), error.status);
    }
    services.logger.error({ err: error, route: loggableRoute(c) }, 'unhandled error');
    return c.json(errorBody(ErrorCode.internal, 'Something went wrong on our side. Please try again later.'), 500);
  });

  return app;
}

/** PostgreSQL's "invalid byte sequence" and "unsupported Unicode escape", of a query or its cause. */
function untextableValue(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}
