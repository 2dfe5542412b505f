import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Contract, ContractCreate } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { request, type ApiResponse } from '@/lib/api-client';

/** The three contract lists: every contract, the signed-in admin's own, those to finalize. */
export type ContractListKind = 'all' | 'mine' | 'to-finalize';

export interface ContractListQuery {
  page: number;
  search: string;
}

/** Keys start with the current contract id (STYLE.md), then the portal-wide contract lists. */
export const contractAdminQueries = {
  all: (currentContractId: number | null) => ['contract', currentContractId, 'admin-contracts'] as const,
  list: (currentContractId: number | null, kind: ContractListKind, q: ContractListQuery) =>
    queryOptions({
      queryKey: [...contractAdminQueries.all(currentContractId), kind, q],
      queryFn: ({ signal }) => (kind === 'mine' ? myContracts(q, signal) : listContracts(kind, q, signal)),
      placeholderData: keepPreviousData,
    }),
};

function listContracts(kind: ContractListKind, q: ContractListQuery, signal: AbortSignal) {
  return request<Contract[]>(
    {
      url: '/api/contracts',
      params: {
        currentPage: q.page,
        itemsPerPage: PAGING.defaultItemsPerPage,
        ...(q.search ? { q: q.search } : {}),
        ...(kind === 'to-finalize' ? { status: 'TO_FINALIZE' } : {}),
      },
      signal,
    },
    { errors: 'local' },
  );
}

/**
 * The admin's own contracts (GET /api/user/contracts): that call has no search parameter, so the
 * list is read whole (9999) and searched and paged here.
 */
async function myContracts(q: ContractListQuery, signal: AbortSignal): Promise<ApiResponse<Contract[]>> {
  const all = await request<Contract[]>(
    { url: '/api/user/contracts', params: { currentPage: 1, itemsPerPage: PAGING.allItems }, signal },
    { errors: 'local' },
  );
  const needle = q.search.toLocaleLowerCase('fr');
  const found = needle ? all.data.filter((c) => c.label.toLocaleLowerCase('fr').includes(needle)) : all.data;
  const perPage = PAGING.defaultItemsPerPage;
  return {
    data: found.slice((q.page - 1) * perPage, q.page * perPage),
    pagination: {
      totalCount: found.length,
      pageCount: Math.max(1, Math.ceil(found.length / perPage)),
      currentPage: q.page,
      perPage,
    },
  };
}

export const createContract = async (body: ContractCreate) =>
  (await request<Contract>({ method: 'POST', url: '/api/contract', data: body }, { errors: 'local' })).data;

export const deleteContract = (contractId: number) =>
  request<null>({ method: 'DELETE', url: `/api/contract/${contractId}` }, { errors: 'local' });
