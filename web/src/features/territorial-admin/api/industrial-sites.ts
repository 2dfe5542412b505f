import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IndustrialSite } from '@portal/contract';
import { request } from '@/lib/api-client';
import { contractKey, paging, type ListQuery } from './keys';

/** The contract's industrial sites, for the list tab (the screens themselves live in features/industrial-sites). */
export const industrialSiteQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'industrial-sites'] as const,
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...industrialSiteQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        request<IndustrialSite[]>(
          {
            url: '/api/industrial-site',
            params: { ...paging(q), contractId, ...(q.search ? { q: q.search } : {}) },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};
