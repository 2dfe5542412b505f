/**
 * The permission rules of section 6 of both spec documents, as small pure functions.
 * The portal uses them to hide, the mock server to decide.
 */
import { ADMIN_ROLES, PORTAL_SUPER_ADMIN, ROLES, type Role } from './roles.ts';

export interface ServiceGrant {
  type: 'organization' | 'contract';
  id: number;
}

/** The part of the token info that the rules read. */
export interface PermissionSubject {
  roles: readonly string[];
  services?: Readonly<Record<string, readonly ServiceGrant[]>>;
}

/** Granted means the user holds at least one of the listed roles. An empty list grants everyone. */
export function granted(user: PermissionSubject | null | undefined, roles: readonly string[]): boolean {
  if (!user) return false;
  if (roles.length === 0) return true;
  return roles.some((role) => user.roles.includes(role));
}

/** A service code is the role name without the ROLE_ prefix. */
export function serviceCode(role: string): string {
  return role.startsWith('ROLE_') ? role.slice('ROLE_'.length) : role;
}

/** The service role of a service code: the inverse of serviceCode. */
export function serviceRole(code: string): string {
  return `ROLE_${code}`;
}

/**
 * Granted for the current contract: the user holds one of the roles, and the user's service for
 * that role is tied to the current contract.
 */
export function grantedForContract(
  user: PermissionSubject | null | undefined,
  roles: readonly string[],
  contractId: number | null | undefined,
): boolean {
  if (!user || contractId == null) return false;
  if (roles.length === 0) return true;
  return roles.some(
    (role) =>
      user.roles.includes(role) &&
      (user.services?.[serviceCode(role)] ?? []).some(
        (grant) => grant.type === 'contract' && grant.id === contractId,
      ),
  );
}

/** The roles that are admin rights: the contract's and organization's super admins and the portal's. */
const ADMIN_RIGHTS: ReadonlySet<string> = new Set(ADMIN_ROLES);

/** What widgetGranted reads of a widget of the catalogue. */
export interface WidgetRights {
  role: string;
  service?: string | undefined;
}

/**
 * A dashboard widget shows when the user holds the widget's role (territorial-admin.md section 6:
 * "Dashboard widgets show only if the user holds the widget's required role"), inside a current
 * contract. The user's services are not consulted: a service granted through an organization
 * (not tied to the contract itself) still shows its widgets.
 */
export function widgetGranted(
  user: PermissionSubject | null | undefined,
  widget: WidgetRights,
  contractId: number | null | undefined,
): boolean {
  return !!user && contractId != null && user.roles.includes(widget.role);
}

/** One admin right of GET /api/permissions/admin: a role held in a contract (and an organization). */
export interface AdminPermission {
  contractId: number;
  organizationId: number | null;
  role: string;
}

/**
 * Granted in a contract, for admin screens and actions: an admin role counts only where the user
 * holds it (the answer of GET /api/permissions/admin; roles belong to the contract that granted them),
 * the portal-wide roles and the other roles count as `granted` does. An admin role counts only as
 * one of the user's admin roles (portal.md section 6: "the user's roles that match no service"): a
 * role the token info lists as a service is a service, not an admin right. Without the permissions
 * (not read yet), `granted` decides, over the same roles.
 */
export function grantedInContract(
  user: PermissionSubject | null | undefined,
  permissions: readonly AdminPermission[] | null | undefined,
  roles: readonly string[],
  contractId: number | null | undefined,
): boolean {
  if (!user) return false;
  if (roles.length === 0) return true;
  const admin = new Set(adminRoles(user));
  const held = (role: string) => (ADMIN_RIGHTS.has(role) ? admin.has(role) : user.roles.includes(role));
  if (!permissions) return roles.some(held);
  const contractAdmin = (role: string) =>
    role === ROLES.SUPER_ADMIN_CONTRACT || role === ROLES.SUPER_ADMIN_ORGANIZATION;
  if (roles.some((role) => !contractAdmin(role) && held(role))) return true;
  return permissions.some(
    (p) =>
      p.contractId === contractId && contractAdmin(p.role) && roles.includes(p.role) && admin.has(p.role),
  );
}

/** Admin roles are the user's roles that match no service. */
export function adminRoles(user: PermissionSubject): string[] {
  const services = new Set(Object.keys(user.services ?? {}));
  return user.roles.filter((role) => !services.has(serviceCode(role)));
}

/** The organization service id: the single organization-type entry for that service, if exactly one. */
export function organizationServiceId(user: PermissionSubject, code: string): number | undefined {
  const entries = (user.services?.[code] ?? []).filter((grant) => grant.type === 'organization');
  return entries.length === 1 ? entries[0]?.id : undefined;
}

export const isPortalSuperAdmin = (user: PermissionSubject | null | undefined): boolean =>
  granted(user, [PORTAL_SUPER_ADMIN]);
export const isContractSuperAdmin = (user: PermissionSubject | null | undefined): boolean =>
  granted(user, [ROLES.SUPER_ADMIN_CONTRACT]);
export const isOrganizationSuperAdmin = (user: PermissionSubject | null | undefined): boolean =>
  granted(user, [ROLES.SUPER_ADMIN_ORGANIZATION]);
export const isAdmin = (user: PermissionSubject | null | undefined): boolean => granted(user, ADMIN_ROLES);

/** Roles a user may assign in the add-users wizard: the user role, and contract super admin for portal super admins. */
export function assignableRoles(user: PermissionSubject | null | undefined): Role[] {
  return isPortalSuperAdmin(user) ? [ROLES.USER, ROLES.SUPER_ADMIN_CONTRACT] : [ROLES.USER];
}

/** Checkbox values count as true for true or '1'. */
export function isChecked(value: unknown): boolean {
  return value === true || value === '1';
}
