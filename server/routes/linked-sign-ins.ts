import { Hono } from 'hono';
import { api } from '../../contract/api';
import type * as linkedSignInsCalls from '../../contract/calls/linked-sign-ins';
import { ErrorCode } from '../../contract/errors';
import { FederatedSignInMessage } from '../../contract/federated-sign-in';
import { LinkedSignInMessage, UnlinkSignInRequest } from '../../contract/linked-sign-ins';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, clientAddressOf, requireSession, sessionOf, validateJson } from '../http/middleware';
import { requireRecentSignIn } from '../http/recent-sign-in';
import { type IdentityLinkRefusal, IdentityLinkRefused } from '../services/federated-sign-in/identity-links';
import type { AppServices } from '../services/index';
import { commonRefusals, Refusal } from '../services/refusal';

/** Each refusal of a link or an unlink as `{ error, message }` with its status. */
export const identityLinkRefusals: Record<IdentityLinkRefusal, (retryAfterSeconds: number) => Refusal> = {
  linkExpired: () => new Refusal(ErrorCode.linkExpired, FederatedSignInMessage.linkExpired),
  passwordIncorrect: () => new Refusal(ErrorCode.invalidCredentials, FederatedSignInMessage.linkPasswordIncorrect),
  rateLimited: (retryAfterSeconds) => commonRefusals.rateLimited(retryAfterSeconds),
  notLinked: () => new Refusal(ErrorCode.notFound, LinkedSignInMessage.notLinked),
  lastWayIn: () => new Refusal(ErrorCode.lastWayIn, LinkedSignInMessage.lastWayIn),
};

/** A refused link or unlink as its API answer; any other error as it is. */
export function identityLinkFailureOf(error: unknown): unknown {
  return error instanceof IdentityLinkRefused ? identityLinkRefusals[error.reason](error.retryAfterSeconds) : error;
}

/** The person's linked sign-ins, under /api/account: each person sees and unlinks only their own. */
export function linkedSignInRoutes(services: AppServices) {
  const path = api.linkedSignIns.slice('/api/account'.length);
  return new Hono<AppEnv>()
    .get(path, requireSession(), async (c) => {
      const { claims } = sessionOf(c);
      return c.json(await services.identityLinks.list(claims.sub), 200);
    })
    .delete(path, requireSession(), requireRecentSignIn(services), validateJson(UnlinkSignInRequest), async (c) => {
      const { claims } = sessionOf(c);
      const identity = bodyOf(c, UnlinkSignInRequest);
      await services.identityLinks.unlink(claims.sub, identity, clientAddressOf(c, services.env)).catch((error) => {
        throw identityLinkFailureOf(error);
      });
      return c.body(null, 204);
    });
}

/** The handlers of the calls declared in contract/calls/linked-sign-ins.ts. */
export function linkedSignInsHandlers(_services: AppServices): Routes<typeof linkedSignInsCalls> {
  return {};
}
