import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ContractService } from '@portal/contract';
import { request } from '@/lib/api-client';
import { contractKey, paging, type ListQuery } from './keys';

export const serviceQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'services'] as const,
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...serviceQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        request<ContractService[]>(
          {
            url: `/api/contract/${contractId}/contractService`,
            params: { ...paging(q), ...(q.search ? { serviceLabel: q.search } : {}) },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteContractService = (contractServiceId: number) =>
  request<null>({ method: 'DELETE', url: `/api/contractService/${contractServiceId}` }, { errors: 'local' });
