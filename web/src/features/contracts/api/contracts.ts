import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Contract, ContractCreate } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery, type ApiResponse } from '@/lib/api-client';
import { derivedQuery, endpointQuery } from '@/lib/endpoint-query';

/** The three contract lists: every contract, the signed-in admin's own, those to finalize. */
export type ContractListKind = 'all' | 'mine' | 'to-finalize';

export interface ContractListQuery {
  page: number;
  search: string;
  perPage?: number;
}

/** Keys start with the current contract id (STYLE.md), then the portal-wide contract lists. */
export const contractAdminQueries = {
  list: (currentContractId: number | null, kind: ContractListKind, q: ContractListQuery) =>
    queryOptions({
      ...(kind === 'mine'
        ? derivedQuery(currentContractId, 'my-contracts-searched', ['userContracts'], q, (signal) =>
            myContracts(q, signal),
          )
        : endpointQuery(currentContractId, 'listContracts', {
            query: {
              ...pageQuery(q.page, q.perPage),
              q: q.search,
              status: kind === 'to-finalize' ? 'TO_FINALIZE' : null,
            },
          })),
      placeholderData: keepPreviousData,
    }),
};

/** What creating or deleting a contract alters: every list of contracts, wherever it is shown. */
export const CONTRACT_LIST_READS = ['listContracts', 'userContracts', 'userContractsOf'] as const;

/**
 * The admin's own contracts (GET /api/user/contracts): that call has no search parameter, so the
 * list is read whole (9999) and searched and paged here.
 */
async function myContracts(q: ContractListQuery, signal: AbortSignal): Promise<ApiResponse<Contract[]>> {
  const all = await call(
    'userContracts',
    { query: pageQuery(1, PAGING.allItems), signal },
    { errors: 'local' },
  );
  const needle = q.search.toLocaleLowerCase('fr');
  const found = needle ? all.data.filter((c) => c.label.toLocaleLowerCase('fr').includes(needle)) : all.data;
  const perPage = q.perPage ?? PAGING.defaultItemsPerPage;
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
  callData('createContract', { body }, { errors: 'local' });

export const deleteContract = (contractId: number) =>
  call('deleteContract', { params: { contractId } }, { errors: 'local' });
