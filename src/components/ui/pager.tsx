import { Trans } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { Button } from './button';

/**
 * "Previous page", "Page 2 of 7", "Next page" under a paged table; the page's number is announced
 * when it changes. At either end a button is aria-disabled rather than disabled: one pressed to the
 * last page keeps the keyboard's focus. Its messages are in the signed-in catalogue (lingui.config.ts).
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  /** Names the navigation: "Pages of the audit log". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const current = page;
  return (
    <nav aria-label={label} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
      <Button variant="outline" aria-disabled={current <= 1} onClick={() => current > 1 && onPage(current - 1)}>
        <Trans>Previous page</Trans>
      </Button>
      <span aria-live="polite">
        <Trans>
          Page {current} of {pages}
        </Trans>
      </span>
      <Button variant="outline" aria-disabled={current >= pages} onClick={() => current < pages && onPage(current + 1)}>
        <Trans>Next page</Trans>
      </Button>
    </nav>
  );
}
