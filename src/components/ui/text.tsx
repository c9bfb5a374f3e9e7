import type { HTMLAttributes } from 'react';
import { cx, type RecipeVariantProps } from '../../../styled-system/css';
import { heading, text } from '../../theme/recipes/text';

type TextProps = HTMLAttributes<HTMLElement> &
  RecipeVariantProps<typeof text> & { as?: 'p' | 'span' | 'div' | 'small' | 'strong' | 'code' };

/** Running text in the portal's tones: `<Text tone="muted">` for what is secondary. */
export function Text({ as: Element = 'p', tone, size, weight, mono, className, ...props }: TextProps) {
  return <Element className={cx(text({ tone, size, weight, mono }), className)} {...props} />;
}

type HeadingProps = HTMLAttributes<HTMLHeadingElement> &
  RecipeVariantProps<typeof heading> & { as: 'h1' | 'h2' | 'h3' | 'h4' };

/** A heading whose look follows its place (page, section, subsection), whatever its outline level. */
export function Heading({ as: Element, level, className, ...props }: HeadingProps) {
  return <Element className={cx(heading({ level }), className)} {...props} />;
}
