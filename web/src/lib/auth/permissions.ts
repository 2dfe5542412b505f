/**
 * The user's admin rights per contract (GET /api/permissions/admin), and the re-check when the user's
 * permissions may have changed (territorial-admin.md section 4): after a role change of oneself, and
 * when the window gets the focus back after a while. A change runs the permissions redirect check again.
 */
import { useEffect } from 'react';
import type { AdminPermission, TokenInfo } from '@portal/contract';
import { call } from '../api-client';
import { getAdminPermissions } from './admin-permissions';
import { checkPermissionsRedirect } from './authenticate';
import { sessionStore } from './session-store';

/** How long the window must have been left before its focus re-reads the permissions. */
const PERMISSIONS_RECHECK_MS = 5 * 60 * 1000;

const sameRights = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** when the permissions were last read: the sign-in runs as the portal loads */
let lastRead = Date.now();

/**
 * Reads the user's roles and admin rights again; when they changed, stores them and runs the
 * permissions redirect check. Answers whether they changed. A failure keeps what the portal had (logged).
 */
export async function refreshPermissions(): Promise<boolean> {
  const before = sessionStore.get();
  if (before.status !== 'ready' || !before.user) return false;
  lastRead = Date.now();
  let user: TokenInfo;
  let adminPermissions: AdminPermission[];
  try {
    [{ data: user }, adminPermissions] = await Promise.all([
      call('tokenCheck', {}, { errors: 'local' }),
      getAdminPermissions(),
    ]);
  } catch (error) {
    console.warn('permissions re-check skipped', error);
    return false;
  }
  const changed =
    !sameRights(before.user.roles, user.roles) ||
    !sameRights(before.user.services, user.services) ||
    !sameRights(before.adminPermissions ?? null, adminPermissions);
  if (!changed) return false;
  sessionStore.set((s) => ({ ...s, user, adminPermissions }));
  await checkPermissionsRedirect();
  return true;
}

/** After a change to these users' roles: re-reads the permissions when the signed-in user is one of them. */
export function rolesChangedFor(emailsOrIds: readonly (string | number)[]): Promise<boolean> {
  const user = sessionStore.get().user;
  if (!user) return Promise.resolve(false);
  const mine = emailsOrIds.some((x) =>
    typeof x === 'number' ? x === user.id : x.toLowerCase() === user.email.toLowerCase(),
  );
  return mine ? refreshPermissions() : Promise.resolve(false);
}

/** Mounted once in the signed-in shell: the window's focus re-reads the permissions after a while. */
export function usePermissionsRecheck(): void {
  useEffect(() => {
    const onFocus = () => {
      if (Date.now() - lastRead >= PERMISSIONS_RECHECK_MS) void refreshPermissions();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}
