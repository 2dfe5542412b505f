import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contractKey, paging, type ListQuery } from './keys';

export const serviceQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'services'] as const,
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...serviceQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        call(
          'listContractServices',
          { params: { contractId }, query: { ...paging(q), serviceLabel: q.search }, signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteContractService = (contractServiceId: number) =>
  call('deleteContractService', { params: { contractServiceId } }, { errors: 'local' });
