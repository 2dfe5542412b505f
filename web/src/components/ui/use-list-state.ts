import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export interface ListState<F extends string = never> {
  page: number;
  search: string;
  tab: string | null;
  /** the list's own filters (and its sort), each null when not set */
  filters: Record<F, string | null>;
  /** sets one filter and goes back to page 1 (null or '' clears it) */
  setFilter(name: F, value: string | null): void;
  setPage(page: number): void;
  /** sets the search and goes back to page 1 */
  setSearch(search: string): void;
  /** sets the tab and goes back to page 1 */
  setTab(tab: string): void;
}

/**
 * List state (page, search, tab and the list's named filters) kept in the URL (STYLE.md),
 * optionally under a prefix per list.
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
    filters,
    setFilter: (name, value) => update({ [key(name)]: value, [key('page')]: null }, 'replace'),
    setPage: (p) => update({ [key('page')]: p <= 1 ? null : String(p) }, 'push'),
    setSearch: (q) => update({ [key('q')]: q, [key('page')]: null }, 'replace'),
    setTab: (t) => update({ [key('tab')]: t, [key('page')]: null }, 'push'),
  };
}
