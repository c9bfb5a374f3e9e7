import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AccountCreationMessage } from '../../contract/account-creation';
import { AuthMessage } from '../../contract/auth';

/** Every validation key of the contract (docs/spec.md §5), translated once for every form. */
const validationMessages: Record<string, MessageDescriptor> = {
  [AuthMessage.emailInvalid]: msg`The E-Mail address provided is invalid`,
  [AuthMessage.passwordRequired]: msg`Password is required`,
  [AccountCreationMessage.emailsDiffer]: msg`The E-Mail addresses don't match`,
  [AccountCreationMessage.invalidCode]: msg`Invalid code, please try again.`,
  [AccountCreationMessage.passwordTooShort]: msg`Please use at least 8 characters.`,
  [AccountCreationMessage.passwordTooLong]: msg`Please use at most 128 characters.`,
  [AccountCreationMessage.passwordsDiffer]: msg`Password doesn't match`,
};

/** The server's refusal of a new password that is on the list of the most common ones. */
export const passwordTooCommonMessage = msg`This password is one of the most common ones. Please choose another.`;

/** A field error's message key, translated; a form may add keys of its own. */
export function fieldErrorText(
  i18n: I18n,
  key: string | undefined,
  extra: Record<string, MessageDescriptor> = {},
): string | undefined {
  if (!key) return undefined;
  return i18n._(extra[key] ?? validationMessages[key] ?? { id: key, message: key });
}
