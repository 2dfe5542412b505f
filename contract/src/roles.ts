/** Every role of portal.md and territorial-admin.md section 6. */
export const PRODUCT_CODE = 'VA' as const;

export const ROLES = {
  ITV: 'ROLE_ITV',
  HYDRO: 'ROLE_HYDRO',
  OPOT: 'ROLE_OPOT',
  USER: 'ROLE_USER',
  SUPER_ADMIN_CONTRACT: 'ROLE_SUPER_ADMIN_CONTRACT',
  SUPER_ADMIN_ORGANIZATION: 'ROLE_SUPER_ADMIN_ORGANIZATION',
  SUPER_ADMIN_PORTAL: `ROLE_SUPER_ADMIN_PORTAL_${PRODUCT_CODE}`,
  SUPER_ADMIN_PORTAL_OPEN_API: 'ROLE_SUPER_ADMIN_PORTAL_OPEN_API',
  SUPER_ADMIN_PORTAL_THINGS_BOARD: 'ROLE_SUPER_ADMIN_PORTAL_THINGS_BOARD',
  ZEUS_SIGNAL: 'ROLE_ZEUS_SIGNAL',
  SIGNAL_NOTIFY: 'ROLE_SIGNAL_NOTIFY',
  SIGNAL_OPERATOR: 'ROLE_SIGNAL_OPERATOR',
  PORTAL_VDM: 'ROLE_PORTAL_VDM',
  VA_GEST_DOC: 'ROLE_VA_GEST_DOC',
  REQUEST: 'ROLE_REQUEST',
  REQUEST_OPERATOR: 'ROLE_REQUEST_OPERATOR',
  SUPER_ADMIN: 'SUPER_ADMIN',
  PUBLIC_SPACE_PLANNER: 'ROLE_PUBLIC_SPACE_PLANNER',
  REPORT_TRENDS: 'ROLE_REPORT_TRENDS',
  POWER_BI: 'ROLE_POWER_BI',
  THINGS_BOARD: 'ROLE_THINGS_BOARD',
  INDUSTRIAL_SITE: 'ROLE_INDUSTRIAL_SITE',
  CALENDAR: 'ROLE_CALENDAR',
  CALENDAR_ADMIN: 'ROLE_CALENDAR_ADMIN',
  VA_METABASE_REQUESTER: 'ROLE_VA_METABASE_REQUESTER',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES: readonly Role[] = Object.values(ROLES);

export const PORTAL_SUPER_ADMIN = ROLES.SUPER_ADMIN_PORTAL;
/** Roles that administer something: contracts, a contract, or organizations. */
export const ADMIN_ROLES = [
  ROLES.SUPER_ADMIN_PORTAL,
  ROLES.SUPER_ADMIN_CONTRACT,
  ROLES.SUPER_ADMIN_ORGANIZATION,
] as const satisfies readonly Role[];
/**
 * Portal-wide roles: held once, for every contract. Every other role belongs to the contract that
 * granted it (a membership: user, contract, roles).
 */
export const PORTAL_WIDE_ROLES = [
  ROLES.SUPER_ADMIN_PORTAL,
  ROLES.SUPER_ADMIN_PORTAL_OPEN_API,
  ROLES.SUPER_ADMIN_PORTAL_THINGS_BOARD,
  ROLES.SUPER_ADMIN,
] as const satisfies readonly Role[];
export const isPortalWideRole = (role: string): boolean =>
  (PORTAL_WIDE_ROLES as readonly string[]).includes(role);
/** Roles a user can be given through the add-users wizard. */
export const INVITABLE_ROLES = [ROLES.USER, ROLES.SUPER_ADMIN_CONTRACT] as const satisfies readonly Role[];

/** Service codes seen in portal.md section 6, and the roles that carry them. */
export const SERVICE_CODES = {
  cartography: 'cartography',
  hydrometric: 'hydrometric',
  interventions: 'interventions',
  SIGNAL_NOTIFY: 'SIGNAL_NOTIFY',
  waterCycle: 'waterCycle',
  waterConformity: 'waterConformity',
  VA_GEST_DOC: 'VA_GEST_DOC',
  PUBLIC_SPACE_PLANNER: 'PUBLIC_SPACE_PLANNER',
  REQUEST: 'REQUEST',
} as const;
