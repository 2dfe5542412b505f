/** Adding users with a role (the user-with-roles payload). */
import type { UserWithRoles } from '@portal/contract';
import { callData } from '@/lib/api-client';

export async function inviteUsers(contractId: number, payload: UserWithRoles) {
  return callData('inviteUsers', { params: { contractId }, body: payload });
}
