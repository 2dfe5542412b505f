import { describe, expect, it } from 'vitest';
import { ALL_ROLES, PORTAL_SUPER_ADMIN, PRODUCT_CODE, ROLES } from '../src/roles.ts';
import {
  adminRoles,
  assignableRoles,
  granted,
  grantedForContract,
  grantedInContract,
  widgetGranted,
  isChecked,
  organizationServiceId,
  serviceCode,
} from '../src/permissions.ts';
import { dateRangeError, entryCode } from '../src/constants.ts';
import { getEndpoint } from '../src/endpoints/index.ts';
import { buildPath, matchRoute, paths, routeRules } from '../src/routes.ts';

const user = {
  roles: ['ROLE_SIGNAL_NOTIFY', 'ROLE_HYDRO', 'ROLE_SUPER_ADMIN_CONTRACT', 'ROLE_USER'],
  services: {
    SIGNAL_NOTIFY: [
      { type: 'contract' as const, id: 1 },
      { type: 'organization' as const, id: 11 },
    ],
    HYDRO: [{ type: 'contract' as const, id: 2 }],
  },
};

describe('section 6 rules', () => {
  it('lists exactly the roles of the spec, in its order, the portal super admin carrying the product code', () => {
    // portal.md section 6 ("Roles: ..."), copied word for word; "the portal super admin role" is
    // ROLE_SUPER_ADMIN_PORTAL_{product} (territorial-admin.md section 6)
    const specRoles = [
      'ROLE_ITV',
      'ROLE_HYDRO',
      'ROLE_OPOT',
      'ROLE_USER',
      'ROLE_SUPER_ADMIN_CONTRACT',
      'ROLE_SUPER_ADMIN_ORGANIZATION',
      `ROLE_SUPER_ADMIN_PORTAL_${PRODUCT_CODE}`,
      'ROLE_SUPER_ADMIN_PORTAL_OPEN_API',
      'ROLE_SUPER_ADMIN_PORTAL_THINGS_BOARD',
      'ROLE_ZEUS_SIGNAL',
      'ROLE_SIGNAL_NOTIFY',
      'ROLE_SIGNAL_OPERATOR',
      'ROLE_PORTAL_VDM',
      'ROLE_VA_GEST_DOC',
      'ROLE_REQUEST',
      'ROLE_REQUEST_OPERATOR',
      'SUPER_ADMIN',
      'ROLE_PUBLIC_SPACE_PLANNER',
      'ROLE_REPORT_TRENDS',
      'ROLE_POWER_BI',
      'ROLE_THINGS_BOARD',
      'ROLE_INDUSTRIAL_SITE',
      'ROLE_CALENDAR',
      'ROLE_CALENDAR_ADMIN',
      'ROLE_VA_METABASE_REQUESTER',
    ];
    expect(specRoles).toHaveLength(25);
    expect([...ALL_ROLES]).toEqual(specRoles);
    expect(new Set(ALL_ROLES).size).toBe(ALL_ROLES.length);
    expect(PORTAL_SUPER_ADMIN).toBe(`ROLE_SUPER_ADMIN_PORTAL_${PRODUCT_CODE}`);
    // the product code is one upper-case code, not the {product} placeholder nor one of the two named portals
    expect(PRODUCT_CODE).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(ALL_ROLES.filter((role) => role.startsWith('ROLE_SUPER_ADMIN_PORTAL_'))).toEqual([
      PORTAL_SUPER_ADMIN,
      ROLES.SUPER_ADMIN_PORTAL_OPEN_API,
      ROLES.SUPER_ADMIN_PORTAL_THINGS_BOARD,
    ]);
    expect(['OPEN_API', 'THINGS_BOARD']).not.toContain(PRODUCT_CODE);
  });

  it('grants when the user holds at least one listed role', () => {
    expect(granted(user, ['ROLE_POWER_BI', 'ROLE_HYDRO'])).toBe(true);
    expect(granted(user, ['ROLE_POWER_BI'])).toBe(false);
    expect(granted(null, ['ROLE_HYDRO'])).toBe(false);
    expect(granted(user, [])).toBe(true);
  });

  it('grants for the current contract only when the service of that role is tied to it', () => {
    expect(grantedForContract(user, ['ROLE_SIGNAL_NOTIFY'], 1)).toBe(true);
    expect(grantedForContract(user, ['ROLE_SIGNAL_NOTIFY'], 2)).toBe(false);
    expect(grantedForContract(user, ['ROLE_HYDRO'], 2)).toBe(true);
    expect(grantedForContract(user, ['ROLE_HYDRO'], 1)).toBe(false);
    // holding the role is still required
    expect(grantedForContract({ roles: [], services: user.services }, ['ROLE_HYDRO'], 2)).toBe(false);
    expect(grantedForContract(user, ['ROLE_HYDRO'], null)).toBe(false);
  });

  describe('widget visibility (section 6: the role only)', () => {
    const hydrometric = { role: 'ROLE_HYDRO', service: 'hydrometric' };

    it('shows a widget whose role the user holds, whatever the contract its service is tied to', () => {
      // user: HYDRO tied to contract 2 only, and a service granted through an organization
      expect(widgetGranted(user, hydrometric, 1)).toBe(true);
      expect(widgetGranted(user, hydrometric, 2)).toBe(true);
      const organizationScoped = {
        roles: ['ROLE_ITV'],
        services: { ITV: [{ type: 'organization' as const, id: 9 }] },
      };
      expect(widgetGranted(organizationScoped, { role: 'ROLE_ITV', service: 'interventions' }, 1)).toBe(true);
    });

    it('hides a widget whose role the user does not hold, and every widget outside a contract', () => {
      expect(widgetGranted({ roles: ['ROLE_ITV'], services: user.services }, hydrometric, 2)).toBe(false);
      expect(widgetGranted(user, hydrometric, null)).toBe(false);
      expect(widgetGranted(null, hydrometric, 1)).toBe(false);
    });
  });

  it('derives a service code by removing the ROLE_ prefix', () => {
    expect(serviceCode('ROLE_SIGNAL_NOTIFY')).toBe('SIGNAL_NOTIFY');
    expect(serviceCode('ROLE_PUBLIC_SPACE_PLANNER')).toBe('PUBLIC_SPACE_PLANNER');
    expect(serviceCode('SUPER_ADMIN')).toBe('SUPER_ADMIN');
  });

  it('takes as admin roles the roles that match no service', () => {
    expect(adminRoles(user)).toEqual(['ROLE_SUPER_ADMIN_CONTRACT', 'ROLE_USER']);
  });

  it('finds the organization service id only when there is exactly one organization entry', () => {
    expect(organizationServiceId(user, 'SIGNAL_NOTIFY')).toBe(11);
    expect(organizationServiceId(user, 'HYDRO')).toBeUndefined();
    const two = {
      roles: [],
      services: {
        X: [
          { type: 'organization' as const, id: 1 },
          { type: 'organization' as const, id: 2 },
        ],
      },
    };
    expect(organizationServiceId(two, 'X')).toBeUndefined();
  });

  it('lets only portal super admins assign the contract super admin role', () => {
    expect(assignableRoles(user)).toEqual([ROLES.USER]);
    expect(assignableRoles({ roles: [PORTAL_SUPER_ADMIN] })).toEqual([
      ROLES.USER,
      ROLES.SUPER_ADMIN_CONTRACT,
    ]);
  });

  it('counts checkbox values as true for true or "1" only', () => {
    expect([true, '1', false, '0', 'true', 1, undefined].map(isChecked)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('route rights of section 2', () => {
  const rightsOf = (path: string) => matchRoute(path)?.rights;

  it('keeps contract administration to portal super admins', () => {
    for (const path of [
      '/admin/contrat',
      '/admin/contrat/mes-contrats',
      '/admin/contrat/a-finaliser',
      '/admin/contrat/creation',
      '/admin/contrat/creation/validation',
      '/admin/contrat/42',
    ]) {
      expect(rightsOf(path), path).toEqual([PORTAL_SUPER_ADMIN]);
    }
  });

  it('opens territorial management to contract or organization super admins', () => {
    expect(rightsOf('/gestion-territoriale')).toEqual([
      ROLES.SUPER_ADMIN_CONTRACT,
      ROLES.SUPER_ADMIN_ORGANIZATION,
    ]);
  });

  it('gives each detail sub-route its own rights under both bases', () => {
    for (const base of ['/admin/contrat/3', '/gestion-territoriale']) {
      expect(rightsOf(`${base}/area/5`)).toEqual([PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT]);
      expect(rightsOf(`${base}/organisation-territoriale/5`)).toEqual([
        PORTAL_SUPER_ADMIN,
        ROLES.SUPER_ADMIN_CONTRACT,
        ROLES.SUPER_ADMIN_ORGANIZATION,
      ]);
      expect(rightsOf(`${base}/exploitant/5`)).toEqual([PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT]);
      expect(rightsOf(`${base}/utilisateur/5`)).toEqual([PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT]);
    }
  });

  it('matches exactly, literal routes before parameterised ones', () => {
    expect(matchRoute('/demande/nouvelle-demande')?.path).toBe('/demande/nouvelle-demande');
    expect(matchRoute('/demande/12')?.path).toBe('/demande/:requestId');
    expect(matchRoute('/signalement/signal')).toBeUndefined();
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('holds every route of section 2 once, plus the accessibility statement and the calendar event pages', () => {
    expect(new Set(routeRules.map((r) => r.path)).size).toBe(routeRules.length);
    expect(routeRules).toHaveLength(52);
    expect(rightsOf('/calendrier/1/evenement/4/modification')).toEqual(rightsOf('/calendrier/1'));
    expect(rightsOf('/accessibilite')).toEqual([]);
  });

  it('lets every role of the signal-to-request screen read the signal it starts from', () => {
    const rights = rightsOf('/demande/signal-vers-demande/33') ?? [];
    expect(rights).toEqual([ROLES.REQUEST, ROLES.REQUEST_OPERATOR]);
    const readSignal = getEndpoint('getSignal');
    for (const role of rights) expect(granted({ roles: [role] }, readSignal.roles), role).toBe(true);
    // reading is all they get: changing a signal stays with the signal roles
    for (const role of rights)
      expect(granted({ roles: [role] }, getEndpoint('changeSignalStatus').roles), role).toBe(false);
    expect(granted({ roles: [ROLES.USER, ROLES.HYDRO] }, readSignal.roles)).toBe(false);
  });

  it('builds concrete paths', () => {
    expect(buildPath(paths.signals.detail, { signalId: 7 })).toBe('/signalement/signal/7');
    expect(() => buildPath(paths.signals.detail)).toThrow(/signalId/);
  });
});

describe('validation helpers', () => {
  it('makes entry codes the upper-cased camel-case form of the label', () => {
    expect(entryCode('Portail des usagers')).toBe('PORTAILDESUSAGERS');
    expect(entryCode('  mon   Site-web ')).toBe('MONSITEWEB');
    expect(entryCode('Qualité eau')).toBe('QUALITEEAU');
  });

  it('checks the operator date range', () => {
    expect(dateRangeError('', '2026-01-01')).toBe('empty');
    expect(dateRangeError('2026-02-01', '2026-01-01')).toBe('bad-range');
    expect(dateRangeError('2026-01-01', '2026-01-01')).toBeNull();
  });
});

describe('grantedInContract (roles per contract, from GET /api/permissions/admin)', () => {
  const user = { roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN_CONTRACT', 'ROLE_SIGNAL_NOTIFY'] };
  const permissions = [{ contractId: 2, organizationId: null, role: 'ROLE_SUPER_ADMIN_CONTRACT' }];
  const admin = ['ROLE_SUPER_ADMIN_PORTAL_VA', 'ROLE_SUPER_ADMIN_CONTRACT'];

  it('grants an admin role only in the contracts where the user holds it', () => {
    expect(grantedInContract(user, permissions, admin, 2)).toBe(true);
    expect(grantedInContract(user, permissions, admin, 1)).toBe(false);
    expect(grantedInContract(user, [], admin, 2)).toBe(false);
    const territorial = ['ROLE_SUPER_ADMIN_CONTRACT', 'ROLE_SUPER_ADMIN_ORGANIZATION'];
    expect(grantedInContract(user, permissions, territorial, 1)).toBe(false);
    expect(grantedInContract(user, permissions, territorial, 2)).toBe(true);
  });

  it('keeps the portal-wide and the other roles as granted does, and granted before the permissions are read', () => {
    const portal = { roles: ['ROLE_SUPER_ADMIN_PORTAL_VA'] };
    expect(grantedInContract(portal, [], admin, 1)).toBe(true);
    expect(grantedInContract(user, permissions, ['ROLE_SIGNAL_NOTIFY'], 1)).toBe(true);
    expect(grantedInContract(user, null, admin, 1)).toBe(true);
    expect(grantedInContract(null, permissions, admin, 2)).toBe(false);
  });
});
