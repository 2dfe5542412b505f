import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { logAndRethrow } from '@/lib/log-and-rethrow';
import { paging, type ListQuery } from '../shared/list-query';
import { contractKey } from '@/lib/query-keys';

const SITE_ORDERS = ['name', 'type', 'id'] as const;
/** The call's orderColumn for a column's sort key (ascending only: the call has no direction). */
const siteOrder = (sort: string | undefined) => SITE_ORDERS.find((order) => order === sort);

/** The contract's industrial sites, for the list tab (the screens themselves live in features/industrial-sites). */
export const industrialSiteQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'industrial-sites'] as const,
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...industrialSiteQueries.all(contractId), 'list', q],
      // portal.md section 8: the industrial-site service's errors are logged and rethrown
      queryFn: ({ signal }) =>
        logAndRethrow('industrial-site', 'listIndustrialSites', () =>
          call(
            'listIndustrialSites',
            { query: { ...paging(q), contractId, q: q.search, orderColumn: siteOrder(q.sort) }, signal },
            { errors: 'local' },
          ),
        ),
      placeholderData: keepPreviousData,
    }),
};
