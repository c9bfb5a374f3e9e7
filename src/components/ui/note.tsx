import type { ReactNode } from 'react';
import { cx } from '../../../styled-system/css';
import { alert } from '../../theme/recipes/alert';

/**
 * Something the person should know that is not news, so screen readers do not interrupt with it
 * (unlike `Alert`): a team's requirement, and the way to meet it. In the alert's frame, accent-toned.
 */
export function Note({ children, className }: { children: ReactNode; className?: string }) {
  const styles = alert({ tone: 'accent' });
  return (
    <div className={cx(styles.root, className)}>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
