import { lazy, Suspense, type ReactNode } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Glyph, Icon } from '@/components/ui/icon';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { ListToolbar, type CsvExport } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { TabHeader } from '@/components/ui/tab-header';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import type { ListState } from '@/components/ui/use-list-state';
import type { ApiResponse } from '@/lib/api-client';
import { formatNumber } from '@/lib/i18n';
import { contractKey } from '@/lib/query-keys';

// Loaded on first use, so that a list tab opens without it: the tooltip (popper.js) with the
// first button that has one (the confirmation modal comes the same way with the first delete).
const TooltipOverlay = lazy(() => import('./tooltip-overlay'));

/**
 * One admin list tab (territorial-admin.md section 2): title, count subtitle, optional search,
 * add button (only when onAdd is given: hidden in read-only mode), table, pagination,
 * the 'alert.loading_error' warning when the list fails.
 */
export function ListTab<Row>({
  title,
  query,
  columns,
  rowKey,
  page,
  onPage,
  search,
  onSearch,
  addLabel,
  onAdd,
  headingLevel = 2,
  list,
  rowLink,
  fetchPage,
  exportValues,
}: {
  title: string;
  query: UseQueryResult<ApiResponse<Row[]>>;
  columns: Column<Row>[];
  rowKey: (row: Row) => number | string;
  page: number;
  onPage: (page: number) => void;
  search?: string;
  onSearch?: (value: string) => void;
  addLabel?: string;
  onAdd?: (() => void) | undefined;
  headingLevel?: 2 | 3;
  /** the list's URL state: its page size, and its sort for columns with a sortKey */
  list?: ListState;
  /** the detail a row opens */
  rowLink?: (row: Row) => string | null | undefined;
  /** one page of the list through its own call (the CSV export reads every page with it) */
  fetchPage?: (page: number, perPage: number) => Promise<ApiResponse<Row[]>>;
  /** what the export reads besides the rows (the counts a page loads after its rows) */
  exportValues?: CsvExport<Row>['values'];
}) {
  const { t } = useTranslation();
  const total = query.data?.pagination.totalCount;
  return (
    <section className="admin-list-tab" aria-label={title}>
      <TabHeader
        headingLevel={headingLevel}
        title={title}
        subtitle={
          total !== undefined
            ? t('common.count', { count: total })
            : query.isPending
              ? t('common.loading')
              : undefined
        }
        {...(onSearch ? { search, onSearch } : {})}
        {...(onAdd ? { onAdd, addLabel } : {})}
      />
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

const COUNTS_PER_CALL = 100;

/**
 * Per-row counts for every row of an export (the counts a page reads after its rows), read through
 * the page's own count query a hundred rows at a time (one address holds them), merged by kind.
 */
export async function countsOfRows<Kind extends string>(
  ids: readonly number[],
  read: (ids: number[]) => Promise<Record<Kind, Record<number, number>>>,
): Promise<Partial<Record<Kind, Record<number, number>>>> {
  const merged: Partial<Record<Kind, Record<number, number>>> = {};
  for (let start = 0; start < ids.length; start += COUNTS_PER_CALL) {
    const part = await read(ids.slice(start, start + COUNTS_PER_CALL));
    for (const kind of Object.keys(part) as Kind[]) merged[kind] = { ...merged[kind], ...part[kind] };
  }
  return merged;
}

/** A count that loads after the list: a spinner until it arrives, '-' when it could not load. */
export function CountCell({ value, failed = false }: { value: number | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  if (failed) return <>-</>;
  if (value === undefined) return <Spinner size="sm" label={t('territorial_admin.count_loading')} />;
  return <>{formatNumber(value)}</>;
}

export function DetailLink({ to, label }: { to: string | null; label: string }) {
  if (!to) return null;
  return (
    <Link to={to} className="btn btn-sm btn-outline-primary" title={label}>
      <Icon name="search" />
      <span className="visually-hidden">{label}</span>
    </Link>
  );
}

export function ActionButton({
  label,
  icon,
  onClick,
  variant = 'outline-danger',
  disabled,
  tooltip,
}: {
  label: string;
  icon: string;
  onClick: () => void;
  variant?: string;
  disabled?: boolean;
  /** shown on hover and focus (a disabled button gets a focusable wrapper) */
  tooltip?: string;
}) {
  const button = (
    <button
      type="button"
      className={`btn btn-sm btn-${variant}`}
      onClick={onClick}
      disabled={disabled}
      title={tooltip ? undefined : label}
    >
      <span aria-hidden="true">
        <Glyph icon={icon} />
      </span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
  if (!tooltip) return button;
  const target = (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled button gets no focus; its wrapper carries the tooltip
    <span className="d-inline-block" tabIndex={0} aria-label={`${label} : ${tooltip}`} role="note">
      {button}
    </span>
  );
  // the same wrapper shows while the tooltip's code loads
  return (
    <Suspense fallback={target}>
      <TooltipOverlay id={`tip-${label.replace(/\W+/g, '-')}`} text={tooltip}>
        {target}
      </TooltipOverlay>
    </Suspense>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="d-flex gap-2 justify-content-end">{children}</div>;
}

/** A delete behind a confirmation in a contract's lists: the contract's lists refresh after it. */
export function useDeleteConfirm<Row>({
  contractId,
  remove,
  title,
}: {
  contractId: number;
  remove: (row: Row) => Promise<unknown>;
  title: (row: Row) => string;
}): { ask: (row: Row) => void; modal: ReactNode } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useConfirmDelete<Row>({
    remove,
    refresh: () => queryClient.invalidateQueries({ queryKey: contractKey(contractId) }),
    title,
    body: () => t('territorial_admin.delete_body'),
  });
}
