/** Areas of a contract (picker list, creation) and the municipality search. */
import { queryOptions } from '@tanstack/react-query';
import { MUNICIPALITY_SEARCH, PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery, type CallQuery } from '@/lib/api-client';

type Country = CallQuery<'listAdministrativeDivisions'>['countryCode'];

export async function listContractAreas(contractId: number, signal?: AbortSignal) {
  return callData(
    'listContractAreas',
    { params: { contractId }, query: pageQuery(1, PAGING.allItems), signal },
    { errors: 'local' },
  );
}

export async function createContractArea(contractId: number, divisionIds: number[]) {
  return callData('createContractArea', { params: { contractId }, body: { divisionIds } });
}

/** Municipalities by name or postal code: 100 per page; the total comes from the total-count header. */
export async function searchDivisions(q: string, countryCode: string, signal?: AbortSignal) {
  const { data, pagination } = await call(
    'listAdministrativeDivisions',
    {
      // the contract's country metadata is free text: the server answers 400 to a code it does not know
      query: { q, countryCode: countryCode as Country, ...pageQuery(1, MUNICIPALITY_SEARCH.perPage) },
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
