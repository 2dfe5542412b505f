import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Area, Category, Organization, OrganizationType } from '@portal/contract';
import { request } from '@/lib/api-client';
import { contractKey, countMap, idList, paging, type ListQuery } from './keys';

export const areaQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'areas'] as const,
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        request<Area[]>(
          {
            url: `/api/contract/${contractId}/area`,
            params: { ...paging(q), ...(q.search ? { labelFilter: q.search } : {}) },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  /** skill set, operator and organization counts per area, loaded after the list */
  counts: (contractId: number, areaIds: number[]) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'counts', areaIds],
      queryFn: async ({ signal }) => {
        const areas = idList(areaIds);
        const base = `/api/contract/${contractId}/area`;
        const [categories, operators, organizations] = await Promise.all([
          request<{ id: number; count: number }[]>(
            { url: `${base}/category-count`, params: { areas }, signal },
            { errors: 'local' },
          ),
          request<{ id: number; count: number }[]>(
            {
              url: `${base}/organization-count`,
              params: { areas, countOnly: true, organizationType: 'Operator' },
              signal,
            },
            { errors: 'local' },
          ),
          request<{ id: number; count: number }[]>(
            {
              url: `${base}/organization-count`,
              params: { areas, countOnly: true, organizationType: 'Community' },
              signal,
            },
            { errors: 'local' },
          ),
        ]);
        return {
          categories: countMap(categories.data),
          operators: countMap(operators.data),
          organizations: countMap(organizations.data),
        };
      },
      enabled: areaIds.length > 0,
    }),
  detail: (contractId: number, areaId: number) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'detail', areaId],
      queryFn: async ({ signal }) => (await request<Area>({ url: `/api/area/${areaId}`, signal })).data,
    }),
  categories: (contractId: number, areaId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'detail', areaId, 'categories', q],
      queryFn: ({ signal }) =>
        request<Category[]>(
          { url: `/api/area/${areaId}/category`, params: paging(q), signal },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  organizations: (contractId: number, areaId: number, type: OrganizationType, q: ListQuery) =>
    queryOptions({
      queryKey: [...areaQueries.all(contractId), 'detail', areaId, 'organizations', type, q],
      queryFn: ({ signal }) =>
        request<Organization[]>(
          {
            url: `/api/area/${areaId}/organization`,
            params: { ...paging(q), organizationType: type },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
};

export const deleteContractArea = (contractId: number, areaId: number) =>
  request<null>({ method: 'DELETE', url: `/api/contract/${contractId}/area/${areaId}` }, { errors: 'local' });
