import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrganizationType } from '@portal/contract';
import { call, callData } from '@/lib/api-client';
import { contractKey, countMap, paging, type ListQuery } from './keys';

export const organizationQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'organizations'] as const,
  list: (contractId: number, type: OrganizationType, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'list', type, q],
      queryFn: ({ signal }) =>
        call(
          'listContractOrganizations',
          { params: { contractId }, query: { ...paging(q), type, q: q.search }, signal },
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
          await callData(
            'organizationUserCounts',
            { params: { contractId }, query: { organizations: organizationIds, countOnly: true }, signal },
            { errors: 'local' },
          ),
        ),
      enabled: organizationIds.length > 0,
    }),
  detail: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId],
      queryFn: ({ signal }) => callData('getOrganization', { params: { organizationId }, signal }),
    }),
  users: (contractId: number, organizationId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'users', q],
      queryFn: ({ signal }) =>
        call(
          'organizationUsers',
          { params: { organizationId }, query: { ...paging(q), userFilter: q.search }, signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  areas: (contractId: number, organizationId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'areas', q],
      queryFn: ({ signal }) =>
        call(
          'organizationAreas',
          { params: { organizationId }, query: paging(q), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  services: (contractId: number, organizationId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'services', q],
      queryFn: ({ signal }) =>
        call(
          'organizationServices',
          { params: { organizationId }, query: paging(q), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteOrganization = (organizationId: number) =>
  call('deleteOrganization', { params: { organizationId } }, { errors: 'local' });

export const deleteOrganizationArea = (organizationId: number, areaId: number) =>
  call('deleteOrganizationArea', { params: { organizationId, areaId } }, { errors: 'local' });

export const deleteOrganizationService = (organizationId: number, serviceCode: string) =>
  call('deleteOrganizationService', { params: { organizationId, serviceCode } }, { errors: 'local' });

export const deleteOrganizationUser = (organizationId: number, userId: number) =>
  call('deleteOrganizationUser', { params: { organizationId, userId } }, { errors: 'local' });
