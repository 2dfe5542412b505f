import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGING } from '@portal/contract/constants';

/** The page sizes a list offers (the default one, 20, among them). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A server-side sort: the column's sort key, ascending or descending. */
export interface ListSort {
  key: string;
  direction: 'asc' | 'desc';
}

/** 'name' → ascending by name, '-name' → descending (null when absent or not one of the allowed keys). */
function parseSort(value: string | null, allowed?: readonly string[]): ListSort | null {
  if (!value) return null;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const key = direction === 'desc' ? value.slice(1) : value;
  if (!key || (allowed && !allowed.includes(key))) return null;
  return { key, direction };
}

const formatSort = (sort: ListSort | null): string | null =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.key}` : null;

export interface ListState<F extends string = never> {
  page: number;
  search: string;
  tab: string | null;
  /** the list's own filters, each null when not set */
  filters: Record<F, string | null>;
  /** sets one filter and goes back to page 1 (null or '' clears it) */
  setFilter(name: F, value: string | null): void;
  /** the page size (one of PAGE_SIZES; 20 unless the URL says otherwise) */
  perPage: number;
  /** the server-side sort the URL asks for, if any */
  sort: ListSort | null;
  setPage(page: number): void;
  /** sets the search and goes back to page 1 */
  setSearch(search: string): void;
  /** sets the tab and goes back to page 1 */
  setTab(tab: string): void;
  /** sets the page size and goes back to page 1 */
  setPerPage(perPage: number): void;
  /** sets the sort (null: the call's own order) and goes back to page 1 */
  setSort(sort: ListSort | null): void;
}

/**
 * List state (page, page size, sort, search, tab and the list's named filters) kept in the URL
 * (STYLE.md), optionally under a prefix per list.
 */
export function useListState<F extends string = never>(
  prefix = '',
  filterNames: readonly F[] = [],
): ListState<F> {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { hash, search: currentSearch } = useLocation();
  const key = (name: string) => (prefix ? `${prefix}_${name}` : name);
  const rawPage = Number(params.get(key('page')));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const search = params.get(key('q')) ?? '';
  const tab = params.get(key('tab'));
  const rawPerPage = Number(params.get(key('perPage')));
  const perPage = (PAGE_SIZES as readonly number[]).includes(rawPerPage)
    ? rawPerPage
    : PAGING.defaultItemsPerPage;
  const sort = parseSort(params.get(key('sort')));
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, params.get(key(name)) || null]),
  ) as Record<F, string | null>;

  // the fragment (the selected tab) is kept: setSearchParams alone would drop it. A page or a tab
  // is a history entry of its own (Back returns to it); a search replaces the current one.
  const update = useCallback(
    (changes: Record<string, string | null>, history: 'push' | 'replace') => {
      const next = new URLSearchParams(currentSearch);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
      }
      const query = next.toString();
      void navigate(
        { search: query ? `?${query}` : '', hash },
        { replace: history === 'replace', preventScrollReset: true },
      );
    },
    [navigate, currentSearch, hash],
  );

  return {
    page,
    search,
    tab,
    perPage,
    sort,
    filters,
    setFilter: (name, value) => update({ [key(name)]: value, [key('page')]: null }, 'replace'),
    setPage: (p) => update({ [key('page')]: p <= 1 ? null : String(p) }, 'push'),
    setSearch: (q) => update({ [key('q')]: q, [key('page')]: null }, 'replace'),
    setTab: (t) => update({ [key('tab')]: t, [key('page')]: null }, 'push'),
    setPerPage: (size) =>
      update(
        {
          [key('perPage')]: size === PAGING.defaultItemsPerPage ? null : String(size),
          [key('page')]: null,
        },
        'push',
      ),
    setSort: (next) => update({ [key('sort')]: formatSort(next), [key('page')]: null }, 'push'),
  };
}
