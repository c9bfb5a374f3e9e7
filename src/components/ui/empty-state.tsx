import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

/** What a list shows when it has nothing yet: why, and the way to the first one. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' })}>
      <p className={css({ color: 'fg.muted' })}>{children}</p>
      {action}
    </div>
  );
}
