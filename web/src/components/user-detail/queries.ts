import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrganizationType } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, pageQuery } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';

/** Query options of the user detail screen, one key per endpoint read. */
export const userDetailQueries = {
  detail: (contractId: number | null, userId: number) =>
    endpointQuery(
      contractId,
      'getUser',
      { params: { userId }, query: { contractId: contractId || null } },
      { failures: 'in-place' },
    ),
  organizations: (
    contractId: number | null,
    userId: number,
    type: OrganizationType,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      ...endpointQuery(contractId, 'userOrganizations', {
        params: { userId },
        query: {
          organizationType: type,
          contractId: contractId || null,
          ...pageQuery(currentPage, itemsPerPage),
        },
      }),
      placeholderData: keepPreviousData,
    }),
  areas: (
    contractId: number | null,
    userId: number,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      ...endpointQuery(contractId, 'userAreas', {
        params: { userId },
        query: { contractId: contractId || null, ...pageQuery(currentPage, itemsPerPage) },
      }),
      placeholderData: keepPreviousData,
    }),
  /** another user's contracts (as far as the signed-in user administers them), by page */
  contractsOf: (
    contractId: number | null,
    userId: number,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      ...endpointQuery(contractId, 'userContractsOf', {
        params: { userId },
        query: pageQuery(currentPage, itemsPerPage),
      }),
      placeholderData: keepPreviousData,
    }),
  /** the signed-in user's contracts, by page */
  myContracts: (
    contractId: number | null,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      ...endpointQuery(contractId, 'userContracts', { query: pageQuery(currentPage, itemsPerPage) }),
      placeholderData: keepPreviousData,
    }),
};

/** Takes the user out of one of their organizations or operators (the admin view of the user detail). */
export const removeUserFromOrganization = (organizationId: number, userId: number) =>
  call('deleteOrganizationUser', { params: { organizationId, userId } }, { errors: 'local' });
