/** Organizations: the pickers' lists, creation, and an organization's areas and services. */
import { queryOptions } from '@tanstack/react-query';
import type { OrganizationCreate, OrganizationType } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { callData, pageQuery } from '@/lib/api-client';

const all = pageQuery(1, PAGING.allItems);

export async function listOrganizations(contractId: number, type?: OrganizationType, signal?: AbortSignal) {
  return callData(
    'listContractOrganizations',
    { params: { contractId }, query: { ...all, type }, signal },
    { errors: 'local' },
  );
}

export async function createOrganization(contractId: number, body: OrganizationCreate) {
  return callData('createOrganization', { params: { contractId }, body });
}

export async function getOrganization(organizationId: number, signal?: AbortSignal) {
  return callData('getOrganization', { params: { organizationId }, signal }, { errors: 'local' });
}

export async function organizationAreas(organizationId: number, signal?: AbortSignal) {
  return callData(
    'organizationAreas',
    { params: { organizationId }, query: all, signal },
    { errors: 'local' },
  );
}

/** PUT with the full list of area ids (new plus existing). */
export async function setOrganizationAreas(organizationId: number, areaIds: number[]) {
  return callData('setOrganizationAreas', { params: { organizationId }, body: { areaIds } });
}

export async function organizationServices(organizationId: number, signal?: AbortSignal) {
  return callData(
    'organizationServices',
    { params: { organizationId }, query: all, signal },
    { errors: 'local' },
  );
}

export async function setOrganizationServices(organizationId: number, contractServiceIds: number[]) {
  return callData('setOrganizationServices', { params: { organizationId }, body: { contractServiceIds } });
}

export async function listLegalEntities(contractId: number, type: OrganizationType, signal?: AbortSignal) {
  return callData(
    'listLegalEntities',
    { params: { contractId }, query: { type }, signal },
    { errors: 'local' },
  );
}

export const organizationQueries = {
  all: (contractId: number) => ['contract', contractId, 'organizations'] as const,
  picker: (contractId: number, type?: OrganizationType) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), 'picker', type ?? 'all'],
      queryFn: ({ signal }) => listOrganizations(contractId, type, signal),
    }),
  one: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), organizationId],
      queryFn: ({ signal }) => getOrganization(organizationId, signal),
    }),
  areas: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), organizationId, 'areas', 'all'],
      queryFn: ({ signal }) => organizationAreas(organizationId, signal),
    }),
  services: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...organizationQueries.all(contractId), organizationId, 'services', 'all'],
      queryFn: ({ signal }) => organizationServices(organizationId, signal),
    }),
  legalEntities: (contractId: number, type: OrganizationType) =>
    queryOptions({
      queryKey: ['contract', contractId, 'legal-entities', type],
      queryFn: ({ signal }) => listLegalEntities(contractId, type, signal),
    }),
};
