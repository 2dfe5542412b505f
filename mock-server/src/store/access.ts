/** Who reaches what: the user's services and contracts, derived from the state. */
import { ADMIN_ROLES, PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import {
  isAdmin,
  isContractSuperAdmin,
  isOrganizationSuperAdmin,
  isPortalSuperAdmin,
  serviceCode,
} from '@portal/contract/permissions';
import type { ServiceGrant } from '@portal/contract';
import { rolesInContract, type UserRecord } from '@portal/fixtures';
import { getRow, groupBy, type Db } from './db.ts';

/** Roles that are not services: admin roles, the plain user role and the portal-wide roles. */
const NOT_SERVICES = new Set<string>([
  ...ADMIN_ROLES,
  ROLES.USER,
  ROLES.SUPER_ADMIN,
  ROLES.SUPER_ADMIN_PORTAL_OPEN_API,
  ROLES.SUPER_ADMIN_PORTAL_THINGS_BOARD,
]);

/**
 * A user's services: each service role of a membership gives an entry for that contract, and one per
 * organization of the user (portal.md section 6: granted for the current contract reads them).
 */
export function servicesOf(user: UserRecord): Record<string, ServiceGrant[]> {
  const services: Record<string, ServiceGrant[]> = {};
  const organizations = user.organizationIds.map((id) => ({ type: 'organization' as const, id }));
  for (const membership of user.memberships) {
    for (const role of membership.roles) {
      if (NOT_SERVICES.has(role)) continue;
      const code = serviceCode(role);
      (services[code] ??= []).push({ type: 'contract', id: membership.contractId });
    }
  }
  for (const code of Object.keys(services)) services[code]?.push(...organizations);
  return services;
}

/**
 * What the permission rules read of a user: every role held (the token info), or, for one contract,
 * the portal-wide roles and that contract's roles only.
 */
export function subjectOf(user: UserRecord, contractId?: number | null) {
  const roles = contractId == null ? user.roles : rolesInContract(user, contractId);
  return { roles, services: servicesOf(user) };
}

/** The user belongs to the contract (a portal super admin reaches every contract). */
export function reachesContract(user: UserRecord, contractId: number): boolean {
  return user.roles.includes(PORTAL_SUPER_ADMIN) || user.contractIds.includes(contractId);
}

/**
 * An organization super admin who is neither contract nor portal super admin (in that contract, when
 * given; otherwise in any): limited to their organizations.
 */
export function isOrganizationAdminOnly(user: UserRecord, contractId?: number | null): boolean {
  const subject = subjectOf(user, contractId);
  return isOrganizationSuperAdmin(subject) && !isContractSuperAdmin(subject) && !isPortalSuperAdmin(subject);
}

/**
 * The organizations an organization super admin (neither contract nor portal super admin) is limited to;
 * null when the caller is not limited that way.
 */
export function organizationReach(user: UserRecord, contractId?: number | null): ReadonlySet<number> | null {
  return isOrganizationAdminOnly(user, contractId) ? new Set(user.organizationIds) : null;
}

/**
 * The contracts where the caller administers the target user: the target belongs to them and the
 * caller holds an admin role there (an organization super admin only: the target shares one of
 * their organizations of that contract). Every contract for a portal super admin.
 */
export function sharedContracts(user: UserRecord, target: UserRecord): number[] {
  return target.contractIds.filter((id) => {
    if (!reachesContract(user, id) || !isAdmin(subjectOf(user, id))) return false;
    if (!isOrganizationAdminOnly(user, id)) return true;
    return target.organizationIds.some((o) => user.organizationIds.includes(o));
  });
}

export function usersByContract(db: Db): Map<number, UserRecord[]> {
  return groupBy(db, 'users', 'byContract', (u) => u.contractIds);
}

export function usersByOrganization(db: Db): Map<number, UserRecord[]> {
  return groupBy(db, 'users', 'byOrganization', (u) => u.organizationIds);
}

export function userByEmail(db: Db, email: string): UserRecord | undefined {
  const lower = email.toLowerCase();
  return db.state.tables.users.find((u) => u.email.toLowerCase() === lower);
}

/**
 * The user a token names, or undefined: a token names one user for life, so its numeric subject, its
 * e-mail and its user-instance nonce (absent for the scenarios' users) must all still match (after a
 * reset another user may get the same id, even the same e-mail).
 */
export function tokenOwner(
  db: Db,
  claims: { sub: string; email: string; uid?: string | undefined },
): UserRecord | undefined {
  const id = Number(claims.sub);
  const found = Number.isInteger(id) ? getRow(db, 'users', id) : undefined;
  if (!found || found.email.toLowerCase() !== claims.email.toLowerCase()) return undefined;
  return (found.tokenNonce ?? '') === (claims.uid ?? '') ? found : undefined;
}

export function userByPersona(db: Db, personaId: string): UserRecord | undefined {
  return db.state.tables.users.find((u) => u.personaId === personaId);
}

const foldCache = new Map<string, string>();

/** Case- and accent-insensitive text for searches (memoized: lists fold the same labels on every call). */
export function fold(text: string): string {
  let folded = foldCache.get(text);
  if (folded === undefined) {
    folded = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    if (foldCache.size > 100_000) foldCache.clear();
    foldCache.set(text, folded);
  }
  return folded;
}

export function matches(
  haystack: readonly (string | null | undefined)[],
  needle: string | undefined,
): boolean {
  if (!needle) return true;
  const n = fold(needle.trim());
  for (const h of haystack) if (h != null && fold(h).includes(n)) return true;
  return false;
}
