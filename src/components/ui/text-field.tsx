// Named parts rather than the `Field` namespace, which would bring every part (textarea, select…).
import { FieldErrorText, FieldInput, FieldLabel, FieldRoot } from '@ark-ui/react/field';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { fieldControl } from './field-control';

type TextFieldProps = {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  errorText?: ReactNode;
  disabled?: boolean;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'autoComplete' | 'autoCapitalize' | 'inputMode' | 'autoFocus' | 'dir' | 'maxLength' | 'spellCheck'
>;

/** A labelled input whose invalid state and error text come from the caller (a machine snapshot). */
export function TextField({ label, value, onValueChange, errorText, disabled, ...inputProps }: TextFieldProps) {
  return (
    <FieldRoot
      invalid={Boolean(errorText)}
      disabled={disabled}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}
    >
      <FieldLabel className={css({ fontWeight: 'medium', color: 'fg.default' })}>{label}</FieldLabel>
      <FieldInput
        {...inputProps}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        className={fieldControl}
      />
      <FieldErrorText className={css({ color: 'danger.default', fontSize: 'sm' })}>{errorText}</FieldErrorText>
    </FieldRoot>
  );
}
