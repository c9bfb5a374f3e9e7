import { msg } from '@lingui/core/macro';
import { DeviceMessage } from '../../../contract/devices';
import { ErrorCode } from '../../../contract/errors';
import { addRefusalBook } from '../contract-messages';

/** The devices API's messages: activation, nicknames and subscriptions (signed-in pages). */
export const deviceRefusals = addRefusalBook({
  [ErrorCode.invalidCode]: {
    [DeviceMessage.codeNotAccepted]: msg`This activation code does not work. Check the code shown on your device, or ask it for a new one.`,
  },
  [ErrorCode.forbidden]: {
    [DeviceMessage.notYourAccount]: msg`You can only link devices to your own account.`,
  },
  [ErrorCode.notFound]: {
    [DeviceMessage.deviceNotFound]: msg`There is no such device on your account.`,
  },
  [ErrorCode.deviceLimitReached]: {
    [DeviceMessage.deviceLimitReached]: msg`Your account has reached its device limit. Remove a device before you link another one.`,
  },
  [ErrorCode.deviceRefused]: {
    [DeviceMessage.subscriptionInactive]: msg`This subscription has expired and cannot take devices.`,
    [DeviceMessage.subscriptionSeatsFull]: msg`This subscription has no room for another device. Dissociate a device from it first, or add seats.`,
  },
  [ErrorCode.validation]: {
    [DeviceMessage.codeInvalid]: msg`This activation code is not valid. Check the code shown on your device and try again.`,
    [DeviceMessage.nicknameRequired]: msg`Please enter a name for the device.`,
    [DeviceMessage.nicknameTooLong]: msg`Please keep the device name to 64 characters or fewer.`,
    [DeviceMessage.nicknameControlCharacters]: msg`The device name cannot contain control characters.`,
  },
});
