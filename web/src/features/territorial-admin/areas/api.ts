import { queryOptions } from '@tanstack/react-query';
import type { OrganizationType } from '@portal/contract';
import { MUNICIPALITY_SEARCH, PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery, type CallQuery } from '@/lib/api-client';
import { derivedQuery, endpointQuery, listingQuery } from '@/lib/endpoint-query';
import { countMap, paging, type ListQuery } from '../shared/list-query';

type Country = CallQuery<'listAdministrativeDivisions'>['countryCode'];

/** Areas of a contract (list tab, detail, pickers, creation) and the municipality search. */
export async function createContractArea(contractId: number, divisionIds: number[]) {
  return callData(
    'createContractArea',
    { params: { contractId }, body: { divisionIds } },
    { errors: 'local' },
  );
}

export const areaQueries = {
  /** every area of the contract, for the wizards' pickers */
  picker: (contractId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'listContractAreas', {
        params: { contractId },
        query: pageQuery(1, PAGING.allItems),
      }),
      select: (page) => page.data,
    }),
  /** municipalities by name or postal code: 100 per page; the total comes from the total-count header */
  divisions: (contractId: number, q: string, countryCode: string) =>
    queryOptions({
      ...endpointQuery(contractId, 'listAdministrativeDivisions', {
        // the contract's country metadata is free text: the server answers 400 to a code it does not know
        query: { q, countryCode: countryCode as Country, ...pageQuery(1, MUNICIPALITY_SEARCH.perPage) },
      }),
      select: ({ data, pagination }) => ({ items: data, total: pagination.totalCount }),
      enabled: q.length >= MUNICIPALITY_SEARCH.minLength,
    }),
  list: (contractId: number, q: ListQuery) =>
    listingQuery(contractId, 'listContractAreas', {
      params: { contractId },
      query: { ...paging(q), labelFilter: q.search },
    }),
  /** skill set, operator and organization counts per area, loaded after the list */
  counts: (contractId: number, areaIds: number[]) =>
    queryOptions({
      ...derivedQuery(
        contractId,
        'area-counts',
        ['areaCategoryCounts', 'areaOrganizationCounts'],
        areaIds,
        async (signal) => {
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
      ),
      enabled: areaIds.length > 0,
    }),
  detail: (contractId: number, areaId: number) =>
    endpointQuery(contractId, 'getArea', { params: { areaId } }, { failures: 'in-place' }),
  categories: (contractId: number, areaId: number, q: ListQuery) =>
    listingQuery(contractId, 'areaCategories', { params: { areaId }, query: paging(q) }),
  organizations: (contractId: number, areaId: number, type: OrganizationType, q: ListQuery) =>
    listingQuery(contractId, 'areaOrganizations', {
      params: { areaId },
      query: { ...paging(q), organizationType: type },
    }),
};

export const deleteContractArea = (contractId: number, areaId: number) =>
  call('deleteContractArea', { params: { contractId, areaId } }, { errors: 'local' });

/** Renames an area (its automatic name "X et 1 autre" too). */
export const renameContractArea = (contractId: number, areaId: number, label: string) =>
  callData('renameContractArea', { params: { contractId, areaId }, body: { label } }, { errors: 'local' });
