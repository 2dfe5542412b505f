import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

export interface Column<Row> {
  key: string;
  /** the column's heading (already translated) */
  header: ReactNode;
  render: (row: Row) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  loading?: boolean;
  rowKey: (row: Row) => string | number;
  /** for a list read and empty; defaults to 'Aucune information disponible' (never said of a failed load) */
  emptyText?: string;
  caption?: string;
}

export function DataTable<Row>({ columns, rows, loading, rowKey, emptyText, caption }: DataTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <Table responsive hover className="data-table align-middle" aria-busy={loading ? true : undefined}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.className}>
              {column.header}
            </th>
          ))}
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
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.className}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
