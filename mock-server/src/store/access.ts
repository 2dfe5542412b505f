/** Who reaches what: the user's services and contracts, derived from the state. */
import {
  ADMIN_ROLES,
  PORTAL_SUPER_ADMIN,
  ROLES,
  isContractSuperAdmin,
  isOrganizationSuperAdmin,
  isPortalSuperAdmin,
  serviceCode,
  type ServiceGrant,
} from '@portal/contract';
import type { UserRecord } from '@portal/fixtures';
import { groupBy, type Db } from './db.ts';

/** Roles that are not services: admin roles, the plain user role and the portal-wide roles. */
const NOT_SERVICES = new Set<string>([
  ...ADMIN_ROLES,
  ROLES.USER,
  ROLES.SUPER_ADMIN,
  ROLES.SUPER_ADMIN_PORTAL_OPEN_API,
  ROLES.SUPER_ADMIN_PORTAL_THINGS_BOARD,
]);

/** A user's services: each service role gives an entry per contract and per organization of the user. */
export function servicesOf(user: UserRecord): Record<string, ServiceGrant[]> {
  const services: Record<string, ServiceGrant[]> = {};
  for (const role of user.roles) {
    if (NOT_SERVICES.has(role)) continue;
    services[serviceCode(role)] = [
      ...user.contractIds.map((id) => ({ type: 'contract' as const, id })),
      ...user.organizationIds.map((id) => ({ type: 'organization' as const, id })),
    ];
  }
  return services;
}

export function subjectOf(user: UserRecord) {
  return { roles: user.roles, services: servicesOf(user) };
}

/** The user belongs to the contract (a portal super admin reaches every contract). */
export function reachesContract(user: UserRecord, contractId: number): boolean {
  return user.roles.includes(PORTAL_SUPER_ADMIN) || user.contractIds.includes(contractId);
}

/** An organization super admin who is neither contract nor portal super admin: limited to their organizations. */
export function isOrganizationAdminOnly(user: UserRecord): boolean {
  return isOrganizationSuperAdmin(user) && !isContractSuperAdmin(user) && !isPortalSuperAdmin(user);
}

/**
 * The organizations an organization super admin (neither contract nor portal super admin) is limited to;
 * null when the caller is not limited that way.
 */
export function organizationReach(user: UserRecord): ReadonlySet<number> | null {
  return isOrganizationAdminOnly(user) ? new Set(user.organizationIds) : null;
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
