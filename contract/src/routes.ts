/**
 * The portal's route table of portal.md section 2, with each route's rights.
 * An empty rights list means any signed-in user. The web router, the side menu, the CLI's
 * role matrix and the end-to-end suites all read this one table.
 */
import { PORTAL_SUPER_ADMIN, ROLES } from './roles.ts';

export interface RouteRule {
  /** react-router style pattern, exact match. */
  path: string;
  /** at least one of these roles opens the route; empty: any signed-in user */
  rights: readonly string[];
  /** where a refused user goes (home by default) */
  redirectTo?: string;
  /** routes outside the signed-in shell (error pages, legal pages) */
  public?: boolean;
}

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT] as const;
const TERRITORIAL = [ROLES.SUPER_ADMIN_CONTRACT, ROLES.SUPER_ADMIN_ORGANIZATION] as const;
const SIGNAL = [ROLES.SIGNAL_NOTIFY, ROLES.SIGNAL_OPERATOR, ROLES.ZEUS_SIGNAL] as const;
const REQUEST = [ROLES.REQUEST, ROLES.REQUEST_OPERATOR] as const;
const CALENDAR = [ROLES.CALENDAR, ROLES.CALENDAR_ADMIN] as const;

export const paths = {
  home: '/',
  map: '/cartographie',
  logout: '/deconnexion',
  help: '/aide',
  samlLogin: '/saml/login',
  samlLogout: 'saml/logout',
  signals: {
    list: '/signalement',
    create: '/signalement/signaler',
    detail: '/signalement/signal/:signalId',
  },
  requests: {
    list: '/demande',
    choose: '/demande/nouvelle-demande',
    draft: '/demande/nouvelle-demande/:requestId',
    fromSignal: '/demande/signal-vers-demande/:signalId',
    detail: '/demande/:requestId',
  },
  powerBi: '/api/powerbi',
  powerBiTrends: '/api/powerbi/trends',
  thingsBoard: '/api/thingsboard/dashboards',
  profile: '/mon-profil',
  mySite: '/mon-site',
  works: {
    list: '/travaux',
    create: '/travaux/nouveau',
    detail: '/travaux/:workId',
    edit: '/travaux/edition/:workId',
  },
  calendar: {
    list: '/calendrier',
    detail: '/calendrier/:calendrierId',
    newEvent: '/calendrier/:calendrierId/evenement',
    event: '/calendrier/:calendrierId/evenement/:eventId',
    editEvent: '/calendrier/:calendrierId/evenement/:eventId/modification',
  },
  legalNotice: '/mentions-legales-portail',
  /** the accessibility statement French public-sector sites must publish (RGAA); not in the spec's list */
  accessibility: '/accessibilite',
  terms: '/conditions-generales-d-utilisation-portail',
  cookies: '/declaration-cookies',
  errors: {
    unknown: '/error/unknown',
    accessDenied: '/error/access-denied',
    oops: '/error/oops',
    sso: '/error/sso',
  },
  admin: {
    contracts: '/admin/contrat',
    myContracts: '/admin/contrat/mes-contrats',
    toFinalize: '/admin/contrat/a-finaliser',
    createContract: '/admin/contrat/creation',
    createContractDone: '/admin/contrat/creation/validation',
    contract: '/admin/contrat/:contractId',
    territorial: '/gestion-territoriale',
    industrialSiteCreate: '/gestion-territoriale/site-industriel/creation',
    industrialSite: '/gestion-territoriale/site-industriel/:siteId',
    industrialSiteContactNew: '/gestion-territoriale/site-industriel/:siteId/contact',
    industrialSiteContact: '/gestion-territoriale/site-industriel/:siteId/contact/:contactId',
  },
  /** sub-routes available under both the contract details route and the territorial route */
  adminDetail: {
    area: '/area/:areaId',
    organization: '/organisation-territoriale/:organizationId',
    operator: '/exploitant/:operatorId',
    user: '/utilisateur/:userId',
  },
} as const;

const detailRights = {
  area: CONTRACT_ADMIN,
  organization: [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT, ROLES.SUPER_ADMIN_ORGANIZATION],
  operator: CONTRACT_ADMIN,
  user: CONTRACT_ADMIN,
} as const satisfies Record<keyof typeof paths.adminDetail, readonly string[]>;

