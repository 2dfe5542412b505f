/** GET /api/permissions/admin: the signed-in user's admin rights, per contract (and organization). */
import type { AdminPermission } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { request } from '../api-client';

export async function getAdminPermissions(): Promise<AdminPermission[]> {
  const { data } = await request<{ permissions: AdminPermission[] }>({
    url: '/api/permissions/admin',
    params: { currentPage: PAGING.defaultPage, itemsPerPage: PAGING.allItems },
  });
  return data.permissions;
}
