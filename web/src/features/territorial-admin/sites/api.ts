import { listingQuery } from '@/lib/endpoint-query';
import { paging, type ListQuery } from '../shared/list-query';

const SITE_ORDERS = ['name', 'type', 'id'] as const;
/** The call's orderColumn for a column's sort key (ascending only: the call has no direction). */
const siteOrder = (sort: string | undefined) => SITE_ORDERS.find((order) => order === sort);

/** The contract's industrial sites, for the list tab (the screens themselves live in features/industrial-sites). */
export const industrialSiteQueries = {
  list: (contractId: number, q: ListQuery) =>
    // portal.md section 8: the industrial-site service's errors are logged and rethrown
    listingQuery(
      contractId,
      'listIndustrialSites',
      { query: { ...paging(q), contractId, q: q.search, orderColumn: siteOrder(q.sort) } },
      { logAs: 'industrial-site' },
    ),
};
