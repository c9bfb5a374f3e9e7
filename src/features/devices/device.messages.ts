import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DevicePlatform } from '../../../contract/devices';

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
