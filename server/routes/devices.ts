import { Hono } from 'hono';
import { api } from '../../contract/api';
import type * as devicesCalls from '../../contract/calls/devices';
import {
  ActivationCodeRequest,
  type ActivationCodeResponse,
  type ActivationStatus,
  AssociateDeviceRequest,
  type DeviceChangeResponse,
  DeviceMessage,
  DeviceRequest,
  LinkDeviceRequest,
  type LinkDeviceResponse,
  type LinkedDevices,
  pollTokenHeader,
  RenameDeviceRequest,
} from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { type AppEnv, bodyOf, clientAddressOf, requireSession, validateJson } from '../http/middleware';
import { activationLimits, activationState, issueActivationCode, linkDevice } from '../services/devices/activation';
import { deviceFailures } from '../services/devices/device-common';
import {
  associateDevice,
  dissociateDevice,
  listLinkedDevices,
  removeDevice,
  renameDevice,
  signOutDevice,
} from '../services/devices/linked-devices';
import type { AppServices } from '../services/index';
import { spendRateLimits } from '../services/rate-limit';
import { commonRefusals, Refusal } from '../services/refusal';

/** The device's side of activation (the VPN app, without a session): mounted at api.deviceActivationCode. */
export function deviceActivationRoutes(services: AppServices) {
  const { rateLimiter, env } = services;
  return new Hono<AppEnv>()
    .post('/', validateJson(ActivationCodeRequest), async (c) => {
      const client = clientAddressOf(c, env);
      await spendRateLimits(rateLimiter, [[activationLimits.codesPerClient, client]]);
      const issued = await issueActivationCode(services, bodyOf(c, ActivationCodeRequest));
      c.header('Cache-Control', 'no-store');
      return c.json(issued satisfies ActivationCodeResponse, 201);
    })
    .get('/status', async (c) => {
      c.header('Cache-Control', 'no-store');
      const pollToken = c.req.header(pollTokenHeader);
      if (!pollToken) throw new Refusal(ErrorCode.validation, DeviceMessage.pollTokenMissing);
      const state = await activationState(services, pollToken);
      // An unknown token learns nothing, not even whether the code exists.
      if (state === null) throw commonRefusals.notFound();
      return c.json({ state } satisfies ActivationStatus, 200);
    });
}

/** The person's side: linking by code and the linked devices, under /api/account. */
export function linkedDeviceRoutes(services: AppServices) {
  const { rateLimiter } = services;
  const path = (full: string) => full.slice('/api/account'.length);
  return new Hono<AppEnv>()
    .patch(path(api.linkDevice), requireSession(), validateJson(LinkDeviceRequest), async (c) => {
      const actor = callerOf(c);
      const { userid, activationCode } = bodyOf(c, LinkDeviceRequest);
      if (userid !== actor.userId) throw deviceFailures.notYourAccount();
      // Taken before the code is looked up, per account, per client and overall; a code that names
      // no waiting device counts, so a link and a full account (not a guess) give the tries back.
      const limits = [
        [activationLimits.linkAttemptsPerAccount, actor.userId],
        [activationLimits.linkAttemptsPerClient, clientAddressOf(c, services.env)],
        [activationLimits.linkAttemptsOverall, 'portal'],
      ] as const;
      await spendRateLimits(rateLimiter, limits);
      const result = await linkDevice(services, actor, activationCode);
      if (result.outcome === 'linked' || result.outcome === 'limitReached') await rateLimiter.refundAll(limits);
      if (result.outcome === 'linked') {
        return c.json({ success: true as const, device: result.device } satisfies LinkDeviceResponse, 200);
      }
      throw refusalOf[result.outcome]();
    })
    .get(path(api.linkedDevices), requireSession(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await listLinkedDevices(services, callerOf(c))) satisfies LinkedDevices, 200);
    })
    .patch(path(api.renameDevice), requireSession(), validateJson(RenameDeviceRequest), async (c) => {
      const { deviceUUID, nickname } = bodyOf(c, RenameDeviceRequest);
      const device = await renameDevice(services, callerOf(c), deviceUUID, nickname);
      return c.json({ success: true as const, device } satisfies DeviceChangeResponse, 200);
    })
    .delete(path(api.linkedDevices), requireSession(), validateJson(DeviceRequest), async (c) => {
      await removeDevice(services, callerOf(c), bodyOf(c, DeviceRequest).deviceUUID);
      return c.body(null, 204);
    })
    .patch(path(api.associateDevice), requireSession(), validateJson(AssociateDeviceRequest), async (c) => {
      const { deviceUUID, referenceId } = bodyOf(c, AssociateDeviceRequest);
      const device = await associateDevice(services, callerOf(c), deviceUUID, referenceId);
      return c.json({ success: true as const, device } satisfies DeviceChangeResponse, 200);
    })
    .patch(path(api.dissociateDevice), requireSession(), validateJson(DeviceRequest), async (c) => {
      const device = await dissociateDevice(services, callerOf(c), bodyOf(c, DeviceRequest).deviceUUID);
      return c.json({ success: true as const, device } satisfies DeviceChangeResponse, 200);
    })
    .delete('/activeDevice/:id', requireSession(), async (c) => {
      const id = c.req.param('id');
      if (!uuidPattern.test(id)) throw deviceFailures.notFound();
      await signOutDevice(services, callerOf(c), id.toLowerCase());
      return c.body(null, 204);
    });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refusalOf = {
  refused: deviceFailures.codeRefused,
  limitReached: deviceFailures.limitReached,
};

/** The handlers of the calls declared in contract/calls/devices.ts. */
export function devicesHandlers(_services: AppServices): Routes<typeof devicesCalls> {
  return {};
}
