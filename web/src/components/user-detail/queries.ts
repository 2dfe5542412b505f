import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Area, Contract, Organization, OrganizationType, UserDetail } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { request } from '@/lib/api-client';

const page = (currentPage: number) => ({ currentPage, itemsPerPage: PAGING.defaultItemsPerPage });

/** Query options of the user detail screen; every key starts with ['contract', contractId]. */
export const userDetailQueries = {
  all: (contractId: number | null, userId: number) => ['contract', contractId, 'users', userId] as const,
  detail: (contractId: number | null, userId: number) =>
    queryOptions({
      queryKey: [...userDetailQueries.all(contractId, userId), 'detail'],
      queryFn: async ({ signal }) =>
        (
          await request<UserDetail>({
            url: `/api/user/${userId}`,
            params: contractId ? { contractId } : {},
            signal,
          })
        ).data,
    }),
  organizations: (contractId: number | null, userId: number, type: OrganizationType, currentPage: number) =>
    queryOptions({
      queryKey: [...userDetailQueries.all(contractId, userId), 'organizations', type, currentPage],
      queryFn: ({ signal }) =>
        request<Organization[]>(
          {
            url: `/api/user/${userId}/organizations`,
            params: { organizationType: type, ...(contractId ? { contractId } : {}), ...page(currentPage) },
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
        request<Area[]>(
          {
            url: `/api/user/${userId}/area`,
            params: { ...(contractId ? { contractId } : {}), currentPage, itemsPerPage },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  /** the signed-in user's contracts, by page */
  myContracts: (contractId: number | null, currentPage: number) =>
    queryOptions({
      queryKey: ['contract', contractId, 'my-contracts', currentPage],
      queryFn: ({ signal }) =>
        request<Contract[]>(
          { url: '/api/user/contracts', params: page(currentPage), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

/** Takes the user out of one of their organizations or operators (the admin view of the user detail). */
export const removeUserFromOrganization = (organizationId: number, userId: number) =>
  request<null>(
    { method: 'DELETE', url: `/api/organization/${organizationId}/user/${userId}` },
    { errors: 'local' },
  );
