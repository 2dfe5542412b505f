import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, setupI18n } from '@/test/render';
import type { ApiResponse } from '@/lib/api-client';
import { ListView, useListView, type ListPage } from './list-view';
import { ActionButton, useActionsColumn } from './row-actions';

beforeAll(setupI18n);

interface Fruit {
  id: number;
  name: string;
}

const FRUITS: Fruit[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Fruit ${i + 1}` }));

/** A paged call over FRUITS, filtered by name; `fail` makes it answer an error. */
function fruitQuery({ page, perPage, search }: ListPage, fail: boolean) {
  return queryOptions({
    queryKey: ['fruits', { page, perPage, search, fail }],
    queryFn: (): Promise<ApiResponse<Fruit[]>> => {
      if (fail) return Promise.reject(new Error('down'));
      const rows = FRUITS.filter((f) => f.name.includes(search));
      return Promise.resolve({
        data: rows.slice((page - 1) * perPage, page * perPage),
        pagination: {
          totalCount: rows.length,
          pageCount: Math.max(1, Math.ceil(rows.length / perPage)),
          currentPage: page,
          perPage,
        },
      });
    },
  });
}

function Fruits({ fail = false, onDelete }: { fail?: boolean; onDelete?: (fruit: Fruit) => void }) {
  const { view } = useListView('fruits', (page) => fruitQuery(page, fail));
  const actions = useActionsColumn<Fruit>(
    onDelete !== undefined &&
      ((f) => <ActionButton icon="trash" label={`Supprimer ${f.name}`} onClick={() => onDelete(f)} />),
  );
  return (
    <ListView
      {...view}
      title="Fruits"
      rowKey={(f) => f.id}
      columns={[{ key: 'name', header: 'Nom', render: (f) => f.name }, ...actions]}
    />
  );
}

/** The first cell of each body row. */
function names(): string[] {
  const table = screen.getByRole('table', { name: 'Fruits' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('ListView', () => {
  it('shows the count, one page of rows and pages through the list', async () => {
    renderWithProviders(<Fruits />);
    expect(await screen.findByText('25 éléments')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fruits' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(names()[0]).toBe('Fruit 1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(names()).toEqual(['Fruit 21', 'Fruit 22', 'Fruit 23', 'Fruit 24', 'Fruit 25']),
    );
  });

  it('searches through the call, back on the first page', async () => {
    renderWithProviders(<Fruits />);
    await screen.findByText('25 éléments');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Fruit 2{Enter}');
    // 'Fruit 2' and 'Fruit 20' to 'Fruit 25'
    expect(await screen.findByText('7 éléments')).toBeInTheDocument();
    expect(names()).toEqual([
      'Fruit 2',
      'Fruit 20',
      'Fruit 21',
      'Fruit 22',
      'Fruit 23',
      'Fruit 24',
      'Fruit 25',
    ]);
  });

  it('warns when the list cannot load, and shows no rows', async () => {
    renderWithProviders(<Fruits fail />);
    expect(
      await screen.findByText('Une erreur est survenue lors du chargement des données.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /Fruit/ })).not.toBeInTheDocument();
  });

  it('gives each row its actions, named after the row', async () => {
    const onDelete = vi.fn();
    renderWithProviders(<Fruits onDelete={onDelete} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Fruit 3' }));
    expect(onDelete).toHaveBeenCalledWith(FRUITS[2]);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it("filters through the URL, with the list's own filter controls, count words and search label", async () => {
    function Berries() {
      const { list, view } = useListView(
        'berries',
        ({ filters, ...page }) => fruitQuery({ ...page, search: filters.kind ?? '', filters: {} }, false),
        { filters: ['kind'], search: false },
      );
      const { search } = useLocation();
      return (
        <ListView
          {...view}
          title="Baies"
          countText={(count) => `${count} baies`}
          rowKey={(f) => f.id}
          columns={[{ key: 'name', header: 'Nom', render: (f) => f.name }]}
        >
          <button type="button" onClick={() => list.setFilter('kind', 'Fruit 1')}>
            Les fruits 1
          </button>
          <p>Adresse : {search}</p>
        </ListView>
      );
    }
    renderWithProviders(<Berries />);
    expect(await screen.findByText('25 baies')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Les fruits 1' }));
    // 'Fruit 1' and 'Fruit 10' to 'Fruit 19'
    expect(await screen.findByText('11 baies')).toBeInTheDocument();
    expect(screen.getByText('Adresse : ?berries_kind=Fruit+1')).toBeInTheDocument();
  });
});
