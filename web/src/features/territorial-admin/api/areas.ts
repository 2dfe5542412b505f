import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrganizationType } from '@portal/contract';
import { call, callData } from '@/lib/api-client';
import { contractKey, countMap, paging, type ListQuery } from './keys';

export const areaQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'areas'] as const,
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
      queryFn: ({ signal }) => callData('getArea', { params: { areaId }, signal }),
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
