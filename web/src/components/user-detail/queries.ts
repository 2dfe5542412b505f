import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrganizationType } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery } from '@/lib/api-client';
import { contractKey } from '@/lib/query-keys';
import { readInPlace } from '@/lib/read-in-place';

/** Query options of the user detail screen; every key starts with contractKey(contractId). */
export const userDetailQueries = {
  all: (contractId: number | null, userId: number) => [...contractKey(contractId), 'users', userId] as const,
  detail: (contractId: number | null, userId: number) =>
    queryOptions({
      queryKey: [...userDetailQueries.all(contractId, userId), 'detail'],
      queryFn: ({ signal }) =>
        readInPlace(() =>
          callData(
            'getUser',
            { params: { userId }, query: { contractId: contractId || null }, signal },
            { errors: 'local' },
          ),
        ),
    }),
  organizations: (
    contractId: number | null,
    userId: number,
    type: OrganizationType,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      queryKey: [
        ...userDetailQueries.all(contractId, userId),
        'organizations',
        type,
        currentPage,
        itemsPerPage,
      ],
      queryFn: ({ signal }) =>
        call(
          'userOrganizations',
          {
            params: { userId },
            query: {
              organizationType: type,
              contractId: contractId || null,
              ...pageQuery(currentPage, itemsPerPage),
            },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  areas: (
    contractId: number | null,
    userId: number,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      queryKey: [...userDetailQueries.all(contractId, userId), 'areas', currentPage, itemsPerPage],
      queryFn: ({ signal }) =>
        call(
          'userAreas',
          {
            params: { userId },
            query: { contractId: contractId || null, ...pageQuery(currentPage, itemsPerPage) },
            signal,
          },
          { errors: 'local' },
        ),
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
      queryKey: [...userDetailQueries.all(contractId, userId), 'contracts', currentPage, itemsPerPage],
      queryFn: ({ signal }) =>
        call(
          'userContractsOf',
          { params: { userId }, query: pageQuery(currentPage, itemsPerPage), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  /** the signed-in user's contracts, by page */
  myContracts: (
    contractId: number | null,
    currentPage: number,
    itemsPerPage: number = PAGING.defaultItemsPerPage,
  ) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'my-contracts', currentPage, itemsPerPage],
      queryFn: ({ signal }) =>
        call('userContracts', { query: pageQuery(currentPage, itemsPerPage), signal }, { errors: 'local' }),
      placeholderData: keepPreviousData,
    }),
};

/** Takes the user out of one of their organizations or operators (the admin view of the user detail). */
export const removeUserFromOrganization = (organizationId: number, userId: number) =>
  call('deleteOrganizationUser', { params: { organizationId, userId } }, { errors: 'local' });
