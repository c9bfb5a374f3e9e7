import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

/** A message the person must notice: announced by screen readers as it appears. */
export function Alert({ tone = 'danger', children }: { tone?: 'danger' | 'success'; children: ReactNode }) {
  return (
    <div
      role="alert"
      className={css({
        paddingBlock: '2.5',
        paddingInline: '3',
        borderRadius: 'l2',
        borderInlineStartWidth: '4px',
        borderColor: tone === 'danger' ? 'danger.default' : 'success.default',
        bg: tone === 'danger' ? 'danger.subtle' : 'success.subtle',
        color: 'fg.default',
      })}
    >
      {children}
    </div>
  );
}
