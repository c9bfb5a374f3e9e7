import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { alert } from '../../theme/recipes/alert';
import { Button } from './button';

type AlertProps = {
  tone?: 'danger' | 'success';
  children: ReactNode;
  /** Offers "Try again" (a read or a change that failed and can be made again). */
  onRetry?: () => void;
  /** Other ways on, after "Try again". */
  actions?: ReactNode;
};

/** A message the person must notice, announced by screen readers as it appears, with a way on. */
export function Alert({ tone = 'danger', children, onRetry, actions }: AlertProps) {
  const styles = alert({ tone });
  return (
    <div role="alert" className={styles.root}>
      <div className={styles.content}>{children}</div>
      {onRetry || actions ? (
        <div className={styles.action}>
          {onRetry ? (
            <Button variant="link" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
