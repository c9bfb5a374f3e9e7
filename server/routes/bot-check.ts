import { Hono } from 'hono';
import { botCheckFailedMessage } from '../../contract/bot-check';
import type * as botCheckCalls from '../../contract/calls/bot-check';
import { ErrorCode } from '../../contract/errors';
import type { Routes } from '../http/calls';
import type { AppEnv } from '../http/middleware';
import type { BotCheck } from '../services/bot-check';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';

/** GET /api/bot-check/challenge: a fresh ALTCHA challenge, never cached (each is used once). */
export function botCheckRoutes(services: AppServices) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const challenge = await services.botCheck.challenge();
    if (!challenge) throw commonRefusals.notFound();
    return c.json(challenge, 200);
  });
}

/** Refuses the request unless the bot-check token passes (always passes with BOT_CHECK=off). */
export async function requireBotCheck(
  botCheck: BotCheck,
  token: string | undefined,
  clientAddress: string,
): Promise<void> {
  const verdict = await botCheck.verify(token, clientAddress);
  if (!verdict.passed) throw new Refusal(ErrorCode.botCheckFailed, botCheckFailedMessage);
}

/** The handlers of the calls declared in contract/calls/bot-check.ts. */
export function botCheckHandlers(_services: AppServices): Routes<typeof botCheckCalls> {
  return {};
}
