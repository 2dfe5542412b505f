import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery } from '@/lib/api-client';
import { contractKey, paging, type ListQuery } from './keys';

const all = pageQuery(1, PAGING.allItems);

/** The service catalogue, the contract's services (list tab and pickers), and skill sets. */
export async function listServiceCatalogue(signal?: AbortSignal) {
  return callData('listServices', { query: all, signal }, { errors: 'local' });
}

/** The contract's services, optionally limited to skill sets (category ids). */
export async function listContractServices(contractId: number, categories?: number[], signal?: AbortSignal) {
  return callData(
    'listContractServices',
    { params: { contractId }, query: { ...all, category: categories?.length ? categories : null }, signal },
    { errors: 'local' },
  );
}

export async function createContractServices(contractId: number, serviceIds: number[]) {
  return callData(
    'createContractServices',
    { params: { contractId }, body: { serviceIds } },
    { errors: 'local' },
  );
}

export async function listCategories(signal?: AbortSignal) {
  return callData('listCategories', { signal }, { errors: 'local' });
}

export const serviceQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'services'] as const,
  catalogue: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'service-catalogue'],
      queryFn: ({ signal }) => listServiceCatalogue(signal),
    }),
  contractServices: (contractId: number, categories?: number[]) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'contract-services', 'all', categories ?? []],
      queryFn: ({ signal }) => listContractServices(contractId, categories, signal),
    }),
  categories: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'categories'],
      queryFn: ({ signal }) => listCategories(signal),
    }),
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
