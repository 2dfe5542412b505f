import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Area, ContractService, Organization, OrganizationType, UserSummary } from '@portal/contract';
import { request } from '@/lib/api-client';
import { contractKey, countMap, idList, paging, type ListQuery } from './keys';

export const organizationQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'organizations'] as const,
  list: (contractId: number, type: OrganizationType, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'list', type, q],
      queryFn: ({ signal }) =>
        request<Organization[]>(
          {
            url: `/api/contract/${contractId}/organization`,
            params: { ...paging(q), type, ...(q.search ? { q: q.search } : {}) },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  /** member counts per organization, loaded after the list */
  memberCounts: (contractId: number, organizationIds: number[]) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'member-counts', organizationIds],
      queryFn: async ({ signal }) =>
        countMap(
          (
            await request<{ id: number; count: number }[]>(
              {
                url: `/api/contract/${contractId}/organization/user-count`,
                params: { organizations: idList(organizationIds), countOnly: true },
                signal,
              },
              { errors: 'local' },
            )
          ).data,
        ),
      enabled: organizationIds.length > 0,
    }),
  detail: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId],
      queryFn: async ({ signal }) =>
        (await request<Organization>({ url: `/api/organization/${organizationId}`, signal })).data,
    }),
  users: (contractId: number, organizationId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'users', q],
      queryFn: ({ signal }) =>
        request<UserSummary[]>(
          {
            url: `/api/organization/${organizationId}/user`,
            params: { ...paging(q), ...(q.search ? { userFilter: q.search } : {}) },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  areas: (contractId: number, organizationId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'areas', q],
      queryFn: ({ signal }) =>
        request<Area[]>(
          { url: `/api/organization/${organizationId}/area`, params: paging(q), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  services: (contractId: number, organizationId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'services', q],
      queryFn: ({ signal }) =>
        request<ContractService[]>(
          { url: `/api/organization/${organizationId}/service`, params: paging(q), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteOrganization = (organizationId: number) =>
  request<null>({ method: 'DELETE', url: `/api/organization/${organizationId}` }, { errors: 'local' });

export const deleteOrganizationArea = (organizationId: number, areaId: number) =>
  request<null>(
    { method: 'DELETE', url: `/api/organization/${organizationId}/area/${areaId}` },
    { errors: 'local' },
  );

export const deleteOrganizationService = (organizationId: number, serviceCode: string) =>
  request<null>(
    {
      method: 'DELETE',
      url: `/api/organization/${organizationId}/service/${encodeURIComponent(serviceCode)}`,
    },
    { errors: 'local' },
  );

export const deleteOrganizationUser = (organizationId: number, userId: number) =>
  request<null>(
    { method: 'DELETE', url: `/api/organization/${organizationId}/user/${userId}` },
    { errors: 'local' },
  );
