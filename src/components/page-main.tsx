import { forwardRef, type ReactNode } from 'react';
import { css } from '../../styled-system/css';

export const mainContentId = 'main-content';

/**
 * The page's one <main>. Focusable from script (tabIndex -1), so the skip link can move the focus
 * here and the next Tab continues inside the page's content.
 */
export const PageMain = forwardRef<HTMLElement, { children: ReactNode }>(function PageMain({ children }, ref) {
  return (
    <main
      ref={ref}
      id={mainContentId}
      tabIndex={-1}
      className={css({
        flex: '1',
        width: '100%',
        maxWidth: '60rem',
        marginInline: 'auto',
        paddingInline: '4',
        paddingBlock: '8',
        _focusVisible: { outline: 'none' },
      })}
    >
      {children}
    </main>
  );
});
