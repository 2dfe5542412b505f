/** GET /api/permissions/admin: the signed-in user's admin rights, per contract (and organization). */
import type { AdminPermission } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { request, type RequestOptions } from '../api-client';

export async function getAdminPermissions(options: RequestOptions = {}): Promise<AdminPermission[]> {
  const { data } = await request<{ permissions: AdminPermission[] }>(
    {
      url: '/api/permissions/admin',
      params: { currentPage: PAGING.defaultPage, itemsPerPage: PAGING.allItems },
    },
    options,
  );
  return data.permissions;
}
