import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type * as subscriptionsCalls from '../../contract/calls/subscriptions';
import {
  CancelSubscriptionRequest,
  UpdateQuantityRequest,
  UpgradePreviewRequest,
  UpgradeSubscriptionRequest,
} from '../../contract/subscriptions';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, requireSession, validateJson } from '../http/middleware';
import type { AppServices } from '../services/index';

/** The owner's changes of a subscription (spec sections 6 and 7), each decided by the billing seam. */
export function subscriptionRoutes({ billing }: AppServices) {
  return new Hono<AppEnv>()
    .delete('/:id', requireSession(), optionalJson(CancelSubscriptionRequest), async (c) => {
      const request = bodyOf(c, CancelSubscriptionRequest);
      return c.json(await billing.cancel(callerOf(c), c.req.param('id'), request), 200);
    })
    .put('/:id/uncancel', requireSession(), async (c) => {
      return c.json(await billing.uncancel(callerOf(c), c.req.param('id')), 200);
    })
    .put('/:id/quantity', requireSession(), validateJson(UpdateQuantityRequest), async (c) => {
      const { quantity } = bodyOf(c, UpdateQuantityRequest);
      return c.json(await billing.updateQuantity(callerOf(c), c.req.param('id'), quantity), 202);
    })
    .post('/:id/upgrade-preview', requireSession(), validateJson(UpgradePreviewRequest), async (c) => {
      const request = bodyOf(c, UpgradePreviewRequest);
      return c.json(await billing.previewUpgrade(callerOf(c), c.req.param('id'), request), 200);
    })
    .put('/:id', requireSession(), validateJson(UpgradeSubscriptionRequest), async (c) => {
      const request = bodyOf(c, UpgradeSubscriptionRequest);
      return c.json(await billing.upgrade(callerOf(c), c.req.param('id'), request), 200);
    })
    .delete('/:id/blackfriday24', requireSession(), async (c) => {
      await billing.delistBlackFriday(callerOf(c), c.req.param('id'));
      return c.body(null, 204);
    });
}

/**
 * The spec's cancel is a DELETE without a body; the portal may send a reason. jsonBodies() lets a
 * bodiless DELETE through, so such a request is validated as the empty object.
 */
function optionalJson<TSchema extends v.GenericSchema>(schema: TSchema): MiddlewareHandler<AppEnv> {
  const validate = validateJson(schema);
  return async (c, next) => {
    const length = c.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (hasBody) return validate(c, next);
    c.set('body', v.parse(schema, {}));
    await next();
  };
}

/** The handlers of the calls declared in contract/calls/subscriptions.ts. */
export function subscriptionsHandlers(_services: AppServices): Routes<typeof subscriptionsCalls> {
  return {};
}
