import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { ListToolbar, usePageFetcher, type CsvExport } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { TabHeader } from '@/components/ui/tab-header';
import { useListState, type ListSort, type ListState } from '@/components/ui/use-list-state';
import type { ApiResponse } from '@/lib/api-client';

export interface ListViewProps<Row> {
  title: string;
  query: UseQueryResult<ApiResponse<Row[]>>;
  columns: Column<Row>[];
  rowKey: (row: Row) => number | string;
  page: number;
  onPage: (page: number) => void;
  search?: string;
  onSearch?: (value: string) => void;
  /** the search box's label, when the title does not say what is searched */
  searchLabel?: string;
  /** the count line under the title ('n éléments' unless the list names its rows) */
  countText?: (count: number) => string;
  /** what sits between the header and the table's toolbar: filters, a create link, notices */
  children?: ReactNode;
  addLabel?: string;
  onAdd?: (() => void) | undefined;
  /** the add button opens a dialog (a wizard) rather than a page */
  addOpensDialog?: boolean;
  headingLevel?: 2 | 3;
  /** the list's URL state: its page size, and its sort for columns with a sortKey */
  list?: ListState;
  /** the detail a row opens */
  rowLink?: ((row: Row) => string | null | undefined) | undefined;
  /** one page of the list through its own call (the CSV export reads every page with it) */
  fetchPage?: (page: number, perPage: number) => Promise<ApiResponse<Row[]>>;
  /** what the export reads besides the rows (the counts a page loads after its rows) */
  exportValues?: CsvExport<Row>['values'];
}

/**
 * One paged list (territorial-admin.md section 2): title, count subtitle, optional search,
 * add button (only when onAdd is given: hidden in read-only mode), the list's own filters,
 * page size and CSV export, table (cards on a phone, its empty text), pagination, the
 * 'alert.loading_error' warning with its retry in place of the rows when the list fails.
 */
export function ListView<Row>({
  title,
  query,
  columns,
  rowKey,
  page,
  onPage,
  search,
  onSearch,
  searchLabel,
  countText,
  children,
  addLabel,
  onAdd,
  addOpensDialog = false,
  headingLevel = 2,
  list,
  rowLink,
  fetchPage,
  exportValues,
}: ListViewProps<Row>) {
  const { t } = useTranslation();
  const total = query.data?.pagination.totalCount;
  return (
    <section className="list-view" aria-label={title}>
      <TabHeader
        headingLevel={headingLevel}
        title={title}
        subtitle={
          total !== undefined
            ? (countText?.(total) ?? t('common.count', { count: total }))
            : query.isPending
              ? t('common.loading')
              : undefined
        }
        {...(onSearch ? { search, onSearch, searchLabel } : {})}
        {...(onAdd ? { onAdd, addLabel, addOpensDialog } : {})}
      />
      {children}
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        {...(list ? { perPage: list.perPage, onPerPage: list.setPerPage } : {})}
        {...(fetchPage
          ? {
              exportCsv: {
                name: title,
                columns,
                fetchPage,
                ...(exportValues ? { values: exportValues } : {}),
              },
            }
          : {})}
      />
      <DataTable
        columns={columns}
        rows={query.isError ? undefined : query.data?.data}
        loading={query.isPending}
        rowKey={rowKey}
        caption={title}
        {...(rowLink ? { rowLink } : {})}
        {...(list ? { sort: list.sort, onSort: list.setSort } : {})}
      />
      <Pagination page={page} pageCount={query.data?.pagination.pageCount ?? 1} onChange={onPage} />
    </section>
  );
}

/** The page of a list its call reads: page, page size, and the search, sort and filters the URL holds. */
export interface ListPage<F extends string = never> {
  page: number;
  perPage: number;
  search: string;
  sort: ListSort | null;
  /** the list's own filters (useListState's), each null when not set */
  filters: Record<F, string | null>;
}

/**
 * A list's URL state, its query and its export's page reader from one query-options factory:
 * `view` holds ListView's paging, search (unless `search: false`), page size, sort and export props.
 */
export function useListView<Row, Key extends QueryKey, F extends string = never>(
  prefix: string,
  options: (page: ListPage<F>) => UseQueryOptions<ApiResponse<Row[]>, Error, ApiResponse<Row[]>, Key>,
  { search = true, filters = [] }: { search?: boolean; filters?: readonly F[] } = {},
) {
  const list = useListState<F>(prefix, filters);
  const current: ListPage<F> = {
    page: list.page,
    perPage: list.perPage,
    search: list.search,
    sort: list.sort,
    filters: list.filters,
  };
  const query = useQuery(options(current));
  const fetchPage = usePageFetcher((page, perPage) => options({ ...current, page, perPage }));
  const view = {
    query,
    list,
    page: list.page,
    onPage: list.setPage,
    fetchPage,
    ...(search ? { search: list.search, onSearch: list.setSearch } : {}),
  } satisfies Partial<ListViewProps<Row>>;
  return { list, query, view };
}
