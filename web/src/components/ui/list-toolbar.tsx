import { isValidElement, useId, useState, type ReactNode } from 'react';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import type { ApiResponse, Pagination as PaginationInfo } from '@/lib/api-client';
import { buildCsv, csvFileName, type CsvColumn, type CsvValue } from '@/lib/csv';
import { intlLocale } from '@/lib/i18n';
import type { Column } from './data-table';
import { Spinner } from './spinner';
import { PAGE_SIZES } from './use-list-state';

/** The rows a page shows: { from, to, total } (from = 0 when the list is empty). */
export function pageRange(pagination: Pick<PaginationInfo, 'totalCount' | 'currentPage' | 'perPage'>): {
  from: number;
  to: number;
  total: number;
} {
  const { totalCount: total, currentPage, perPage } = pagination;
  if (total <= 0 || perPage <= 0) return { from: 0, to: 0, total: Math.max(total, 0) };
  const from = Math.min((Math.max(currentPage, 1) - 1) * perPage + 1, total);
  return { from, to: Math.min(from + perPage - 1, total), total };
}

/** The paging of a list its call answers whole (not paged): one page holding every row. */
export const wholeList = (count: number): PaginationInfo => ({
  totalCount: count,
  pageCount: 1,
  currentPage: 1,
  perPage: Math.max(count, 1),
});

/** '1–20 sur 56' (English: '1–20 of 56'), numbers as the language writes them. */
export function RangeCounter({ pagination }: { pagination: PaginationInfo | undefined }) {
  const { t, i18n } = useTranslation();
  if (!pagination) return null;
  const range = pageRange(pagination);
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  return (
    <span className="list-range text-body-secondary" data-testid="list-range">
      {range.total === 0
        ? t('pagination.range_empty')
        : t('pagination.range', {
            from: number.format(range.from),
            to: number.format(range.to),
            total: number.format(range.total),
          })}
    </span>
  );
}

/** What a cell shows in place of an empty value: an empty cell in the export. */
const PLACEHOLDER = /^[-\u2013\u2014]$/;

/**
 * The text a cell shows, read from what it renders (elements' children, numbers kept as numbers);
 * a placeholder dash gives an empty cell.
 */
function cellValue(node: ReactNode): CsvValue {
  const value = nodeValue(node);
  return typeof value === 'string' && PLACEHOLDER.test(value.trim()) ? '' : value;
}

function nodeValue(node: ReactNode): CsvValue {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return node;
  if (Array.isArray(node)) {
    const parts = node.map(nodeValue).filter((part) => part !== '');
    return parts.length === 1 ? parts[0] : parts.map(String).join(' ');
  }
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeValue(node.props.children);
  return '';
}

/**
 * Values of the export that the table's cells cannot give for every exported row (counts loaded
 * after each page, for instance), by column key, read once the rows are known.
 */
export type CsvValues<Row> = Partial<Record<string, (row: Row) => CsvValue>>;

/**
 * The CSV columns of a table's columns: those with a text heading, the actions left out; a value
 * given in `values` for a column's key wins over the column's own.
 */
export function csvColumns<Row>(
  columns: readonly Column<Row>[],
  values: CsvValues<Row> = {},
): CsvColumn<Row>[] {
  return columns.flatMap((column) => {
    if (column.csv === false || column.key === 'actions' || typeof column.header !== 'string') return [];
    const value = values[column.key] ?? column.csv ?? ((row: Row) => cellValue(column.render(row)));
    return [{ header: column.header, value }];
  });
}

export interface CsvExport<Row> {
  /** the list's name (the file is named after it and the day) */
  name: string;
  columns: readonly Column<Row>[];
  /** one page of the list, through the list's own call with its current filters and sort */
  fetchPage: (page: number, perPage: number) => Promise<ApiResponse<Row[]>>;
  /** what the export reads besides the rows, once they are all known (see CsvValues) */
  values?: (rows: readonly Row[]) => Promise<CsvValues<Row>>;
}

/**
 * The CSV export's page reader from the list's query-options factory: the same call (and cache) as the
 * list, at another page and page size.
 */
export function usePageFetcher<Row, Key extends QueryKey>(
  options: (
    page: number,
    perPage: number,
  ) => FetchQueryOptions<ApiResponse<Row[]>, Error, ApiResponse<Row[]>, Key>,
): CsvExport<Row>['fetchPage'] {
  const queryClient = useQueryClient();
  return (page, perPage) => queryClient.fetchQuery(options(page, perPage));
}

const EXPORT_PAGE_SIZE = 100;

/** Every row of the list: the pages one after the other, through the list's own call. */
export async function fetchAllRows<Row>(
  fetchPage: CsvExport<Row>['fetchPage'],
  perPage: number = EXPORT_PAGE_SIZE,
): Promise<Row[]> {
  const first = await fetchPage(1, perPage);
  const rows = [...first.data];
  for (let page = 2; page <= first.pagination.pageCount; page += 1) {
    rows.push(...(await fetchPage(page, perPage)).data);
  }
  return rows;
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Exporter (CSV)': the whole list (all pages, current filters) as a file for a French spreadsheet. */
function ExportCsvButton<Row>({ name, columns, fetchPage, values }: CsvExport<Row>) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      const rows = await fetchAllRows(fetchPage);
      const extra = values ? await values(rows) : {};
      download(buildCsv(csvColumns(columns, extra), rows), csvFileName(name));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => void run()}
        disabled={state === 'busy'}
        aria-busy={state === 'busy' ? true : undefined}
      >
        {state === 'busy' ? <Spinner size="sm" label={t('list.exporting')} /> : null} {t('list.export_csv')}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className="text-danger small">
          {t('list.export_failed')}
        </span>
      ) : null}
    </>
  );
}

/**
 * Above a paged list: the range counter ('1–20 sur 56'), the page size (kept in the URL) and the CSV
 * export of the whole list.
 */
export function ListToolbar<Row>({
  pagination,
  perPage,
  onPerPage,
  exportCsv,
  children,
}: {
  pagination: PaginationInfo | undefined;
  perPage?: number;
  onPerPage?: (perPage: number) => void;
  exportCsv?: CsvExport<Row>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="list-toolbar d-flex flex-wrap align-items-center gap-2 mb-2">
      <RangeCounter pagination={pagination} />
      <div className="d-flex flex-wrap align-items-center gap-2 ms-auto">
        {children}
        {onPerPage && perPage ? (
          <div className="d-flex align-items-center gap-2">
            <Form.Label htmlFor={`${id}-size`} className="mb-0 small text-nowrap">
              {t('pagination.page_size')}
            </Form.Label>
            <Form.Select
              id={`${id}-size`}
              size="sm"
              className="w-auto"
              value={perPage}
              onChange={(event) => onPerPage(Number(event.target.value))}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Form.Select>
          </div>
        ) : null}
        {exportCsv ? <ExportCsvButton {...exportCsv} /> : null}
      </div>
    </div>
  );
}
