import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UserSummary } from '@portal/contract';
import { request } from '@/lib/api-client';
import { contractKey, countMap, idList, paging, type ListQuery } from './keys';

export const userQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'users'] as const,
  list: (contractId: number, q: ListQuery) =>
    queryOptions({
      queryKey: [...userQueries.all(contractId), 'list', q],
      queryFn: ({ signal }) =>
        request<UserSummary[]>(
          {
            url: `/api/contract/${contractId}/user`,
            params: { ...paging(q), ...(q.search ? { userFilter: q.search } : {}) },
            signal,
          },
          { errors: 'local' },
        ),
      placeholderData: keepPreviousData,
    }),
  /** community organization and operator counts per user, loaded after the list */
  counts: (contractId: number, userIds: number[]) =>
    queryOptions({
      queryKey: [...userQueries.all(contractId), 'counts', userIds],
      queryFn: async ({ signal }) => {
        const url = `/api/contract/${contractId}/users/organization`;
        const users = idList(userIds);
        const [organizations, operators] = await Promise.all(
          (['Community', 'Operator'] as const).map((organizationType) =>
            request<{ id: number; count: number }[]>(
              { url, params: { users, countOnly: true, organizationType }, signal },
              { errors: 'local' },
            ),
          ),
        );
        return {
          organizations: countMap(organizations?.data ?? []),
          operators: countMap(operators?.data ?? []),
        };
      },
      enabled: userIds.length > 0,
    }),
};

export const deleteContractUser = (contractId: number, userId: number) =>
  request<null>({ method: 'DELETE', url: `/api/contract/${contractId}/user/${userId}` }, { errors: 'local' });
