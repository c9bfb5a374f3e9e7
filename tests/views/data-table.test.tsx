import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../../src/components/ui/data-table';
import { expectNoAxeViolations } from '../support/axe';
import { TestI18n } from '../support/i18n';

type Row = { id: string; name: string; bytes: number };
const rows: Row[] = [
  { id: 'a', name: 'Laptop', bytes: 1024 },
  { id: 'b', name: 'Phone', bytes: 2048 },
];
const columns: DataTableColumn<Row, 'name' | 'bytes' | 'actions'>[] = [
  { key: 'name', header: 'Device', cell: (row) => row.name, sortable: true, rowHeader: true },
  { key: 'bytes', header: 'Received', cell: (row) => `${row.bytes} B`, sortable: true, numeric: true },
  {
    key: 'actions',
    header: 'Actions',
    cell: (row) => <button type="button">Remove {row.name}</button>,
    headerHidden: true,
  },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row, 'name' | 'bytes' | 'actions'>>[0]> = {}) {
  return render(
    <TestI18n>
      <DataTable caption="Devices" columns={columns} rows={rows} rowKey={(row) => row.id} {...props} />
    </TestI18n>,
  );
}

describe('DataTable', () => {
  it('names the table by its caption, rows by their header cell, and hides only the hidden header', async () => {
    const { container } = renderTable();
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(within(table).getByRole('rowheader', { name: 'Laptop' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Devices' })).toHaveAttribute('tabindex', '0');
    await expectNoAxeViolations(container);
  });

  it('announces the sorted column with aria-sort and sorts by a header press', async () => {
    const onSort = vi.fn();
    renderTable({ sort: { column: 'bytes', direction: 'descending' }, onSort });
    expect(screen.getByRole('columnheader', { name: /Received/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Device/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(screen.getByRole('button', { name: /Device/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('shows the empty state instead of a table without rows, and a pager when given', async () => {
    const onPage = vi.fn();
    renderTable({ rows: [], empty: <p>No devices yet.</p> });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No devices yet.')).toBeInTheDocument();

    renderTable({ pager: { label: 'Pages of devices', page: 1, pages: 3, onPage } });
    const pager = screen.getByRole('navigation', { name: 'Pages of devices' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
