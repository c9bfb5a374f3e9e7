import type * as wellKnownCalls from '../../contract/calls/well-known';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';

/** The handlers of the calls declared in contract/calls/well-known.ts. */
export function wellKnownHandlers({ keys }: AppServices): Routes<typeof wellKnownCalls> {
  return {
    // The public keys that verify session tokens: the current one and the one before it.
    getSigningKeys: async (c) => {
      const { published } = await keys.keyRing();
      c.header('Cache-Control', 'public, max-age=600');
      return { status: 200, body: { keys: published } };
    },
  };
}
