import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { logAndRethrow } from '@/lib/log-and-rethrow';
import { contractKey, paging, type ListQuery } from './keys';

/** The columns the list call sorts by (contract: orderColumn; ascending, no direction). */
export const SITE_ORDER_COLUMNS = ['name', 'type'] as const;
export type SiteOrderColumn = (typeof SITE_ORDER_COLUMNS)[number];
export const isSiteOrderColumn = (value: string | null): value is SiteOrderColumn =>
  (SITE_ORDER_COLUMNS as readonly (string | null)[]).includes(value);

/** The contract's industrial sites, for the list tab (the screens themselves live in features/industrial-sites). */
export const industrialSiteQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'industrial-sites'] as const,
  list: (contractId: number, q: ListQuery & { order?: SiteOrderColumn | null }) =>
    queryOptions({
      queryKey: [...industrialSiteQueries.all(contractId), 'list', q],
      // portal.md section 8: the industrial-site service's errors are logged and rethrown
      queryFn: ({ signal }) =>
        logAndRethrow('industrial-site', 'listIndustrialSites', () =>
          call(
            'listIndustrialSites',
            {
              query: { ...paging(q), contractId, q: q.search, ...(q.order ? { orderColumn: q.order } : {}) },
              signal,
            },
            { errors: 'local' },
          ),
        ),
      placeholderData: keepPreviousData,
    }),
};
