import type { ReactNode } from 'react';
import type { RecipeVariantProps } from '../../../styled-system/css';
import { badge } from '../../theme/recipes/badge';

/** A short state in words beside a name: "This session", "Active". */
export function Badge({ tone, children }: RecipeVariantProps<typeof badge> & { children: ReactNode }) {
  return <span className={badge({ tone })}>{children}</span>;
}
