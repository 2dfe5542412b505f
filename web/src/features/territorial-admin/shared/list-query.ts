import { pageQuery } from '@/lib/api-client';

export interface ListQuery {
  page: number;
  search?: string;
  perPage?: number;
  /** a server-side sort key (a column's sortKey), where the call can sort */
  sort?: string | undefined;
}

/** The paging query of a list tab. */
export const paging = (q: ListQuery) => pageQuery(q.page, q.perPage);

/** Turns [{id, count}] into a map. */
export const countMap = (rows: { id: number; count: number }[]): Record<number, number> =>
  Object.fromEntries(rows.map((row) => [row.id, row.count]));
