import type { ReactNode } from 'react';
import { css, cx, type RecipeVariantProps } from '../../../styled-system/css';
import { text } from '../../theme/recipes/text';

type TextVariants = NonNullable<RecipeVariantProps<typeof text>>;

const collapsedWhenEmpty = css({ _empty: { display: 'none' } });

/**
 * Where a change is confirmed ("The key is deleted."): a live region, so screen readers announce
 * what appears in it, that takes no room in the layout while it says nothing.
 */
export function StatusMessage({
  tone = 'success',
  size,
  children,
}: {
  tone?: TextVariants['tone'];
  size?: TextVariants['size'];
  children?: ReactNode;
}) {
  return (
    <p role="status" className={cx(text({ tone, size }), collapsedWhenEmpty)}>
      {children}
    </p>
  );
}
