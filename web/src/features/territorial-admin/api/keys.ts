import { PAGING } from '@portal/contract/constants';

/** Every query key of the feature starts with the contract id (STYLE.md): one tenant never shows another's cache. */
export const contractKey = (contractId: number) => ['contract', contractId] as const;

export interface ListQuery {
  page: number;
  search?: string;
  perPage?: number;
}

export const paging = (q: ListQuery) => ({
  currentPage: q.page,
  itemsPerPage: q.perPage ?? PAGING.defaultItemsPerPage,
});

/** Count calls take their ids as one comma-separated list. */
export const idList = (ids: readonly number[]) => ids.join(',');

/** Turns [{id, count}] into a map. */
export const countMap = (rows: { id: number; count: number }[]): Record<number, number> =>
  Object.fromEntries(rows.map((row) => [row.id, row.count]));
