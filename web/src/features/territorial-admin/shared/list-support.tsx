import type { ReactNode } from 'react';
import type { EndpointId } from '@portal/contract';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Column as TableColumn } from '@/components/ui/data-table';
import type { CsvExport } from '@/components/ui/list-toolbar';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import { formatNumber } from '@/lib/i18n';
import { invalidateEndpoints } from '@/lib/endpoint-query';

const COUNTS_PER_CALL = 100;

/** Counts per row id, by kind (skill sets, operators, members...). */
type Counts<Kind extends string> = Record<Kind, Record<number, number>>;

/**
 * Per-row counts for every row of an export (the counts a page reads after its rows), read through
 * the page's own count query a hundred rows at a time (one address holds them), merged by kind.
 */
async function countsOfRows<Kind extends string>(
  ids: readonly number[],
  read: (ids: number[]) => Promise<Counts<Kind>>,
): Promise<Partial<Counts<Kind>>> {
  const merged: Partial<Counts<Kind>> = {};
  for (let start = 0; start < ids.length; start += COUNTS_PER_CALL) {
    const part = await read(ids.slice(start, start + COUNTS_PER_CALL));
    for (const kind of Object.keys(part) as Kind[]) merged[kind] = { ...merged[kind], ...part[kind] };
  }
  return merged;
}

/** A count that loads after the list: a spinner until it arrives, '-' when it could not load. */
function CountCell({ value, failed = false }: { value: number | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  if (failed) return <>-</>;
  if (value === undefined) return <Spinner size="sm" label={t('territorial_admin.count_loading')} />;
  return <>{formatNumber(value)}</>;
}

/**
 * The counts a list page loads after its rows (one query for the page's ids), one column each
 * (`columnKinds`: the kind of count a column key shows): `column` gives the column,
 * `exportValues` gives the export the counts of every row (read a hundred at a time).
 */
export function useRowCounts<
  Row extends { id: number },
  Column extends string,
  Kind extends string,
  Key extends QueryKey,
>(
  rows: readonly Row[] | undefined,
  options: (ids: number[]) => UseQueryOptions<Counts<Kind>, Error, Counts<Kind>, Key>,
  columnKinds: Record<Column, Kind>,
): {
  column: (key: Column, header: string) => TableColumn<Row>;
  exportValues: NonNullable<CsvExport<Row>['values']>;
} {
  const counts = useQuery(options(rows?.map((row) => row.id) ?? []));
  const queryClient = useQueryClient();
  return {
    column: (key, header) => ({
      key,
      header,
      render: (row) => <CountCell value={counts.data?.[columnKinds[key]][row.id]} failed={counts.isError} />,
    }),
    // the export holds the counts of every row, as the screen shows them page by page
    exportValues: async (all) => {
      const read = await countsOfRows(
        all.map((row) => row.id),
        (chunk) => queryClient.fetchQuery(options(chunk)),
      );
      return Object.fromEntries(
        (Object.entries(columnKinds) as [Column, Kind][]).map(([column, kind]) => [
          column,
          (row: Row) => read[kind]?.[row.id],
        ]),
      );
    },
  };
}

/**
 * A delete behind a confirmation in a contract's lists: the reads it changes (`changes`, a list of
 * TERRITORY_CHANGES) refresh after it, wherever they are shown.
 */
export function useDeleteConfirm<Row>({
  contractId,
  changes,
  remove,
  title,
}: {
  contractId: number;
  changes: readonly EndpointId[];
  remove: (row: Row) => Promise<unknown>;
  title: (row: Row) => string;
}): { ask: (row: Row) => void; modal: ReactNode } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useConfirmDelete<Row>({
    remove,
    refresh: () => invalidateEndpoints(queryClient, contractId, changes),
    title,
    body: () => t('territorial_admin.delete_body'),
  });
}
