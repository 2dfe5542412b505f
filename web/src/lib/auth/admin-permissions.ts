/** GET /api/permissions/admin: the signed-in user's admin rights, per contract (and organization). */
import type { AdminPermission } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { callData, type RequestOptions } from '../api-client';

export async function getAdminPermissions(options: RequestOptions = {}): Promise<AdminPermission[]> {
  const { permissions } = await callData(
    'adminPermissions',
    { query: { currentPage: PAGING.defaultPage, itemsPerPage: PAGING.allItems } },
    options,
  );
  return permissions;
}
