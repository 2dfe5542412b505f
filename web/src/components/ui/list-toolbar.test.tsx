import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import { i18n } from '@/lib/i18n';
import { csvColumns, fetchAllRows, pageRange, RangeCounter, wholeList } from './list-toolbar';
import type { Column } from './data-table';

beforeAll(setupI18n);

const pagination = (totalCount: number, currentPage: number, perPage = 20) => ({
  totalCount,
  currentPage,
  perPage,
  pageCount: Math.max(1, Math.ceil(totalCount / perPage)),
});

describe('pageRange', () => {
  it('gives the first and last row of the page', () => {
    expect(pageRange(pagination(56, 1))).toEqual({ from: 1, to: 20, total: 56 });
    expect(pageRange(pagination(56, 2))).toEqual({ from: 21, to: 40, total: 56 });
    expect(pageRange(pagination(56, 3))).toEqual({ from: 41, to: 56, total: 56 });
    expect(pageRange(pagination(56, 1, 100))).toEqual({ from: 1, to: 56, total: 56 });
  });

  it('counts a list its call answers whole as one page', () => {
    expect(pageRange(wholeList(7))).toEqual({ from: 1, to: 7, total: 7 });
    expect(pageRange(wholeList(0))).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('says nothing is shown for an empty list, and stays within the list past its last page', () => {
    expect(pageRange(pagination(0, 1))).toEqual({ from: 0, to: 0, total: 0 });
    expect(pageRange(pagination(5, 4, 10))).toEqual({ from: 5, to: 5, total: 5 });
  });
});

describe('RangeCounter', () => {
  it("reads '1–20 sur 56' in French and '1–20 of 56' in English, numbers by the language", async () => {
    const { rerender } = render(<RangeCounter pagination={pagination(56, 1)} />);
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–20 sur 56');
    rerender(<RangeCounter pagination={pagination(1234, 62)} />);
    expect(screen.getByTestId('list-range').textContent).toBe('1\u202f221–1\u202f234 sur 1\u202f234');
    await i18n.changeLanguage('en');
    try {
      rerender(<RangeCounter pagination={pagination(56, 3)} />);
      expect(screen.getByTestId('list-range')).toHaveTextContent('41–56 of 56');
      rerender(<RangeCounter pagination={pagination(1234, 1)} />);
      expect(screen.getByTestId('list-range')).toHaveTextContent('1–20 of 1,234');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('says there is no result for an empty list', () => {
    render(<RangeCounter pagination={pagination(0, 1)} />);
    expect(screen.getByTestId('list-range')).toHaveTextContent('Aucun résultat');
  });
});

describe('csvColumns', () => {
  interface Row {
    name: string;
    count: number;
    day: string;
  }
  const columns: Column<Row>[] = [
    { key: 'name', header: 'Nom', render: (r) => <strong>{r.name}</strong> },
    { key: 'count', header: 'Nombre', render: (r) => r.count },
    { key: 'day', header: 'Date', render: () => 'affiché', csv: (r) => r.day },
    { key: 'hidden', header: <span>Icône</span>, render: () => 'x' },
    { key: 'skip', header: 'Ignorée', render: () => 'x', csv: false },
    { key: 'actions', header: 'Actions', render: () => <button type="button">Supprimer</button> },
  ];
  it('keeps the columns with a text heading, reads the text a cell shows, leaves the actions out', () => {
    const out = csvColumns(columns);
    expect(out.map((c) => c.header)).toEqual(['Nom', 'Nombre', 'Date']);
    const row = { name: 'Lyon', count: 3, day: '2026-11-23' };
    expect(out.map((c) => c.value(row))).toEqual(['Lyon', 3, '2026-11-23']);
  });

  it("writes a cell showing only a placeholder dash ('-', '—') as an empty cell", () => {
    const dashed: Column<Row>[] = [
      { key: 'a', header: 'A', render: () => '-' },
      { key: 'b', header: 'B', render: () => <>—</> },
      { key: 'c', header: 'C', render: () => <span>-</span> },
      { key: 'd', header: 'D', render: () => 'Saint-Rémy' },
    ];
    const row = { name: 'Lyon', count: 3, day: '2026-11-23' };
    expect(csvColumns(dashed).map((c) => c.value(row))).toEqual(['', '', '', 'Saint-Rémy']);
  });

  it('takes the values given for the export over what a cell shows (counts loaded after the list)', () => {
    const counted: Column<Row>[] = [
      { key: 'name', header: 'Nom', render: (r) => r.name },
      { key: 'count', header: 'Nombre', render: () => <span aria-label="chargement" /> },
    ];
    const out = csvColumns(counted, { count: (r) => r.count * 10 });
    expect(out.map((c) => c.value({ name: 'Lyon', count: 3, day: '' }))).toEqual(['Lyon', 30]);
  });
});

describe('fetchAllRows', () => {
  it('reads every page through the given call, in order', async () => {
    const asked: [number, number][] = [];
    const rows = await fetchAllRows(async (page, perPage) => {
      asked.push([page, perPage]);
      const all = Array.from({ length: 7 }, (_, i) => i + 1);
      return {
        data: all.slice((page - 1) * perPage, page * perPage),
        pagination: { totalCount: 7, pageCount: 3, currentPage: page, perPage },
      };
    }, 3);
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});
