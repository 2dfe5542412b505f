/** Areas of a contract (picker list, creation) and the municipality search. */
import { queryOptions } from '@tanstack/react-query';
import { MUNICIPALITY_SEARCH, PAGING, type AdministrativeDivision, type Area } from '@portal/contract';
import { request } from '@/lib/api-client';

export async function listContractAreas(contractId: number, signal?: AbortSignal) {
  const { data } = await request<Area[]>(
    {
      url: `/api/contract/${contractId}/area`,
      params: { currentPage: 1, itemsPerPage: PAGING.allItems },
      signal,
    },
    { errors: 'local' },
  );
  return data;
}

export async function createContractArea(contractId: number, divisionIds: number[]) {
  const { data } = await request<Area>({
    method: 'POST',
    url: `/api/contract/${contractId}/area`,
    data: { divisionIds },
  });
  return data;
}

/** Municipalities by name or postal code: 100 per page; the total comes from the total-count header. */
export async function searchDivisions(q: string, countryCode: string, signal?: AbortSignal) {
  const { data, pagination } = await request<AdministrativeDivision[]>(
    {
      url: '/api/administrative-division',
      params: { q, countryCode, currentPage: 1, itemsPerPage: MUNICIPALITY_SEARCH.perPage },
      signal,
    },
    { errors: 'local' },
  );
  return { items: data, total: pagination.totalCount };
}

export const areaQueries = {
  all: (contractId: number) => ['contract', contractId, 'areas'] as const,
  picker: (contractId: number) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'picker'],
      queryFn: ({ signal }) => listContractAreas(contractId, signal),
    }),
  divisions: (contractId: number, q: string, countryCode: string) =>
    queryOptions({
      queryKey: ['contract', contractId, 'divisions', countryCode, q],
      queryFn: ({ signal }) => searchDivisions(q, countryCode, signal),
      enabled: q.length >= MUNICIPALITY_SEARCH.minLength,
    }),
};
