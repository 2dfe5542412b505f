/** The service catalogue, the contract's services, and skill sets. */
import { queryOptions } from '@tanstack/react-query';
import { PAGING } from '@portal/contract/constants';
import { callData, pageQuery } from '@/lib/api-client';

const all = pageQuery(1, PAGING.allItems);

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
  return callData('createContractServices', { params: { contractId }, body: { serviceIds } });
}

export async function listCategories(signal?: AbortSignal) {
  return callData('listCategories', { signal }, { errors: 'local' });
}

export const serviceQueries = {
  catalogue: (contractId: number) =>
    queryOptions({
      queryKey: ['contract', contractId, 'service-catalogue'],
      queryFn: ({ signal }) => listServiceCatalogue(signal),
    }),
  contractServices: (contractId: number, categories?: number[]) =>
    queryOptions({
      queryKey: ['contract', contractId, 'contract-services', 'all', categories ?? []],
      queryFn: ({ signal }) => listContractServices(contractId, categories, signal),
    }),
  categories: (contractId: number) =>
    queryOptions({
      queryKey: ['contract', contractId, 'categories'],
      queryFn: ({ signal }) => listCategories(signal),
    }),
};
