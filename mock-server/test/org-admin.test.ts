/**
 * An organization super admin (neither contract nor portal super admin) lists only what is tied to
 * their organizations: users, areas, industrial sites, and the counts that go with those lists;
 * the pagination headers count the same reduced lists. A contract super admin still sees everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import type { State, UserRecord } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let state: State;
let orgAdmin: UserRecord;
/** what the org admin should reach, computed from the state rather than from the server's lists */
let myOrgs: Set<number>;
let myUsers: number[];
let myAreas: number[];
let mySites: number[];

beforeAll(async () => {
  server = await startQuiet();
  state = await new Client(server, 'org-admin-scope').state();
  orgAdmin = state.tables.users.find((u) => u.personaId === 'org-admin')!;
  myOrgs = new Set(orgAdmin.organizationIds);
  myUsers = state.tables.users
    .filter((u) => u.contractIds.includes(1) && u.organizationIds.some((id) => myOrgs.has(id)))
    .map((u) => u.id);
  const areaIds = new Set(
    state.tables.organizations
      .filter((o) => myOrgs.has(o.id) && o.contractId === 1)
      .flatMap((o) => o.areaIds),
  );
  myAreas = state.tables.areas.filter((a) => a.contractId === 1 && areaIds.has(a.id)).map((a) => a.id);
  mySites = state.tables.industrialSites
    .filter((s) => s.contractId === 1 && s.organizationIds.some((id) => myOrgs.has(id)))
    .map((s) => s.id);
});
afterAll(async () => server?.close());

const client = () => new Client(server, 'org-admin-scope');
const ids = (body: { id: number }[]) => body.map((x) => x.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const total = (headers: Headers) => Number(headers.get(PAGINATION_HEADERS.totalCount));

describe('an organization super admin', () => {
  it('belongs to some organizations of contract 1, which do not cover the whole contract (the test can tell)', () => {
    expect(myOrgs.size).toBeGreaterThan(0);
    expect(myUsers.length).toBeGreaterThan(0);
    expect(myUsers.length).toBeLessThan(state.tables.users.filter((u) => u.contractIds.includes(1)).length);
    expect(myAreas.length).toBeLessThan(state.tables.areas.filter((a) => a.contractId === 1).length);
    expect(mySites.length).toBeLessThan(
      state.tables.industrialSites.filter((s) => s.contractId === 1).length,
    );
  });

  it('lists only the users of their organizations, with the pagination headers of that list', async () => {
    const c = client();
    const answer = await c.as('org-admin', 'GET', '/api/contract/1/user?itemsPerPage=500');
    expect(answer.status, answer.text).toBe(200);
    expect(ids(answer.body)).toEqual(sorted(myUsers));
    expect(ids(answer.body)).toContain(orgAdmin.id);
    expect(total(answer.headers)).toBe(myUsers.length);
    const paged = await c.as('org-admin', 'GET', '/api/contract/1/user?itemsPerPage=1');
    expect(total(paged.headers)).toBe(myUsers.length);
    expect(Number(paged.headers.get(PAGINATION_HEADERS.pageCount))).toBe(myUsers.length);
  });

  it('gets organization counts only for the users it reaches', async () => {
    const c = client();
    const stranger = state.tables.users.find(
      (u) => u.contractIds.includes(1) && !myUsers.includes(u.id) && u.organizationIds.length > 0,
    )!;
    const mine = myUsers[0]!;
    const answer = await c.as(
      'org-admin',
      'GET',
      `/api/contract/1/users/organization?users=${mine}&users=${stranger.id}`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.map((x: { id: number }) => x.id)).toEqual([mine]);
    const all = await c.as('org-admin', 'GET', '/api/contract/1/users/organization');
    expect(ids(all.body)).toEqual(sorted(myUsers));
  });

  it('lists only the areas of their organizations, and counts only those', async () => {
    const c = client();
    const answer = await c.as('org-admin', 'GET', '/api/contract/1/area?itemsPerPage=500');
    expect(answer.status, answer.text).toBe(200);
    expect(ids(answer.body)).toEqual(sorted(myAreas));
    expect(total(answer.headers)).toBe(myAreas.length);
    const foreign = state.tables.areas.find((a) => a.contractId === 1 && !myAreas.includes(a.id))!;
    const mine = myAreas[0]!;
    for (const path of ['category-count', 'organization-count']) {
      const counts = await c.as(
        'org-admin',
        'GET',
        `/api/contract/1/area/${path}?areas=${mine}&areas=${foreign.id}`,
      );
      expect(counts.status, counts.text).toBe(200);
      expect(
        counts.body.map((x: { id: number }) => x.id),
        path,
      ).toEqual([mine]);
      const every = await c.as('org-admin', 'GET', `/api/contract/1/area/${path}`);
      expect(ids(every.body), path).toEqual(sorted(myAreas));
    }
  });

  it('gets user counts only for their organizations', async () => {
    const c = client();
    const foreign = state.tables.organizations.find((o) => o.contractId === 1 && !myOrgs.has(o.id))!;
    const mine = [...myOrgs][0]!;
    const counts = await c.as(
      'org-admin',
      'GET',
      `/api/contract/1/organization/user-count?organizations=${mine}&organizations=${foreign.id}`,
    );
    expect(counts.status, counts.text).toBe(200);
    expect(counts.body.map((x: { id: number }) => x.id)).toEqual([mine]);
  });

  it('lists only the industrial sites of their organizations', async () => {
    const c = client();
    const answer = await c.as('org-admin', 'GET', '/api/industrial-site?contractId=1&itemsPerPage=500');
    expect(answer.status, answer.text).toBe(200);
    expect(ids(answer.body)).toEqual(sorted(mySites));
    expect(total(answer.headers)).toBe(mySites.length);
  });

  it('leaves a contract super admin with every user, area and site of the contract', async () => {
    const c = client();
    const users = await c.as('contract-admin', 'GET', '/api/contract/1/user?itemsPerPage=1');
    expect(total(users.headers)).toBe(state.tables.users.filter((u) => u.contractIds.includes(1)).length);
    const areas = await c.as('contract-admin', 'GET', '/api/contract/1/area?itemsPerPage=1');
    expect(total(areas.headers)).toBe(state.tables.areas.filter((a) => a.contractId === 1).length);
    const sites = await c.as('contract-admin', 'GET', '/api/industrial-site?contractId=1&itemsPerPage=1');
    expect(total(sites.headers)).toBe(state.tables.industrialSites.filter((s) => s.contractId === 1).length);
  });
});
