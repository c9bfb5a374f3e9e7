import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DeviceMessage, type DevicePlatform } from '../../../contract/devices';
import { messageTextOf } from '../../lib/contract-messages';

/**
 * The contract's device messages, translated: the server answers refusals with these texts in
 * `message`, and the machines check codes and nicknames with them. Activation and the devices
 * section both show them.
 */
export const deviceMessageText = messageTextOf({
  [DeviceMessage.codeInvalid]: msg`This activation code is not valid. Check the code shown on your device and try again.`,
  [DeviceMessage.codeNotAccepted]: msg`This activation code does not work. Check the code shown on your device, or ask it for a new one.`,
  [DeviceMessage.notYourAccount]: msg`You can only link devices to your own account.`,
  [DeviceMessage.deviceLimitReached]: msg`Your account has reached its device limit. Remove a device before you link another one.`,
  [DeviceMessage.nicknameRequired]: msg`Please enter a name for the device.`,
  [DeviceMessage.nicknameTooLong]: msg`Please keep the device name to 64 characters or fewer.`,
  [DeviceMessage.nicknameControlCharacters]: msg`The device name cannot contain control characters.`,
  [DeviceMessage.deviceNotFound]: msg`There is no such device on your account.`,
  [DeviceMessage.subscriptionInactive]: msg`This subscription has expired and cannot take devices.`,
  [DeviceMessage.subscriptionSeatsFull]: msg`This subscription has no room for another device. Dissociate a device from it first, or add seats.`,
});

/** When the server sent no message (network down, a 5xx). */
export const linkUnavailable = msg`We could not link the device right now. Please try again later.`;
export const deviceChangeUnavailable = msg`We could not change the device right now. Please try again later.`;

/** How a device's platform is named on the devices list and after activation. */
export const platformLabels: Record<DevicePlatform, MessageDescriptor> = {
  windows: msg`Windows`,
  macos: msg`macOS`,
  linux: msg`Linux`,
  android: msg`Android`,
  ios: msg`iOS`,
  other: msg`Other`,
};
