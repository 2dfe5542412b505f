import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrganizationType } from '@portal/contract';
import { MUNICIPALITY_SEARCH, PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery, type CallQuery } from '@/lib/api-client';
import { countMap, paging, type ListQuery } from '../shared/list-query';
import { readInPlace } from '@/lib/read-in-place';
import { contractKey } from '@/lib/query-keys';

type Country = CallQuery<'listAdministrativeDivisions'>['countryCode'];

/** Areas of a contract (list tab, detail, pickers, creation) and the municipality search. */
async function listContractAreas(contractId: number, signal?: AbortSignal) {
  return callData(
    'listContractAreas',
    { params: { contractId }, query: pageQuery(1, PAGING.allItems), signal },
    { errors: 'local' },
  );
}

export async function createContractArea(contractId: number, divisionIds: number[]) {
  return callData(
    'createContractArea',
    { params: { contractId }, body: { divisionIds } },
    { errors: 'local' },
  );
}

/** Municipalities by name or postal code: 100 per page; the total comes from the total-count header. */
async function searchDivisions(q: string, countryCode: string, signal?: AbortSignal) {
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
  all: (contractId: number) => [...contractKey(contractId), 'areas'] as const,
  /** every area of the contract, for the wizards' pickers */
  picker: (contractId: number) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'picker'],
      queryFn: ({ signal }) => listContractAreas(contractId, signal),
    }),
  divisions: (contractId: number, q: string, countryCode: string) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'divisions', countryCode, q],
      queryFn: ({ signal }) => searchDivisions(q, countryCode, signal),
      enabled: q.length >= MUNICIPALITY_SEARCH.minLength,
    }),
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        call(
          'listContractAreas',
          { params: { contractId }, query: { ...paging(q), labelFilter: q.search }, signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  /** skill set, operator and organization counts per area, loaded after the list */
  counts: (contractId: number, areaIds: number[]) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'counts', areaIds],
      queryFn: async ({ signal }) => {
        const params = { contractId };
        const local = { errors: 'local' } as const;
        const [categories, operators, organizations] = await Promise.all([
          callData('areaCategoryCounts', { params, query: { areas: areaIds }, signal }, local),
          ...(['Operator', 'Community'] as const).map((organizationType) =>
            callData(
              'areaOrganizationCounts',
              { params, query: { areas: areaIds, countOnly: true, organizationType }, signal },
              local,
            ),
          ),
        ]);
        return {
          categories: countMap(categories),
          operators: countMap(operators ?? []),
          organizations: countMap(organizations ?? []),
        };
      },
      enabled: areaIds.length > 0,
    }),
  detail: (contractId: number, areaId: number) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'detail', areaId],
      queryFn: ({ signal }) =>
        readInPlace(() => callData('getArea', { params: { areaId }, signal }, { errors: 'local' })),
    }),
  categories: (contractId: number, areaId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'detail', areaId, 'categories', q],
      queryFn: ({ signal }) =>
        call('areaCategories', { params: { areaId }, query: paging(q), signal }, { errors: 'local' }),
      placeholderData: keepPreviousData,
    }),
  organizations: (contractId: number, areaId: number, type: OrganizationType, q: ListQuery) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'detail', areaId, 'organizations', type, q],
      queryFn: ({ signal }) =>
        call(
          'areaOrganizations',
          { params: { areaId }, query: { ...paging(q), organizationType: type }, signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteContractArea = (contractId: number, areaId: number) =>
  call('deleteContractArea', { params: { contractId, areaId } }, { errors: 'local' });

/** Renames an area (its automatic name "X et 1 autre" too). */
export const renameContractArea = (contractId: number, areaId: number, label: string) =>
  callData('renameContractArea', { params: { contractId, areaId }, body: { label } }, { errors: 'local' });
