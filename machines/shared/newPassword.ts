import * as v from 'valibot';
import { AccountCreationMessage, NewPassword } from '../../contract/account-creation';

export type NewPasswordErrors = Partial<Record<'password' | 'repeatPassword', string>>;

/** A new password and its repetition: the contract's rules, then the spec's "must match". */
export function newPasswordErrorsOf(password: string, repeatPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const result = v.safeParse(NewPassword, password);
  if (!result.success) errors.password = result.issues[0].message;
  if (repeatPassword !== password) errors.repeatPassword = AccountCreationMessage.passwordsDiffer;
  return errors;
}
