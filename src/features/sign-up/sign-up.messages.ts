import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { botCheckMissing, type SignUpFailure } from '../../../machines/signUp/signUp.machine';
import { passwordTooCommonMessage } from '../../lib/validation-messages';

/** The form's own key, beside the contract's validation keys. */
export const fieldErrorMessages: Record<string, MessageDescriptor> = {
  [botCheckMissing]: msg`Please complete the check that you are not a robot.`,
};

/** docs/spec.md §8's messages for each refusal. */
export const failureMessages: Record<SignUpFailure, MessageDescriptor> = {
  emailTaken: msg`An account with this E-Mail already exists with us`,
  botCheckFailed: msg`The check that you are not a robot did not succeed. Please try it again.`,
  invalidCode: msg`Invalid code, please try again.`,
  codeExpired: msg`This code no longer works. Please ask for a new one.`,
  resendFailed: msg`We were unable to send a new verification code to you email. Please contact support if this issue persists.`,
  rateLimited: msg`Too many attempts. Please wait a few minutes and try again.`,
  passwordTooCommon: passwordTooCommonMessage,
  unavailable: msg`Something went wrong trying to create your account. Please try again later or contact support`,
};