const adminBases = [paths.admin.contract, paths.admin.territorial] as const;

export const routeRules: readonly RouteRule[] = [
  { path: paths.home, rights: [] },
  { path: paths.map, rights: [] },
  { path: paths.logout, rights: [] },
  { path: paths.signals.list, rights: SIGNAL },
  { path: paths.signals.create, rights: [ROLES.SIGNAL_NOTIFY, ROLES.ZEUS_SIGNAL] },
  { path: paths.signals.detail, rights: SIGNAL },
  { path: paths.requests.list, rights: REQUEST },
  { path: paths.requests.choose, rights: REQUEST },
  { path: paths.requests.draft, rights: REQUEST },
  { path: paths.requests.fromSignal, rights: REQUEST },
  { path: paths.requests.detail, rights: REQUEST },
  { path: paths.powerBi, rights: [ROLES.POWER_BI] },
  { path: paths.powerBiTrends, rights: [ROLES.REPORT_TRENDS] },
  { path: paths.thingsBoard, rights: [ROLES.THINGS_BOARD] },
  { path: paths.profile, rights: [] },
  { path: paths.mySite, rights: [ROLES.INDUSTRIAL_SITE] },
  { path: paths.works.list, rights: [ROLES.PUBLIC_SPACE_PLANNER] },
  { path: paths.works.create, rights: [ROLES.PUBLIC_SPACE_PLANNER] },
  { path: paths.works.detail, rights: [ROLES.PUBLIC_SPACE_PLANNER] },
  { path: paths.works.edit, rights: [ROLES.PUBLIC_SPACE_PLANNER] },
  { path: paths.calendar.list, rights: CALENDAR },
  { path: paths.calendar.detail, rights: CALENDAR },
  { path: paths.calendar.newEvent, rights: CALENDAR },
  { path: paths.calendar.event, rights: CALENDAR },
  { path: paths.calendar.editEvent, rights: CALENDAR },
  { path: paths.legalNotice, rights: [], public: true },
  { path: paths.accessibility, rights: [], public: true },
  { path: paths.terms, rights: [], public: true },
  { path: paths.cookies, rights: [], public: true },
  { path: paths.errors.unknown, rights: [], public: true },
  { path: paths.errors.accessDenied, rights: [], public: true },
  { path: paths.errors.oops, rights: [], public: true },
  { path: paths.errors.sso, rights: [], public: true },
  { path: paths.admin.contracts, rights: [PORTAL_SUPER_ADMIN] },
  { path: paths.admin.myContracts, rights: [PORTAL_SUPER_ADMIN] },
  { path: paths.admin.toFinalize, rights: [PORTAL_SUPER_ADMIN] },
  { path: paths.admin.createContract, rights: [PORTAL_SUPER_ADMIN] },
  { path: paths.admin.createContractDone, rights: [PORTAL_SUPER_ADMIN] },
  { path: paths.admin.contract, rights: [PORTAL_SUPER_ADMIN] },
  { path: paths.admin.territorial, rights: TERRITORIAL },
  { path: paths.admin.industrialSiteCreate, rights: CONTRACT_ADMIN },
  { path: paths.admin.industrialSite, rights: CONTRACT_ADMIN },
  { path: paths.admin.industrialSiteContactNew, rights: CONTRACT_ADMIN },
  { path: paths.admin.industrialSiteContact, rights: CONTRACT_ADMIN },
  ...adminBases.flatMap((base) =>
    (Object.keys(paths.adminDetail) as (keyof typeof paths.adminDetail)[]).map((key) => ({
      path: `${base}${paths.adminDetail[key]}`,
      rights: detailRights[key],
    })),
  ),
];

/** Turns '/a/:id' and { id: 3 } into '/a/3'. */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** Finds the rule whose pattern matches a concrete path exactly. */
export function matchRoute(pathname: string): RouteRule | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // a literal pattern wins over a parameterised one (/demande/nouvelle-demande vs /demande/:requestId)
  const literal = routeRules.find((rule) => rule.path === clean);
  if (literal) return literal;
  return routeRules.find((rule) => patternToRegExp(rule.path).test(clean));
}

export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
