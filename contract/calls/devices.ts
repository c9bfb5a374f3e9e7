import {
  ActivationCodeRequest,
  ActivationCodeResponse,
  ActivationStatus,
  AssociateDeviceRequest,
  activationLimits,
  DeviceChangeResponse,
  DeviceRequest,
  LinkDeviceRequest,
  LinkDeviceResponse,
  LinkedDevices,
  RenameDeviceRequest,
} from '../devices';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';

// The device's side of activation: the VPN app, without a session.

export const requestActivationCode = declareCall({
  method: 'POST',
  path: '/api/devices/activation-code',
  summary: 'A device asks for an activation code to show its person',
  description: [
    'The device shows `activationCode` (six digits, valid until `expiresAt`, ten minutes) and its person enters it',
    'on /activate while signed in. The device keeps `pollToken` secret: it is the only proof that the device is the',
    'one that asked, and the only way to learn whether it was linked (GET `/api/devices/activation-code/status`).',
  ].join(' '),
  tag: 'Devices',
  access: 'device',
  body: ActivationCodeRequest,
  answers: { 201: ActivationCodeResponse },
  refusals: [ErrorCode.rateLimited],
  rateLimits: [activationLimits.codesPerClient],
});

export const pollActivationStatus = declareCall({
  method: 'GET',
  path: '/api/devices/activation-code/status',
  summary: 'A device asks whether its activation code was entered',
  description: [
    'Send the `pollToken` of the activation code in the `x-device-poll-token` header (no session, no cookie).',
    'Ask every `pollIntervalSeconds` (5) seconds while `state` is `waiting`; stop at `linked` (the device is on the',
    "person's account) or `expired` (the code ran out or was guessed at too often: ask for a new one). A token that",
    'names no activation is answered 404, whatever the reason; a missing header 400.',
  ].join(' '),
  tag: 'Devices',
  access: 'device',
  answers: { 200: ActivationStatus },
  refusals: [ErrorCode.notFound],
});

// The person's side: a session.

export const linkDevice = declareCall({
  method: 'PATCH',
  path: '/api/account/linkDevice',
  summary: "Link the device that shows this activation code to the signed-in person's account",
  description: [
    '`userid` must be the signed-in person. A code that never was, expired or was used gets one answer',
    '(`invalid_code`). Every attempt counts against the limits until it links.',
  ].join(' '),
  tag: 'Devices',
  access: 'session',
  body: LinkDeviceRequest,
  answers: { 200: LinkDeviceResponse },
  refusals: [ErrorCode.forbidden, ErrorCode.invalidCode, ErrorCode.deviceLimitReached, ErrorCode.rateLimited],
  rateLimits: [
    activationLimits.linkAttemptsPerAccount,
    activationLimits.linkAttemptsPerClient,
    activationLimits.linkAttemptsOverall,
  ],
});

export const listLinkedDevices = declareCall({
  method: 'GET',
  path: '/api/account/linkedDevices',
  summary: "The signed-in person's linked devices and their device limit",
  tag: 'Devices',
  access: 'session',
  answers: { 200: LinkedDevices },
});

export const renameLinkedDevice = declareCall({
  method: 'PATCH',
  path: '/api/account/linkedDevices/friendlyName',
  summary: 'Rename one of your linked devices',
  tag: 'Devices',
  access: 'session',
  body: RenameDeviceRequest,
  answers: { 200: DeviceChangeResponse },
  refusals: [ErrorCode.notFound],
});

export const removeLinkedDevice = declareCall({
  method: 'DELETE',
  path: '/api/account/linkedDevices',
  summary: 'Remove one of your linked devices from the account',
  tag: 'Devices',
  access: 'session',
  body: DeviceRequest,
  answers: { 204: null },
  refusals: [ErrorCode.notFound],
});

export const associateLinkedDevice = declareCall({
  method: 'PATCH',
  path: '/api/account/linkedDevice/associate',
  summary: 'Count one of your linked devices against a subscription you own or belong to',
  tag: 'Devices',
  access: 'session',
  body: AssociateDeviceRequest,
  answers: { 200: DeviceChangeResponse },
  refusals: [ErrorCode.notFound, ErrorCode.deviceRefused],
});

export const dissociateLinkedDevice = declareCall({
  method: 'PATCH',
  path: '/api/account/linkedDevice/dissociate',
  summary: 'Take one of your linked devices off its subscription',
  tag: 'Devices',
  access: 'session',
  body: DeviceRequest,
  answers: { 200: DeviceChangeResponse },
  refusals: [ErrorCode.notFound],
});

export const signOutLinkedDevice = declareCall({
  method: 'DELETE',
  path: '/api/account/activeDevice/{deviceUUID}',
  summary: 'Sign one of your devices out: it stays linked (and counted), no longer active',
  tag: 'Devices',
  access: 'session',
  answers: { 204: null },
  refusals: [ErrorCode.notFound],
});
