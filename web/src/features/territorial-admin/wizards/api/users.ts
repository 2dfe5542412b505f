/** Adding users with a role (the user-with-roles payload). */
import type { UserWithRoles } from '@portal/contract';
import { request } from '@/lib/api-client';

export async function inviteUsers(contractId: number, payload: UserWithRoles) {
  const { data } = await request<{ role: string; userEmail: string }[]>({
    method: 'POST',
    url: `/api/contract/${contractId}/user/role`,
    data: payload,
  });
  return data;
}
