import { forwardRef, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { heading } from '../../theme/recipes/text';

type PageHeaderProps = {
  title: ReactNode;
  /** A line under the title: what the page is for, or whose it is. */
  description?: ReactNode;
  /** A way back ("Back to your account"), above the title. */
  back?: ReactNode;
  /** The page's main actions, beside the title. */
  actions?: ReactNode;
  titleId?: string;
};

/**
 * The head of a page: its one h1, focusable from script (tabIndex -1) so a page that changes its
 * step can move the focus to its title, with a way back above and actions beside.
 */
export const PageHeader = forwardRef<HTMLHeadingElement, PageHeaderProps>(function PageHeader(
  { title, description, back, actions, titleId },
  ref,
) {
  return (
    <header className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })}>
      <div
        className={css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minWidth: 'min(100%, 16rem)' })}
      >
        {back ? <div>{back}</div> : null}
        <h1 ref={ref} id={titleId} tabIndex={-1} className={heading({ level: 'page' })}>
          {title}
        </h1>
        {description ? <div className={css({ color: 'fg.muted' })}>{description}</div> : null}
      </div>
      {actions ? <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>{actions}</div> : null}
    </header>
  );
});
