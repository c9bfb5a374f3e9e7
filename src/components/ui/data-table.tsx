import { type ReactNode, useId } from 'react';
import { css } from '../../../styled-system/css';
import { table } from '../../theme/recipes/table';
import { Pager } from './pager';

type SortDirection = 'ascending' | 'descending';

export type DataTableColumn<TRow, TKey extends string = string> = {
  key: TKey;
  header: ReactNode;
  cell: (row: TRow) => ReactNode;
  /** Numbers: aligned to the end, in tabular figures. */
  numeric?: boolean;
  /** The header sorts the table by this column (the table must be given `sort` and `onSort`). */
  sortable?: boolean;
  /** Heard but not seen (a column of buttons: "Actions"). */
  headerHidden?: boolean;
  /** The cell names its row for screen readers (`<th scope="row">`). */
  rowHeader?: boolean;
};

export type DataTableProps<TRow, TKey extends string> = {
  /** Names the table for screen readers; shown above it unless `captionHidden`. */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly DataTableColumn<TRow, TKey>[];
  rows: readonly TRow[];
  /** A key unique among the rows; `index` for rows with no id of their own (with the row's values). */
  rowKey: (row: TRow, index: number) => string;
  sort?: { column: TKey; direction: SortDirection };
  onSort?: (column: TKey) => void;
  /** Under the table: "Previous page", "Page 2 of 7", "Next page". */
  pager?: { label: string; page: number; pages: number; onPage: (page: number) => void };
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /**
   * The table is the whole content of a section named alike (a card titled as its caption): its
   * scroller is then a group, so the page does not have two regions of the one name.
   */
  inNamedSection?: boolean;
  /**
   * Only the sorted column's header carries `aria-sort` (ARIA's "one header at a time"), rather than
   * every sortable one, "none" while unsorted.
   */
  sortedHeaderOnly?: boolean;
  /** Beside the pager, at the end: the table's own actions ("Export as CSV"). */
  actions?: ReactNode;
  /** Every cell on one line: the table scrolls sideways rather than its rows growing (a log, a report). */
  nowrap?: boolean;
};

const hidden = css({ srOnly: true });

/**
 * The portal's one data table: a caption, headers that sort (announced with `aria-sort`), numeric
 * cells aligned, its own horizontal scroll on narrow screens (focusable, so it scrolls by keyboard),
 * and a pager.
 */
export function DataTable<TRow, TKey extends string>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  pager,
  empty,
  inNamedSection = false,
  sortedHeaderOnly = false,
  actions,
  nowrap = false,
}: DataTableProps<TRow, TKey>) {
  const styles = table();
  const captionId = useId();
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div>
      {/* A scrolling region takes the focus, to scroll by keyboard (axe's scrollable-region-focusable). */}
      <section
        role={inNamedSection ? 'group' : undefined}
        className={styles.scroller}
        tabIndex={0}
        aria-labelledby={captionId}
      >
        <table className={styles.table}>
          <caption id={captionId} className={captionHidden ? hidden : styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const numericStyles = table({ numeric: column.numeric ?? false });
                const sorted = sort?.column === column.key;
                const unsorted = sortedHeaderOnly ? undefined : 'none';
                const ariaSort = column.sortable ? (sorted ? sort?.direction : unsorted) : undefined;
                return (
                  <th key={column.key} scope="col" className={numericStyles.header} aria-sort={ariaSort}>
                    {column.sortable && onSort ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        data-sorted={sorted ? '' : undefined}
                        onClick={() => onSort(column.key)}
                      >
                        {column.header}
                        <span aria-hidden="true">{sorted ? (sort?.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    ) : column.headerHidden ? (
                      <span className={hidden}>{column.header}</span>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => {
                  const className = table({ numeric: column.numeric ?? false, nowrap }).cell;
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pager || actions ? (
        <div className={styles.footer}>
          {pager ? <Pager label={pager.label} page={pager.page} pages={pager.pages} onPage={pager.onPage} /> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
