import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'dir'>;

/** An e-mail address input: the e-mail keyboard, and left to right even in Arabic. */
export function EmailField({ name = 'email', autoComplete = 'email', ...props }: EmailFieldProps) {
  return <TextField {...props} type="email" inputMode="email" dir="ltr" name={name} autoComplete={autoComplete} />;
}
