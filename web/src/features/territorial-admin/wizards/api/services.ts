/** The service catalogue, the contract's services, and skill sets. */
import { queryOptions } from '@tanstack/react-query';
import { PAGING, type Category, type ContractService, type Service } from '@portal/contract';
import { request } from '@/lib/api-client';

const all = { currentPage: 1, itemsPerPage: PAGING.allItems };

export async function listServiceCatalogue(signal?: AbortSignal) {
  const { data } = await request<Service[]>(
    { url: '/api/service', params: all, signal },
    { errors: 'local' },
  );
  return data;
}

/** The contract's services, optionally limited to skill sets (category ids). */
export async function listContractServices(contractId: number, categories?: number[], signal?: AbortSignal) {
  const { data } = await request<ContractService[]>(
    {
      url: `/api/contract/${contractId}/contractService`,
      params: { ...all, ...(categories && categories.length ? { category: categories.join(',') } : {}) },
      signal,
    },
    { errors: 'local' },
  );
  return data;
}

export async function createContractServices(contractId: number, serviceIds: number[]) {
  const { data } = await request<ContractService[]>({
    method: 'POST',
    url: `/api/contract/${contractId}/contractService`,
    data: { serviceIds },
  });
  return data;
}

export async function listCategories(signal?: AbortSignal) {
  const { data } = await request<Category[]>({ url: '/api/category', signal }, { errors: 'local' });
  return data;
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
