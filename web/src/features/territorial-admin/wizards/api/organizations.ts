/** Organizations: the pickers' lists, creation, and an organization's areas and services. */
import { queryOptions } from '@tanstack/react-query';
import {
  PAGING,
  type Area,
  type ContractService,
  type LegalEntity,
  type Organization,
  type OrganizationCreate,
  type OrganizationType,
} from '@portal/contract';
import { request } from '@/lib/api-client';

const all = { currentPage: 1, itemsPerPage: PAGING.allItems };

export async function listOrganizations(contractId: number, type?: OrganizationType, signal?: AbortSignal) {
  const { data } = await request<Organization[]>(
    {
      url: `/api/contract/${contractId}/organization`,
      params: { ...all, ...(type ? { type } : {}) },
      signal,
    },
    { errors: 'local' },
  );
  return data;
}

export async function createOrganization(contractId: number, body: OrganizationCreate) {
  const { data } = await request<Organization>({
    method: 'POST',
    url: `/api/contract/${contractId}/organization`,
    data: body,
  });
  return data;
}

export async function getOrganization(organizationId: number, signal?: AbortSignal) {
  const { data } = await request<Organization>(
    { url: `/api/organization/${organizationId}`, signal },
    { errors: 'local' },
  );
  return data;
}

export async function organizationAreas(organizationId: number, signal?: AbortSignal) {
  const { data } = await request<Area[]>(
    { url: `/api/organization/${organizationId}/area`, params: all, signal },
    { errors: 'local' },
  );
  return data;
}

/** PUT with the full list of area ids (new plus existing). */
export async function setOrganizationAreas(organizationId: number, areaIds: number[]) {
  const { data } = await request<Area[]>({
    method: 'PUT',
    url: `/api/organization/${organizationId}/area`,
    data: { areaIds },
  });
  return data;
}

export async function organizationServices(organizationId: number, signal?: AbortSignal) {
  const { data } = await request<ContractService[]>(
    { url: `/api/organization/${organizationId}/service`, params: all, signal },
    { errors: 'local' },
  );
  return data;
}

export async function setOrganizationServices(organizationId: number, contractServiceIds: number[]) {
  const { data } = await request<ContractService[]>({
    method: 'PUT',
    url: `/api/organization/${organizationId}/service`,
    data: { contractServiceIds },
  });
  return data;
}

export async function listLegalEntities(contractId: number, type: OrganizationType, signal?: AbortSignal) {
  const { data } = await request<LegalEntity[]>(
    { url: `/api/contract/${contractId}/legal-entity`, params: { type }, signal },
    { errors: 'local' },
  );
  return data;
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
