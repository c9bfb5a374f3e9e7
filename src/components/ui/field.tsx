// Named parts rather than the `Field` namespace, which would bring every part (textarea, item…).
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot, FieldSelect } from '@ark-ui/react/field';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from '../../../styled-system/css';
import { field, fieldControl } from '../../theme/recipes/field';

type FieldProps = {
  label: ReactNode;
  /** A line under the control: what to enter, or what happens. */
  helperText?: ReactNode;
  /** Shown, and the control marked invalid, when given (a machine snapshot's error). */
  errorText?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** The control: Ark's FieldInput or FieldSelect (or `SelectField`'s), which take the field's ids. */
  children: ReactNode;
};

/** A labelled control with its description and error, wired for screen readers by Ark UI's Field. */
export function Field({ label, helperText, errorText, disabled, className, children }: FieldProps) {
  const styles = field();
  return (
    <FieldRoot invalid={Boolean(errorText)} disabled={disabled} className={cx(styles.root, className)}>
      <FieldLabel className={styles.label}>{label}</FieldLabel>
      {children}
      {helperText ? <FieldHelperText className={styles.helperText}>{helperText}</FieldHelperText> : null}
      <FieldErrorText className={styles.errorText}>{errorText}</FieldErrorText>
    </FieldRoot>
  );
}

type SelectFieldProps<TValue extends string> = Omit<FieldProps, 'children'> & {
  value: TValue;
  onValueChange: (value: TValue) => void;
  options: readonly { value: TValue; label: string }[];
} & Pick<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'aria-busy' | 'autoComplete'>;

/** A labelled native `<select>`: the browser's own list, which works by keyboard and on phones. */
export function SelectField<TValue extends string>({
  value,
  onValueChange,
  options,
  name,
  autoComplete,
  'aria-busy': ariaBusy,
  ...fieldProps
}: SelectFieldProps<TValue>) {
  return (
    <Field {...fieldProps}>
      <FieldSelect
        name={name}
        autoComplete={autoComplete}
        aria-busy={ariaBusy}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value as TValue)}
        className={fieldControl}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </FieldSelect>
    </Field>
  );
}
