import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setupI18n } from '@/test/render';
import { DataTable, nextSort, type Column } from './data-table';
import type { ListSort } from './use-list-state';

beforeAll(setupI18n);

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];

function renderTable(props: {
  sort?: ListSort | null;
  onSort?: (s: ListSort | null) => void;
  onDelete?: () => void;
}) {
  const columns: Column<Row>[] = [
    { key: 'name', header: 'Nom', render: (r) => r.name, sortKey: 'name' },
    { key: 'id', header: 'Numéro', render: (r) => r.id },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <button type="button" onClick={props.onDelete}>
          Supprimer {r.name}
        </button>
      ),
    },
  ];
  return render(
    <MemoryRouter initialEntries={['/liste']}>
      <Routes>
        <Route
          path="/liste"
          element={
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
              rowLink={(r) => `/detail/${r.id}`}
              sort={props.sort ?? null}
              onSort={props.onSort ?? (() => undefined)}
            />
          }
        />
        <Route path="/detail/:id" element={<h1>Détail</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DataTable rows', () => {
  it('opens the detail on a click anywhere on the row', async () => {
    renderTable({});
    await userEvent.click(screen.getByRole('cell', { name: 'Beta' }));
    expect(screen.getByRole('heading', { name: 'Détail' })).toBeInTheDocument();
  });

  it('opens the detail with Enter on a focused row', async () => {
    renderTable({});
    const row = screen.getByRole('cell', { name: 'Alpha' }).closest('tr') as HTMLElement;
    row.focus();
    expect(row).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Détail' })).toBeInTheDocument();
  });

  it('lets a button inside the row do its own job without opening the detail', async () => {
    const onDelete = vi.fn();
    renderTable({ onDelete });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Alpha' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('heading', { name: 'Détail' })).not.toBeInTheDocument();
  });
});

describe('DataTable sorting', () => {
  it('marks sortable headers with aria-sort and asks the list for the next sort', async () => {
    const onSort = vi.fn();
    const { unmount } = renderTable({ onSort });
    const header = screen.getByRole('columnheader', { name: /Nom/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Numéro' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(screen.getByRole('button', { name: /Nom/ }));
    expect(onSort).toHaveBeenCalledWith({ key: 'name', direction: 'asc' });
    unmount();
    renderTable({ sort: { key: 'name', direction: 'asc' } });
    expect(screen.getByRole('columnheader', { name: /Nom/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it("goes ascending, then descending when the call can, then back to the call's own order", () => {
    expect(nextSort(null, 'name', true)).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name', true)).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name', true)).toBeNull();
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name', false)).toBeNull();
    expect(nextSort({ key: 'type', direction: 'asc' }, 'name', false)).toEqual({
      key: 'name',
      direction: 'asc',
    });
  });
});

describe('DataTable numbers', () => {
  it('writes a number cell as the language does (French: 1 054,43)', () => {
    render(
      <MemoryRouter>
        <DataTable
          columns={[{ key: 'n', header: 'Consommation', render: (r: { n: number }) => r.n }]}
          rows={[{ n: 1054.43 }]}
          rowKey={(r) => r.n}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('cell').textContent).toBe('1\u202f054,43');
  });
});
