import { FieldInput } from '@ark-ui/react/field';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldControl } from '../../theme/recipes/field';
import { Field } from './field';

type TextFieldProps = {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  helperText?: ReactNode;
  errorText?: ReactNode;
  disabled?: boolean;
  className?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'name'
  | 'autoComplete'
  | 'autoCapitalize'
  | 'inputMode'
  | 'autoFocus'
  | 'dir'
  | 'maxLength'
  | 'spellCheck'
  | 'placeholder'
>;

/** A labelled input whose invalid state and error text come from the caller (a machine snapshot). */
export function TextField({
  label,
  value,
  onValueChange,
  helperText,
  errorText,
  disabled,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} helperText={helperText} errorText={errorText} disabled={disabled} className={className}>
      <FieldInput
        {...inputProps}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        className={fieldControl}
      />
    </Field>
  );
}
