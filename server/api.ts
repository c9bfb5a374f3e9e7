import type { Hono } from 'hono';
import * as calls from '../contract/calls/index';
import { mountCalls, type Routes } from './http/calls';
import type { AppEnv } from './http/middleware';
import { passwordRoutes } from './routes/password';
import type { AppServices } from './services/index';

/** A handler for every declared call, by the call's name: the compiler refuses a missing one. */
export function apiRoutes(services: AppServices): Routes<typeof calls> {
  return {
    ...passwordRoutes(services),
  };
}

/** The whole API, mounted from its declarations (contract/calls). */
export function mountApi(app: Hono<AppEnv>, services: AppServices): void {
  mountCalls(app, calls, apiRoutes(services), services);
}
