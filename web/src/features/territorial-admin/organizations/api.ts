import { queryOptions } from '@tanstack/react-query';
import type { OrganizationCreate, OrganizationType, OrganizationUpdate } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery } from '@/lib/api-client';
import { derivedQuery, endpointQuery, listingQuery } from '@/lib/endpoint-query';
import { countMap, paging, type ListQuery } from '../shared/list-query';

const all = pageQuery(1, PAGING.allItems);

export async function createOrganization(contractId: number, body: OrganizationCreate) {
  return callData('createOrganization', { params: { contractId }, body }, { errors: 'local' });
}

export async function updateOrganization(organizationId: number, body: OrganizationUpdate) {
  return callData('updateOrganization', { params: { organizationId }, body }, { errors: 'local' });
}

/** PUT with the full list of area ids (new plus existing). */
export async function setOrganizationAreas(organizationId: number, areaIds: number[]) {
  return callData(
    'setOrganizationAreas',
    { params: { organizationId }, body: { areaIds } },
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

/** One factory, one key per endpoint read: the detail screen and the wizards share its cache. */
export const organizationQueries = {
  /** every organization (of one type), for the wizards' pickers */
  picker: (contractId: number, type?: OrganizationType) =>
    queryOptions({
      ...endpointQuery(contractId, 'listContractOrganizations', {
        params: { contractId },
        query: { ...all, type },
      }),
      select: (page) => page.data,
    }),
  /** all of an organization's areas and services, for the add dialogs */
  allAreas: (contractId: number, organizationId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'organizationAreas', { params: { organizationId }, query: all }),
      select: (page) => page.data,
    }),
  allServices: (contractId: number, organizationId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'organizationServices', { params: { organizationId }, query: all }),
      select: (page) => page.data,
    }),
  legalEntities: (contractId: number, type: OrganizationType) =>
    endpointQuery(contractId, 'listLegalEntities', { params: { contractId }, query: { type } }),
  list: (contractId: number, type: OrganizationType, q: ListQuery) =>
    listingQuery(contractId, 'listContractOrganizations', {
      params: { contractId },
      query: { ...paging(q), type, q: q.search },
    }),
  /** member counts per organization, loaded after the list */
  memberCounts: (contractId: number, organizationIds: number[]) =>
    queryOptions({
      ...derivedQuery(
        contractId,
        'organization-member-counts',
        ['organizationUserCounts'],
        organizationIds,
        // by kind, as the area and user counts
        async (signal) => ({
          members: countMap(
            await callData(
              'organizationUserCounts',
              { params: { contractId }, query: { organizations: organizationIds, countOnly: true }, signal },
              { errors: 'local' },
            ),
          ),
        }),
      ),
      enabled: organizationIds.length > 0,
    }),
  detail: (contractId: number, organizationId: number) =>
    endpointQuery(contractId, 'getOrganization', { params: { organizationId } }, { failures: 'in-place' }),
  users: (contractId: number, organizationId: number, q: ListQuery) =>
    listingQuery(contractId, 'organizationUsers', {
      params: { organizationId },
      query: { ...paging(q), userFilter: q.search },
    }),
  areas: (contractId: number, organizationId: number, q: ListQuery) =>
    listingQuery(contractId, 'organizationAreas', { params: { organizationId }, query: paging(q) }),
  services: (contractId: number, organizationId: number, q: ListQuery) =>
    listingQuery(contractId, 'organizationServices', { params: { organizationId }, query: paging(q) }),
};

export const deleteOrganization = (organizationId: number) =>
  call('deleteOrganization', { params: { organizationId } }, { errors: 'local' });

export const deleteOrganizationArea = (organizationId: number, areaId: number) =>
  call('deleteOrganizationArea', { params: { organizationId, areaId } }, { errors: 'local' });

export const deleteOrganizationService = (organizationId: number, serviceCode: string) =>
  call('deleteOrganizationService', { params: { organizationId, serviceCode } }, { errors: 'local' });

export const deleteOrganizationUser = (organizationId: number, userId: number) =>
  call('deleteOrganizationUser', { params: { organizationId, userId } }, { errors: 'local' });
