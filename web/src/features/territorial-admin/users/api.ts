import { queryOptions } from '@tanstack/react-query';
import type { UserWithRoles } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, callData, pageQuery } from '@/lib/api-client';
import { countMap, paging, type ListQuery } from '../shared/list-query';
import { derivedQuery, listingQuery } from '@/lib/endpoint-query';

export const userQueries = {
  list: (contractId: number, q: ListQuery) =>
    listingQuery(contractId, 'listContractUsers', {
      params: { contractId },
      query: { ...paging(q), userFilter: q.search },
    }),
  /** community organization and operator counts per user, loaded after the list */
  counts: (contractId: number, userIds: number[]) =>
    queryOptions({
      ...derivedQuery(contractId, 'user-counts', ['userOrganizationCounts'], userIds, async (signal) => {
        const [organizations, operators] = await Promise.all(
          (['Community', 'Operator'] as const).map((organizationType) =>
            callData(
              'userOrganizationCounts',
              {
                params: { contractId },
                // the paging of portal.md section 7: every user of the page in one answer
                query: {
                  users: userIds,
                  countOnly: true,
                  organizationType,
                  ...pageQuery(1, PAGING.allItems),
                },
                signal,
              },
              { errors: 'local' },
            ),
          ),
        );
        return { organizations: countMap(organizations ?? []), operators: countMap(operators ?? []) };
      }),
      enabled: userIds.length > 0,
    }),
};

export const deleteContractUser = (contractId: number, userId: number) =>
  call('deleteContractUser', { params: { contractId, userId } }, { errors: 'local' });

/** Adds users with a role (the user-with-roles payload). */
export async function inviteUsers(contractId: number, payload: UserWithRoles) {
  return callData('inviteUsers', { params: { contractId }, body: payload }, { errors: 'local' });
}
