import { Field } from '@ark-ui/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { css } from '../../../styled-system/css';

type TextFieldProps = {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  errorText?: ReactNode;
  disabled?: boolean;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'autoComplete' | 'inputMode' | 'autoFocus' | 'dir'>;

/** A labelled input whose invalid state and error text come from the caller (a machine snapshot). */
export function TextField({ label, value, onValueChange, errorText, disabled, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root
      invalid={Boolean(errorText)}
      disabled={disabled}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}
    >
      <Field.Label className={css({ fontWeight: 'medium', color: 'fg.default' })}>{label}</Field.Label>
      <Field.Input
        {...inputProps}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        className={css({
          minHeight: '10',
          paddingInline: '3',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'l2',
          bg: 'canvas',
          color: 'fg.default',
          fontSize: 'md',
          transition: 'border-color token(durations.normal)',
          _invalid: { borderColor: 'danger.default' },
          _disabled: { opacity: 0.7 },
        })}
      />
      <Field.ErrorText className={css({ color: 'danger.default', fontSize: 'sm' })}>{errorText}</Field.ErrorText>
    </Field.Root>
  );
}
