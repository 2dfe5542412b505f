import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrganizationCreate, OrganizationType, OrganizationUpdate } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery } from '@/lib/api-client';
import { readInPlace } from '@/lib/read-in-place';
import { countMap, paging, type ListQuery } from '../shared/list-query';
import { contractKey } from '@/lib/query-keys';

const all = pageQuery(1, PAGING.allItems);

async function listOrganizations(contractId: number, type?: OrganizationType, signal?: AbortSignal) {
  return callData(
    'listContractOrganizations',
    { params: { contractId }, query: { ...all, type }, signal },
    { errors: 'local' },
  );
}

export async function createOrganization(contractId: number, body: OrganizationCreate) {
  return callData('createOrganization', { params: { contractId }, body }, { errors: 'local' });
}

export async function updateOrganization(organizationId: number, body: OrganizationUpdate) {
  return callData('updateOrganization', { params: { organizationId }, body }, { errors: 'local' });
}

async function organizationAreas(organizationId: number, signal?: AbortSignal) {
  return callData(
    'organizationAreas',
    { params: { organizationId }, query: all, signal },
    { errors: 'local' },
  );
}

/** PUT with the full list of area ids (new plus existing). */
export async function setOrganizationAreas(organizationId: number, areaIds: number[]) {
  return callData(
    'setOrganizationAreas',
    { params: { organizationId }, body: { areaIds } },
    { errors: 'local' },
  );
}

async function organizationServices(organizationId: number, signal?: AbortSignal) {
  return callData(
    'organizationServices',
    { params: { organizationId }, query: all, signal },
    { errors: 'local' },
  );
}

export async function setOrganizationServices(organizationId: number, contractServiceIds: number[]) {
  return callData(
    'setOrganizationServices',
    { params: { organizationId }, body: { contractServiceIds } },
    { errors: 'local' },
  );
}

async function listLegalEntities(contractId: number, type: OrganizationType, signal?: AbortSignal) {
  return callData(
    'listLegalEntities',
    { params: { contractId }, query: { type }, signal },
    { errors: 'local' },
  );
}

/** One factory, one key per organization: the detail screen and the wizards share its cache. */
export const organizationQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'organizations'] as const,
  /** every organization (of one type), for the wizards' pickers */
  picker: (contractId: number, type?: OrganizationType) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'picker', type ?? 'all'],
      queryFn: ({ signal }) => listOrganizations(contractId, type, signal),
    }),
  /** all of an organization's areas and services, for the add dialogs */
  allAreas: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'areas', 'all'],
      queryFn: ({ signal }) => organizationAreas(organizationId, signal),
    }),
  allServices: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId, 'services', 'all'],
      queryFn: ({ signal }) => organizationServices(organizationId, signal),
    }),
  legalEntities: (contractId: number, type: OrganizationType) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'legal-entities', type],
      queryFn: ({ signal }) => listLegalEntities(contractId, type, signal),
    }),
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
      // by kind, as the area and user counts
      queryFn: async ({ signal }) => ({
        members: countMap(
          await callData(
            'organizationUserCounts',
            { params: { contractId }, query: { organizations: organizationIds, countOnly: true }, signal },
            { errors: 'local' },
          ),
        ),
      }),
      enabled: organizationIds.length > 0,
    }),
  detail: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'detail', organizationId],
      queryFn: ({ signal }) =>
        readInPlace(() =>
          callData('getOrganization', { params: { organizationId }, signal }, { errors: 'local' }),
        ),
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
