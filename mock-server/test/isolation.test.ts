/**
 * Tenant isolation, tried as an attacker would: a contract admin reaching
 * another contract through a shared user, an industrial-site user reading sites hidden from its list,
 * a role granted in one contract used in another, a configuration parented to another contract's, and
 * an old token outliving a reset. Each test fails if the hole comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@portal/contract/roles';
import type { State, UserRecord } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let seed: State;

beforeAll(async () => {
  server = await startQuiet();
  seed = await new Client(server, 'isolation-seed').state();
});
afterAll(async () => server?.close());

const persona = (id: string): UserRecord => seed.tables.users.find((u) => u.personaId === id)!;
const invite = (email: string, role: string = ROLES.USER) => [
  { organizations: [], users: [{ email, roles: [role] }] },
];

describe('user sub-resources stay within the contracts the caller shares with the user (item 1)', () => {
  it('a contract-2 admin who invited a contract-1 user sees none of its contract-1 organizations, areas or shapes', async () => {
    const c = new Client(server, 'isolation-user-subresources');
    const agent = persona('agent');
    expect(agent.organizationIds.length).toBeGreaterThan(0);
    const invited = await c.as('contract-admin-2', 'POST', '/api/contract/2/user/role', invite(agent.email));
    expect(invited.status, invited.text).toBe(201);

    const orgs = await c.as('contract-admin-2', 'GET', `/api/user/${agent.id}/organizations`);
    expect(orgs.status, orgs.text).toBe(200);
    expect(orgs.body).toEqual([]);
    const areas = await c.as('contract-admin-2', 'GET', `/api/user/${agent.id}/area`);
    expect(areas.status, areas.text).toBe(200);
    expect(areas.body).toEqual([]);
    const shape = await c.as('contract-admin-2', 'GET', `/api/user/${agent.id}/geoshape`);
    expect(shape.status, shape.text).toBe(200);
    expect(shape.body.features).toEqual([]);
    // the contract-1 admin still sees them, and the user sees its own
    const own = await c.as('contract-admin', 'GET', `/api/user/${agent.id}/organizations`);
    expect(own.body.map((o: { id: number }) => o.id).sort()).toEqual([...agent.organizationIds].sort());
    const self = await c.as('agent', 'GET', `/api/user/${agent.id}/area`);
    expect(self.body.length).toBeGreaterThan(0);
  });

  it("another user's contracts: only those the caller administers them in; one's own: all", async () => {
    const c = new Client(server, 'isolation-user-contracts');
    const agent = persona('agent');
    const invited = await c.as('contract-admin-2', 'POST', '/api/contract/2/user/role', invite(agent.email));
    expect(invited.status, invited.text).toBe(201);
    const ids = (body: { id: number }[]) => body.map((contract) => contract.id).sort();
    // the contract-2 admin sees the agent in contract 2 only, the contract-1 admin in contract 1 only
    const fromTwo = await c.as('contract-admin-2', 'GET', `/api/user/${agent.id}/contracts`);
    expect(fromTwo.status, fromTwo.text).toBe(200);
    expect(ids(fromTwo.body)).toEqual([2]);
    expect(fromTwo.headers.get('x-pagination-total-count')).toBe('1');
    const fromOne = await c.as('contract-admin', 'GET', `/api/user/${agent.id}/contracts`);
    expect(ids(fromOne.body)).toEqual([1]);
    const self = await c.as('agent', 'GET', `/api/user/${agent.id}/contracts`);
    expect(ids(self.body)).toEqual([1, 2]);
    // a caller who administers the user nowhere: refused
    const outsider = await c.as('signal-agent', 'GET', `/api/user/${agent.id}/contracts`);
    expect(outsider.status, outsider.text).toBe(403);
  });

  it("across tenants: another contract's admin is refused a user it does not share, an unknown user is a 404", async () => {
    const c = new Client(server, 'isolation-user-contracts-tenants');
    const agent = persona('agent');
    expect(agent.contractIds).toEqual([1]);
    // the contract-2 admin has never had the agent in its contract: 403, and no contract leaks
    const across = await c.as('contract-admin-2', 'GET', `/api/user/${agent.id}/contracts`);
    expect(across.status, across.text).toBe(403);
    expect(across.text).not.toContain('Dijon');
    // nor through a contract the caller has, named in the query
    const viaQuery = await c.as('contract-admin-2', 'GET', `/api/user/${agent.id}/contracts?contractId=2`);
    expect(viaQuery.status, viaQuery.text).toBe(403);
    // the contract-1 admin about the contract-2 admin: not shared either
    const admin2 = persona('contract-admin-2');
    expect((await c.as('contract-admin', 'GET', `/api/user/${admin2.id}/contracts`)).status).toBe(403);
    const unknown = await c.as('contract-admin', 'GET', '/api/user/987654/contracts');
    expect(unknown.status, unknown.text).toBe(404);
  });

  it("pages another user's contracts like the signed-in user's (x-pagination-* headers, pages from 1)", async () => {
    const c = new Client(server, 'isolation-user-contracts-paging');
    const multi = persona('multi-contract');
    expect(multi.contractIds.length).toBe(3);
    const url = `/api/user/${multi.id}/contracts`;
    const first = await c.as('portal-admin', 'GET', `${url}?currentPage=1&itemsPerPage=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('x-pagination-total-count')).toBe('3');
    expect(first.headers.get('x-pagination-page-count')).toBe('2');
    expect(first.headers.get('x-pagination-current-page')).toBe('1');
    const second = await c.as('portal-admin', 'GET', `${url}?currentPage=2&itemsPerPage=2`);
    expect(second.body).toHaveLength(1);
    const ids = [...first.body, ...second.body].map((contract: { id: number }) => contract.id).sort();
    expect(ids).toEqual([...multi.contractIds].sort());
    // the portal super admin's own list is its own, not the user's
    const own = await c.as('portal-admin', 'GET', '/api/user/contracts?itemsPerPage=50');
    expect(own.headers.get('x-pagination-total-count')).toBe(
      String(persona('portal-admin').contractIds.length),
    );
  });
});

describe('industrial sites: the by-id calls have the reach of the list (item 2)', () => {
  it('a ROLE_INDUSTRIAL_SITE user gets 404 for every site its list hides, and 200 for its own', async () => {
    const c = new Client(server, 'isolation-sites');
    const list = await c.as('site-user', 'GET', '/api/industrial-site?contractId=1&itemsPerPage=500');
    expect(list.status, list.text).toBe(200);
    const mine = new Set<number>(list.body.map((s: { id: number }) => s.id));
    const hidden = seed.tables.industrialSites.find((s) => s.contractId === 1 && !mine.has(s.id))!;
    const own = seed.tables.industrialSites.find((s) => mine.has(s.id))!;
    expect(hidden).toBeDefined();
    for (const path of ['', '/contact', '/indicator-value?startDate=2026-01-01']) {
      const other = await c.as('site-user', 'GET', `/api/industrial-site/${hidden.id}${path}`);
      expect(other.status, `${path} ${other.text}`).toBe(404);
      const ok = await c.as('site-user', 'GET', `/api/industrial-site/${own.id}${path}`);
      expect(ok.status, `${path} ${ok.text}`).toBe(200);
    }
    const photo = seed.tables.sitePhotos.find((p) => p.ownerId === hidden.id);
    if (photo) {
      const binary = await c.as('site-user', 'GET', `/api/industrial-site/photo/${photo.id}/binary`);
      expect(binary.status).toBe(404);
    }
  });
});

describe('roles belong to the contract that granted them (item 3)', () => {
  it('ROLE_SUPER_ADMIN_CONTRACT given through contract 2 does not administer contract 1', async () => {
    const c = new Client(server, 'isolation-roles');
    const agent = persona('agent');
    const granted = await c.as(
      'portal-admin',
      'POST',
      '/api/contract/2/user/role',
      invite(agent.email, ROLES.SUPER_ADMIN_CONTRACT),
    );
    expect(granted.status, granted.text).toBe(201);
    // contract 2: admin
    expect((await c.as('agent', 'GET', '/api/contract/2/user')).status).toBe(200);
    // contract 1: still a plain user
    expect((await c.as('agent', 'GET', '/api/contract/1/user')).status).toBe(403);
    const org = seed.tables.organizations.find((o) => o.contractId === 1 && !o.master)!;
    expect((await c.as('agent', 'DELETE', `/api/organization/${org.id}`)).status).toBe(403);

    // the token info keeps portal.md's shape; the admin rights per contract are in /api/permissions/admin
    const info = await c.as('agent', 'GET', '/api/token-check');
    expect(info.body.roles).toContain(ROLES.SUPER_ADMIN_CONTRACT);
    expect(Object.keys(info.body).sort()).toEqual(
      ['email', 'firstName', 'heimdallId', 'id', 'lastName', 'organization', 'roles', 'services'].sort(),
    );
    const permissions = await c.as('agent', 'GET', '/api/permissions/admin');
    expect(permissions.status).toBe(200);
    expect(permissions.body.permissions).toEqual([
      { contractId: 2, organizationId: null, role: ROLES.SUPER_ADMIN_CONTRACT },
    ]);

    // the state keeps the memberships (user, contract, roles)
    const user = (await c.state()).tables.users.find((u) => u.id === agent.id)!;
    expect(user.memberships).toEqual([
      { contractId: 1, roles: [ROLES.USER] },
      { contractId: 2, roles: [ROLES.USER, ROLES.SUPER_ADMIN_CONTRACT] },
    ]);
  });

  it('a service role of one contract gives no service entry for another (granted for the current contract)', async () => {
    const c = new Client(server, 'isolation-services');
    const made = await c.raw('POST', '/__mock/personas', {
      body: { id: 'split-roles', roles: [ROLES.USER], contractIds: [1, 2] },
    });
    expect(made.status, made.text).toBe(201);
    const added = await c.raw('PATCH', '/__mock/users/split-roles/roles', {
      body: { contractId: 2, add: [ROLES.SIGNAL_NOTIFY] },
    });
    expect(added.status, added.text).toBe(200);
    const info = await c.as('split-roles', 'GET', '/api/token-check');
    expect(info.body.services.SIGNAL_NOTIFY).toEqual([{ type: 'contract', id: 2 }]);
    expect((await c.as('split-roles', 'GET', '/api/signal?contract=2')).status).toBe(200);
    expect((await c.as('split-roles', 'GET', '/api/signal?contract=1')).status).toBe(403);
  });

  it('the personas and the portal-wide roles: the portal super admin administers every contract', async () => {
    const c = new Client(server, 'isolation-portal');
    const admin = persona('portal-admin');
    expect(admin.memberships.every((m) => !m.roles.includes(ROLES.SUPER_ADMIN_PORTAL))).toBe(true);
    expect(admin.roles).toContain(ROLES.SUPER_ADMIN_PORTAL);
    const permissions = await c.as('portal-admin', 'GET', '/api/permissions/admin?itemsPerPage=100');
    expect(permissions.body.permissions.map((p: { contractId: number }) => p.contractId)).toEqual(
      seed.tables.contracts.map((x) => x.id),
    );
  });
});

describe('a configuration takes its parent in its own contract only (item 4)', () => {
  it('a contract-2 admin cannot parent a configuration to a contract-1 configuration: 400 naming parentConfiguration', async () => {
    const c = new Client(server, 'isolation-parent');
    const parent = seed.tables.appConfigurations.find((x) => x.ownerType === 'CONTRACT' && x.owner === 1)!;
    const before = (await c.state()).tables.appConfigurations.length;
    const org = seed.tables.organizations.find(
      (o) =>
        o.contractId === 2 &&
        !seed.tables.appConfigurations.some(
          (x) => x.ownerType === 'ORGANIZATION' && x.owner === o.id && x.name === parent.name,
        ),
    )!;
    const answer = await c.as('contract-admin-2', 'POST', '/api/external-apps/configuration', {
      name: parent.name,
      owner: org.id,
      ownerType: 'ORGANIZATION',
      parameters: {},
      useParentConfiguration: true,
      parentConfiguration: parent.id,
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain('parentConfiguration');
    expect((await c.state()).tables.appConfigurations.length).toBe(before);
  });
});

describe('a token names one user for life (item 5)', () => {
  it('a token minted before a reset answers 401 after the reset, even when a new user takes its id', async () => {
    const c = new Client(server, 'isolation-reset');
    const made = await c.raw('POST', '/__mock/personas', {
      body: { id: 'old-one', roles: [ROLES.SUPER_ADMIN_CONTRACT], contractIds: [1] },
    });
    expect(made.status, made.text).toBe(201);
    const old = await c.token('old-one');
    expect((await c.raw('GET', '/api/token-check', { token: old })).status).toBe(200);
    expect((await c.raw('POST', '/__mock/reset')).status).toBe(200);
    const other = await c.raw('POST', '/__mock/personas', {
      body: { id: 'new-one', roles: [ROLES.USER], contractIds: [2] },
    });
    expect(other.body.userId ?? other.body.id).toBeDefined();
    const after = await c.raw('GET', '/api/token-check', { token: old });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
