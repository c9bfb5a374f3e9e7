import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { forwardRef } from 'react';
import type { RecipeVariantProps } from '../../../styled-system/css';
import { button } from '../../theme/recipes/button';

/** The button's look, also for a link that acts as a button (`<a className={buttonLook()}>`). */
export const buttonLook = button;

export type ButtonProps = HTMLArkProps<'button'> & RecipeVariantProps<typeof buttonLook>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, width, className, type = 'button', ...props },
  ref,
) {
  return (
    <ark.button
      ref={ref}
      type={type}
      className={[buttonLook({ variant, width }), className].filter(Boolean).join(' ')}
      {...props}
    />
  );
});
