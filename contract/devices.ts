import * as v from 'valibot';
import type { RateLimit } from './http';

/**
 * Devices (docs/spec.md §3, §4, §6 and §7; issue 10): a device asks for an activation code and polls
 * with a secret token of its own; a signed-in person enters the code to link the device to their
 * account. Linked devices can be renamed, associated with a subscription, removed, and signed out.
 * The protocol and its limits: docs/decisions/0006-device-activation.md.
 */

export const DeviceMessage = {
  codeInvalid: 'This activation code is not valid. Check the code shown on your device and try again.',
  /** One answer for a code that never was, expired or was used: a guess learns nothing. */
  codeNotAccepted: 'This activation code does not work. Check the code shown on your device, or ask it for a new one.',
  notYourAccount: 'You can only link devices to your own account.',
  deviceLimitReached: 'Your account has reached its device limit. Remove a device before you link another one.',
  nicknameRequired: 'Please enter a name for the device.',
  nicknameTooLong: 'Please keep the device name to 64 characters or fewer.',
  nicknameControlCharacters: 'The device name cannot contain control characters.',
  deviceNotFound: 'There is no such device on your account.',
  subscriptionInactive: 'This subscription has expired and cannot take devices.',
  subscriptionSeatsFull:
    'This subscription has no room for another device. Dissociate a device from it first, or add seats.',
  pollTokenMissing: 'Send the poll token in the x-device-poll-token header.',
} as const;

/** How long an activation code can be entered: ten minutes. */
export const activationCodeLifetimeSeconds = 10 * 60;
/** How often the device asks whether it was linked. */
export const activationPollIntervalSeconds = 5;
export const activationLimits = {
  /** Codes a client address may ask for: enough for a household trying again, not for a sweep of the codes. */
  codesPerClient: { name: 'device-activation:client', limit: 20, windowSeconds: 3600, per: 'client address' },
  /** Failed links per account (a link and a full account give their try back). */
  linkAttemptsPerAccount: { name: 'device-link:account', limit: 10, windowSeconds: 15 * 60, per: 'account' },
  /** Failed links per client address, whichever accounts it signs in to. */
  linkAttemptsPerClient: { name: 'device-link:client', limit: 20, windowSeconds: 15 * 60, per: 'client address' },
  /**
   * Failed links across the whole portal: the last guard against guessing from many accounts and
   * addresses at once. While it is spent nobody can link a device, so it is far above what mistyped
   * codes reach.
   */
  linkAttemptsOverall: { name: 'device-link:all', limit: 600, windowSeconds: 15 * 60, per: 'portal' },
} as const satisfies Record<string, RateLimit>;

/** The header that carries the device's poll token. */
export const pollTokenHeader = 'x-device-poll-token';
/** The most characters (graphemes) a nickname has. */
const maxNicknameLength = 64;
/** Each seat of a subscription takes up to this many devices (the default device limit of an account). */
export const devicesPerSeat = 5;

export const DevicePlatform = v.picklist(['windows', 'macos', 'linux', 'android', 'ios', 'other']);
export type DevicePlatform = v.InferOutput<typeof DevicePlatform>;

export const ActivationCode = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, DeviceMessage.codeInvalid));

/** Trimmed, 1 to 64 characters of any script; control characters (line breaks, tabs, escapes) are refused. */
export const Nickname = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, DeviceMessage.nicknameRequired),
  v.maxGraphemes(maxNicknameLength, DeviceMessage.nicknameTooLong),
  v.maxLength(maxNicknameLength * 8, DeviceMessage.nicknameTooLong),
  v.check((nickname) => !/\p{Cc}/u.test(nickname), DeviceMessage.nicknameControlCharacters),
);

const DeviceUuid = v.pipe(v.string(), v.uuid(DeviceMessage.deviceNotFound));

// The device's side (the VPN app; no session).

/** POST /api/devices/activation-code. */
export const ActivationCodeRequest = v.object({
  platform: DevicePlatform,
  /** The device's own name (its host name); the platform's name when left out. */
  deviceName: v.optional(Nickname),
});
export type ActivationCodeRequest = v.InferOutput<typeof ActivationCodeRequest>;

export const ActivationCodeResponse = v.object({
  deviceUUID: v.string(),
  /** Six digits, shown to the person, who enters them on /activate. */
  activationCode: v.string(),
  /** A secret only this device holds: it proves the device when it polls. */
  pollToken: v.string(),
  expiresAt: v.string(),
  pollIntervalSeconds: v.number(),
});
export type ActivationCodeResponse = v.InferOutput<typeof ActivationCodeResponse>;

export const ActivationState = v.picklist(['waiting', 'linked', 'expired']);
export type ActivationState = v.InferOutput<typeof ActivationState>;

/** GET /api/devices/activation-code/status with the poll token in `x-device-poll-token`. */
export const ActivationStatus = v.object({ state: ActivationState });
export type ActivationStatus = v.InferOutput<typeof ActivationStatus>;

// The person's side (a session).

export const LinkedDevice = v.object({
  deviceUUID: v.string(),
  nickname: v.string(),
  platform: DevicePlatform,
  role: v.literal('client'),
  /** ISO time the device was last connected. */
  lastSeen: v.string(),
  linkedAt: v.string(),
  /** False once the person signed it out: still linked (and counted), no longer active. */
  signedIn: v.boolean(),
  subscription: v.nullable(v.object({ referenceId: v.string(), productName: v.string() })),
});
export type LinkedDevice = v.InferOutput<typeof LinkedDevice>;

/** PATCH /api/account/linkDevice. */
export const LinkDeviceRequest = v.object({
  userid: v.pipe(v.string(), v.uuid(DeviceMessage.notYourAccount)),
  activationCode: ActivationCode,
});
export type LinkDeviceRequest = v.InferOutput<typeof LinkDeviceRequest>;

export const LinkDeviceResponse = v.object({ success: v.literal(true), device: LinkedDevice });
export type LinkDeviceResponse = v.InferOutput<typeof LinkDeviceResponse>;

/** GET /api/account/linkedDevices. */
export const LinkedDevices = v.object({
  devices: v.array(LinkedDevice),
  /** The account's device limit (availableDeviceLimit); every linked device counts against it. */
  deviceLimit: v.number(),
});
export type LinkedDevices = v.InferOutput<typeof LinkedDevices>;

/** PATCH /api/account/linkedDevices/friendlyName. */
export const RenameDeviceRequest = v.object({ deviceUUID: DeviceUuid, nickname: Nickname });
export type RenameDeviceRequest = v.InferOutput<typeof RenameDeviceRequest>;

/** DELETE /api/account/linkedDevices and PATCH /api/account/linkedDevice/dissociate. */
export const DeviceRequest = v.object({ deviceUUID: DeviceUuid });
export type DeviceRequest = v.InferOutput<typeof DeviceRequest>;

/** PATCH /api/account/linkedDevice/associate. */
export const AssociateDeviceRequest = v.object({
  deviceUUID: DeviceUuid,
  referenceId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
});
export type AssociateDeviceRequest = v.InferOutput<typeof AssociateDeviceRequest>;

/** The answer of rename, associate and dissociate: the device as it now is. */
export const DeviceChangeResponse = v.object({ success: v.literal(true), device: LinkedDevice });
export type DeviceChangeResponse = v.InferOutput<typeof DeviceChangeResponse>;
