import type * as botCheckCalls from '../../contract/calls/bot-check';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';
import { commonRefusals } from '../services/refusal';

/** The handlers of the calls declared in contract/calls/bot-check.ts. */
export function botCheckHandlers(services: AppServices): Routes<typeof botCheckCalls> {
  return {
    // Never cached: each challenge is used once.
    getBotCheckChallenge: async (c) => {
      c.header('Cache-Control', 'no-store');
      const challenge = await services.botCheck.challenge();
      if (!challenge) throw commonRefusals.notFound();
      return { status: 200, body: challenge };
    },
  };
}
