import type { ReactNode } from 'react';
import { TextField } from './ui/text-field';

type NewPasswordFieldsProps = {
  labels: { password: ReactNode; repeat: ReactNode };
  password: string;
  repeatPassword: string;
  errors: { password?: string; repeat?: string };
  disabled: boolean;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
};

/** A new password and its repetition, marked for password managers as a new password. */
export function NewPasswordFields({
  labels,
  password,
  repeatPassword,
  errors,
  disabled,
  onPasswordChange,
  onRepeatChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        disabled={disabled}
        errorText={errors.password}
        onValueChange={onPasswordChange}
      />
      <TextField
        label={labels.repeat}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeatPassword}
        disabled={disabled}
        errorText={errors.repeat}
        onValueChange={onRepeatChange}
      />
    </>
  );
}
