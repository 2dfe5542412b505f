import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import type { CsvValue } from '@/lib/csv';
import { formatNumber } from '@/lib/i18n';
import { Spinner } from './spinner';
import type { ListSort } from './use-list-state';

export interface Column<Row> {
  key: string;
  /** the column's heading (already translated) */
  header: ReactNode;
  render: (row: Row) => ReactNode;
  className?: string;
  /** the list's call can sort by this column: the key it passes to the call (server-side sort only) */
  sortKey?: string;
  /**
   * the column's value in the CSV export; by default the text the cell shows; false leaves the column
   * out (the actions column is always left out)
   */
  csv?: ((row: Row) => CsvValue) | false;
  /** a column of the CSV export only (the table does not show it) */
  exportOnly?: boolean;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  loading?: boolean;
  rowKey: (row: Row) => string | number;
  /** for a list read and empty; defaults to 'Aucune information disponible' (never said of a failed load) */
  emptyText?: string;
  caption?: string;
  /** the detail a row opens (a click anywhere on it, or Enter while it has the focus) */
  rowLink?: (row: Row) => string | null | undefined;
  /** the current server-side sort, and its change (columns with a sortKey become buttons) */
  sort?: ListSort | null;
  onSort?: (sort: ListSort | null) => void;
  /** the call can also sort descending (otherwise a second click goes back to the call's own order) */
  sortDescending?: boolean;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="note"], [tabindex]';

/** Whether a click or key press belongs to a control inside the row (which then does its own job). */
function fromControl(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as Element | null;
  const control = target?.closest(INTERACTIVE);
  return !!control && control !== event.currentTarget;
}

/** The next sort of a column after a click: ascending, then descending (when allowed), then none. */
export function nextSort(
  current: ListSort | null | undefined,
  key: string,
  descending: boolean,
): ListSort | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc' && descending) return { key, direction: 'desc' };
  return null;
}

/** A cell's content: a number is written as the current language writes it ('1 054,43'). */
const cellContent = (node: ReactNode): ReactNode => (typeof node === 'number' ? formatNumber(node) : node);

export function DataTable<Row>({
  columns: allColumns,
  rows,
  loading,
  rowKey,
  emptyText,
  caption,
  rowLink,
  sort,
  onSort,
  sortDescending = false,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = allColumns.filter((column) => !column.exportOnly);
  const open = (to: string, event: MouseEvent | KeyboardEvent) => {
    // a new tab or window as a link would (ctrl/cmd/shift/middle click)
    if ('button' in event && (event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1)) {
      window.open(to, '_blank', 'noopener');
      return;
    }
    void navigate(to);
  };
  return (
    <Table responsive hover className="data-table align-middle" aria-busy={loading ? true : undefined}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => {
            const sortable = !!column.sortKey && !!onSort;
            const direction = sortable && sort && sort.key === column.sortKey ? sort.direction : null;
            return (
              <th
                key={column.key}
                scope="col"
                className={column.className}
                aria-sort={
                  sortable
                    ? direction
                      ? direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined
                }
              >
                {sortable && column.sortKey ? (
                  <button
                    type="button"
                    // the arrow is drawn by the style sheet; aria-sort says the order to screen readers
                    className="btn btn-link p-0 data-table-sort text-reset fw-semibold text-decoration-none"
                    onClick={() => onSort(nextSort(sort, column.sortKey as string, sortDescending))}
                  >
                    {column.header}
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <tr>
            <td colSpan={columns.length} className="text-center py-4">
              <Spinner />
            </td>
          </tr>
        ) : !rows ? (
          // nothing was read (a failed load, whose warning shows above): no claim that there is no data
          <tr>
            <td colSpan={columns.length} className="text-center text-body-secondary py-4">
              <span aria-hidden="true">—</span>
            </td>
          </tr>
        ) : rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="text-center text-body-secondary py-4">
              {emptyText ?? t('common.no_information')}
            </td>
          </tr>
        ) : (
          rows.map((row) => {
            const to = rowLink?.(row);
            const cells = columns.map((column) => {
              // on a phone a row is a card: each value beside its column's name (drawn from
              // data-label by the style sheet, so that the cell's text stays its value)
              const label = typeof column.header === 'string' ? column.header : undefined;
              return (
                <td key={column.key} className={column.className} data-label={label}>
                  {/* one box for the value, beside its name on a phone */}
                  {label ? <div>{cellContent(column.render(row))}</div> : cellContent(column.render(row))}
                </td>
              );
            });
            if (!to) return <tr key={rowKey(row)}>{cells}</tr>;
            return (
              // The row opens its detail on a click or Enter (the row's own link stays in a cell for
              // screen readers; buttons inside the row keep their job).
              <tr
                key={rowKey(row)}
                className="data-table-row-link"
                // Enter on a focused row opens it
                tabIndex={0}
                onClick={(event) => {
                  if (!fromControl(event)) open(to, event);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !fromControl(event)) {
                    event.preventDefault();
                    open(to, event);
                  }
                }}
              >
                {cells}
              </tr>
            );
          })
        )}
      </tbody>
    </Table>
  );
}
