import { Hono } from 'hono';
import type * as wellKnownCalls from '../../contract/calls/well-known';
import type { Routes } from '../http/calls';
import type { AppEnv } from '../http/middleware';
import type { AppServices } from '../services/index';

/** The public keys that verify session tokens: the current one and the one before it. */
export function wellKnownRoutes({ keys }: AppServices) {
  return new Hono<AppEnv>().get('/jwks.json', async (c) => {
    const { published } = await keys.keyRing();
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: published }, 200);
  });
}

/** The handlers of the calls declared in contract/calls/well-known.ts. */
export function wellKnownHandlers(_services: AppServices): Routes<typeof wellKnownCalls> {
  return {};
}
