import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EnrolmentFailure } from '../../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';

/** Why a change did not happen (too many attempts has a wording of its own, with the wait). */
export const failureMessages: Record<Exclude<EnrolmentFailure, 'rateLimited'>, MessageDescriptor> = {
  conflict: msg`Your two-step sign-in was changed meanwhile, perhaps in another window. Here is how it is now.`,
  expired: msg`This setup took too long. Start again to get a new key.`,
  unavailable: msg`We could not change your two-step sign-in right now. Please try again.`,
};

/** The first line of the downloaded file. */
export const recoveryCodesFileHeading = (productName: string, email: string) =>
  msg`Recovery codes for ${productName} (${email}). Each code works once.`;
