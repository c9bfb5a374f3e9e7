import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { forwardRef } from 'react';
import { cva, type RecipeVariantProps } from '../../../styled-system/css';

/** The button's look, also for a link that acts as a button (`<a className={buttonLook()}>`). */
export const buttonLook = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minHeight: '10',
    paddingInline: '4',
    borderRadius: 'l2',
    fontWeight: 'semibold',
    fontSize: 'md',
    cursor: 'pointer',
    transition: 'background-color token(durations.normal), border-color token(durations.normal)',
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'accent.fg',
        // `:not(:disabled)` rather than `:enabled`, which no link matches.
        _hover: { '&:not(:disabled)': { bg: 'accent.emphasis' } },
      },
      outline: {
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'canvas',
        color: 'fg.default',
        _hover: { '&:not(:disabled)': { bg: 'surface' } },
      },
      link: {
        minHeight: 'auto',
        paddingInline: '0',
        color: 'accent.default',
        textDecoration: 'underline',
        fontWeight: 'medium',
      },
    },
    width: { full: { width: '100%' }, auto: {} },
  },
  defaultVariants: { variant: 'solid', width: 'auto' },
});

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
