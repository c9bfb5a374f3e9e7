import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CancelReason } from '../../../contract/subscriptions';

/** When the server sent no message (network down, a 5xx). */
export const changeUnavailable = msg`We could not change your subscription right now. Please try again later.`;
export const redemptionUnavailable = msg`We could not redeem the coupon right now. Please try again later.`;
export const delistUnavailable = msg`We could not hide the offer right now. Please try again later.`;

export const cancelReasonLabels: Record<CancelReason, MessageDescriptor> = {
  tooExpensive: msg`It is too expensive`,
  missingFeatures: msg`It is missing features I need`,
  switchedService: msg`I switched to another service`,
  unused: msg`I do not use it enough`,
  other: msg`Another reason`,
};
