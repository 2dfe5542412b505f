/** The interesting rules: state that follows writes, organization admins, concurrency, garbage, persistence. */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointList } from '@portal/contract/endpoints';
import { errorHandler } from '../src/middleware/errors.ts';
import type { RunningMockServer } from '../src/server.ts';
import { ApiFailure } from '../src/store/errors.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

const part = (name: string) => new Client(server, name);

/** What every 400 of the mock server answers: a message, and at least one error naming a field. */
const badRequestShape = z
  .object({
    message: z.string().min(1),
    errors: z.array(z.object({ path: z.string(), message: z.string().min(1) }).strict()).min(1),
  })
  .strict();

/** The organizations of contract 1 of one type, as its contract admin lists them. */
const organizationsOf = (c: Client, type: 'Community' | 'Operator') =>
  c.as('contract-admin', 'GET', `/api/contract/1/organization?type=${type}&itemsPerPage=100`);

describe('state follows writes', () => {
  it('a deleted operator leaves the operators list, the member counts and its areas', async () => {
    const c = part('operator-delete');
    const operators = await organizationsOf(c, 'Operator');
    const operator = operators.body[0];
    const total = Number(operators.headers.get('x-pagination-total-count'));
    const areaId = operator.area[0].id;
    const areaOps = await c.as(
      'contract-admin',
      'GET',
      `/api/area/${areaId}/organization?organizationType=Operator`,
    );
    expect(areaOps.body.map((o: { id: number }) => o.id)).toContain(operator.id);
    expect((await c.as('contract-admin', 'DELETE', `/api/organization/${operator.id}`)).status).toBe(204);
    const after = await c.as(
      'contract-admin',
      'GET',
      '/api/contract/1/organization?type=Operator&itemsPerPage=100',
    );
    expect(Number(after.headers.get('x-pagination-total-count'))).toBe(total - 1);
    expect(after.body.map((o: { id: number }) => o.id)).not.toContain(operator.id);
    const counts = await c.as(
      'contract-admin',
      'GET',
      `/api/contract/1/organization/user-count?organizations=${operator.id}`,
    );
    expect(counts.body).toEqual([]);
    const areaAfter = await c.as(
      'contract-admin',
      'GET',
      `/api/area/${areaId}/organization?organizationType=Operator`,
    );
    expect(areaAfter.body.map((o: { id: number }) => o.id)).not.toContain(operator.id);
    expect((await c.as('contract-admin', 'GET', `/api/organization/${operator.id}`)).status).toBe(404);
  });

  it('edits an operator (name, type, legal entity, new label, dates) and refuses bad input without changing it', async () => {
    const c = part('organization-edit');
    const operators = await organizationsOf(c, 'Operator');
    const operator = operators.body[0];
    const url = `/api/organization/${operator.id}`;
    // start after end: a 400 naming the field, nothing written
    const late = await c.as('contract-admin', 'PUT', url, {
      label: 'Autre nom',
      startDate: '2031-01-01',
      endDate: '2030-01-01',
    });
    expect(late.status).toBe(400);
    expect(badRequestShape.parse(late.body).errors.map((e) => e.path)).toContain('endDate');
    const badType = await c.as('contract-admin', 'PUT', url, { type: 'Region' });
    expect(badType.status).toBe(400);
    expect(badRequestShape.parse(badType.body).errors.map((e) => e.path)).toContain('type');
    const badLegal = await c.as('contract-admin', 'PUT', url, { legalEntity: 999999 });
    expect(badLegal.status).toBe(400);
    expect(badRequestShape.parse(badLegal.body).errors.map((e) => e.path)).toContain('legalEntity');
    expect((await c.as('contract-admin', 'GET', url)).body).toEqual(operator);
    // a community turned operator needs its contract dates
    const communities = await organizationsOf(c, 'Community');
    const community = communities.body.find((o: { organizationMaster: boolean }) => !o.organizationMaster);
    const undated = await c.as('contract-admin', 'PUT', `/api/organization/${community.id}`, {
      type: 'Operator',
      startDate: null,
    });
    expect(undated.status).toBe(400);
    expect(badRequestShape.parse(undated.body).errors.map((e) => e.path)).toContain('startDate');
    // a good edit is answered and read back
    const edited = await c.as('contract-admin', 'PUT', url, {
      label: 'Exploitant Nord',
      newOrganizationLabel: 'Nord Exploitation',
      legalEntity: 'Nord SAS',
      countryCode: 'TN',
      startDate: '2025-01-01',
      endDate: '2029-12-31',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      label: 'Exploitant Nord',
      type: 'Operator',
      newOrganizationLabel: 'Nord Exploitation',
      legalEntity: { label: 'Nord SAS' },
      startDate: '2025-01-01',
      endDate: '2029-12-31',
      organizationMetadatas: { operatorContractEnd: '2029-12-31' },
    });
    expect((await c.as('contract-admin', 'GET', url)).body).toEqual(edited.body);
    // another organization's name is refused
    const clash = await c.as('contract-admin', 'PUT', url, { label: community.label.toUpperCase() });
    expect(clash.status).toBe(409);
  });

  it('renames an area (an automatic "X et 1 autre" too); a blank name is a 400, another contract\'s area a 404', async () => {
    const c = part('area-rename');
    const areas = await c.as('contract-admin', 'GET', '/api/contract/1/area?itemsPerPage=100');
    const area = areas.body[0];
    const url = `/api/contract/1/area/${area.id}`;
    const blank = await c.as('contract-admin', 'PUT', url, { label: '' });
    expect(blank.status).toBe(400);
    expect(badRequestShape.parse(blank.body).errors.map((e) => e.path)).toContain('label');
    expect((await c.as('contract-admin', 'GET', `/api/area/${area.id}`)).body.label).toBe(area.label);
    const renamed = await c.as('contract-admin', 'PUT', url, { label: 'Secteur du Val renommé' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: area.id,
      label: 'Secteur du Val renommé',
      divisions: area.divisions,
    });
    expect((await c.as('contract-admin', 'GET', `/api/area/${area.id}`)).body.label).toBe(
      'Secteur du Val renommé',
    );
    // another area's name, whatever its case: a 409, nothing changes
    const other = areas.body[1];
    const clash = await c.as('contract-admin', 'PUT', `/api/contract/1/area/${other.id}`, {
      label: 'SECTEUR DU VAL RENOMMÉ',
    });
    expect(clash.status).toBe(409);
    expect((await c.as('contract-admin', 'GET', `/api/area/${other.id}`)).body.label).toBe(other.label);
    expect(
      (await c.as('portal-admin', 'PUT', `/api/contract/2/area/${area.id}`, { label: 'X' })).status,
    ).toBe(404);
  });

  it("a contract's site configuration: POST once then PUT, a favicon file as a small bitmap data URL, contract admins of that contract only", async () => {
    const c = part('site-configuration');
    const created = await c.as('portal-admin', 'POST', '/api/contract', { label: 'Contrat apparence' });
    const url = `/api/contract/${created.body.id}/siteConfiguration`;
    expect((await c.as('portal-admin', 'GET', url)).status).toBe(404);
    const png = `data:image/png;base64,${Buffer.from('\x89PNG fake bytes').toString('base64')}`;
    const posted = await c.as('portal-admin', 'POST', url, {
      documentTitle: 'Eaux du Val',
      faviconOnglet: png,
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ documentTitle: 'Eaux du Val', faviconOnglet: png });
    // a second POST: 409, the first one stands
    const again = await c.as('portal-admin', 'POST', url, { documentTitle: 'Autre' });
    expect(again.status).toBe(409);
    expect((await c.as('portal-admin', 'GET', url)).body.documentTitle).toBe('Eaux du Val');
    // a text file or more than 64 KiB: a 400 naming faviconOnglet, nothing changes
    for (const faviconOnglet of [
      `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`,
      `data:image/png;base64,${Buffer.alloc(65 * 1024).toString('base64')}`,
    ]) {
      const refused = await c.as('portal-admin', 'PUT', url, { documentTitle: 'Refusé', faviconOnglet });
      expect(refused.status, faviconOnglet.slice(0, 30)).toBe(400);
      expect(badRequestShape.parse(refused.body).errors.map((e) => e.path)).toContain('faviconOnglet');
    }
    expect((await c.as('portal-admin', 'GET', url)).body).toMatchObject({
      documentTitle: 'Eaux du Val',
      faviconOnglet: png,
    });
    // an SVG is one of the spec's image types: stored with its scripts taken out
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"><circle r="4"/></svg>').toString('base64')}`;
    const withSvg = await c.as('portal-admin', 'PUT', url, {
      documentTitle: 'Eaux du Val',
      faviconOnglet: svg,
    });
    expect(withSvg.status, withSvg.text).toBe(200);
    const stored = String((await c.as('portal-admin', 'GET', url)).body.faviconOnglet);
    const [, base64 = ''] = /^data:image\/svg\+xml;base64,(.*)$/.exec(stored) ?? [];
    expect(Buffer.from(base64, 'base64').toString()).toMatch(/<circle/);
    expect(Buffer.from(base64, 'base64').toString()).not.toMatch(/onload/);
    // the contract-1 super admin updates contract 1, not another contract; an agent updates nothing
    const own = await c.as('contract-admin', 'PUT', '/api/contract/1/siteConfiguration', {
      documentTitle: 'Dijon',
    });
    expect(own.status, own.text).toBe(200);
    expect((await c.as('contract-admin', 'PUT', url, { documentTitle: 'Intrus' })).status).toBe(403);
    expect(
      (await c.as('agent', 'PUT', '/api/contract/1/siteConfiguration', { documentTitle: 'X' })).status,
    ).toBe(403);
  });

  it('a site configuration: every other role is refused (403), a blank title or an unsafe address is a 400 naming its field, a 409 changes nothing', async () => {
    const c = part('site-configuration-refusals');
    const created = await c.as('portal-admin', 'POST', '/api/contract', { label: 'Contrat refus' });
    const url = `/api/contract/${created.body.id}/siteConfiguration`;
    const before = (await c.as('contract-admin', 'GET', '/api/contract/1/siteConfiguration')).body;
    // an organization admin, an agent, another contract's super admin: neither POST nor PUT
    for (const persona of ['org-admin', 'agent', 'signal-agent', 'contract-admin-2']) {
      for (const method of ['POST', 'PUT'] as const) {
        const refused = await c.as(persona, method, '/api/contract/1/siteConfiguration', {
          documentTitle: `Par ${persona}`,
        });
        expect(refused.status, `${persona} ${method} ${refused.text}`).toBe(403);
      }
    }
    expect((await c.as('contract-admin', 'GET', '/api/contract/1/siteConfiguration')).body).toEqual(before);
    // the contract super admin's contract has one: a POST is a 409 even for it
    const again = await c.as('contract-admin', 'POST', '/api/contract/1/siteConfiguration', {
      documentTitle: 'Doublon',
    });
    expect(again.status, again.text).toBe(409);
    expect((await c.as('contract-admin', 'GET', '/api/contract/1/siteConfiguration')).body).toEqual(before);
    // a PUT before any POST: 404 (nothing to update), then the POST creates it
    expect((await c.as('portal-admin', 'PUT', url, { documentTitle: 'Trop tôt' })).status).toBe(404);
    const blank = await c.as('portal-admin', 'POST', url, { documentTitle: '   ' });
    expect(blank.status).toBe(400);
    expect(badRequestShape.parse(blank.body).errors.map((e) => e.path)).toEqual(['documentTitle']);
    for (const faviconOnglet of [
      'javascript:alert(1)',
      'data:image/png;base64,@@@',
      `/${'x'.repeat(2100)}`,
    ]) {
      const unsafe = await c.as('portal-admin', 'POST', url, { documentTitle: 'Val', faviconOnglet });
      expect(unsafe.status, faviconOnglet.slice(0, 30)).toBe(400);
      expect(badRequestShape.parse(unsafe.body).errors.map((e) => e.path)).toEqual(['faviconOnglet']);
    }
    expect((await c.as('portal-admin', 'GET', url)).status).toBe(404);
    expect((await c.as('portal-admin', 'POST', url, { documentTitle: 'Val' })).status).toBe(201);
    // an unknown contract: 404
    expect(
      (await c.as('portal-admin', 'POST', '/api/contract/987654/siteConfiguration', { documentTitle: 'X' }))
        .status,
    ).toBe(404);
  });

  it('sorts the industrial sites by the order column on the server (the type by the label shown); an unknown column is a 400 naming it', async () => {
    const c = part('site-order');
    const read = async (order: string) =>
      (
        await c.as(
          'contract-admin',
          'GET',
          `/api/industrial-site?contractId=1&itemsPerPage=9999&orderColumn=${order}`,
        )
      ).body as { id: number; name: string; industrialSiteType: { label: string } }[];
    const byName = await read('name');
    expect(byName.length).toBeGreaterThan(2);
    expect(byName.map((s) => s.name)).toEqual(
      [...byName.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    const byType = (await read('type')).map((s) => s.industrialSiteType.label);
    expect(byType).toEqual([...byType].sort((a, b) => a.localeCompare(b, 'fr')));
    const byId = (await read('id')).map((s) => s.id);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    const refused = await c.as('contract-admin', 'GET', '/api/industrial-site?contractId=1&orderColumn=city');
    expect(refused.status).toBe(400);
    expect(badRequestShape.parse(refused.body).errors.map((e) => e.path)).toContain('orderColumn');
  });

  it.each([
    { kind: 'request', persona: 'request-agent', list: '/api/request?contract=1&status=SUBMITTED&size=50' },
    { kind: 'signal', persona: 'signal-agent', list: '/api/signal?contract=1&status=NEW' },
  ])(
    'refuses a $kind rejection without a reason (a 400 naming the comment) and keeps the reason in the history',
    async ({ kind, persona, list }) => {
      const c = part(`${kind}-reject`);
      const target = ((await c.as(persona, 'GET', list)).body as { id: number }[])[0]!;
      const url = `/api/${kind}/${target.id}`;
      const before = (await c.as(persona, 'GET', url)).body;
      for (const comment of [undefined, '', '   ']) {
        const refused = await c.as(persona, 'PUT', `${url}/status`, {
          status: 'REJECTED',
          ...(comment === undefined ? {} : { comment }),
        });
        expect(refused.status).toBe(400);
        expect(badRequestShape.parse(refused.body).errors.map((e) => e.path)).toEqual(['comment']);
      }
      expect((await c.as(persona, 'GET', url)).body).toEqual(before);
      const rejected = await c.as(persona, 'PUT', `${url}/status`, {
        status: 'REJECTED',
        comment: 'Hors du périmètre du contrat',
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body.history.at(-1)).toMatchObject({
        status: 'REJECTED',
        comment: 'Hors du périmètre du contrat',
      });
    },
  );

  it('lets a request operator process a request along its transitions, each kept in the history; any other move is a 400 naming it', async () => {
    const c = part('request-process');
    const created = await c.raw('POST', '/__mock/personas', {
      body: { id: 'request-plain', roles: ['ROLE_REQUEST'], contractIds: [1] },
    });
    expect(created.status).toBe(201);
    const list = await c.as('request-agent', 'GET', '/api/request?contract=1&status=SUBMITTED&size=50');
    const target = (list.body as { id: number }[])[0]!;
    const url = `/api/request/${target.id}`;
    const status = `${url}/status`;
    // a plain request agent reads it but cannot process it
    expect((await c.as('request-plain', 'GET', url)).status).toBe(200);
    expect((await c.as('request-plain', 'PUT', status, { status: 'IN_PROGRESS' })).status).toBe(403);
    // SUBMITTED cannot be DONE at once: a 400 naming the move, and nothing changes
    const before = (await c.as('request-agent', 'GET', url)).body;
    const skipped = await c.as('request-agent', 'PUT', status, { status: 'DONE' });
    expect(skipped.status).toBe(400);
    expect(badRequestShape.parse(skipped.body).message).toContain('from SUBMITTED to DONE');
    expect(skipped.body.errors[0].path).toBe('status');
    expect((await c.as('request-agent', 'GET', url)).body).toEqual(before);
    const taken = await c.as('request-agent', 'PUT', status, {
      status: 'IN_PROGRESS',
      comment: 'Équipe voirie prévenue',
    });
    expect(taken.status).toBe(200);
    expect(taken.body.status).toBe('IN_PROGRESS');
    const done = await c.as('request-agent', 'PUT', status, { status: 'DONE' });
    expect(done.body.history.slice(-2)).toMatchObject([
      { status: 'IN_PROGRESS', comment: 'Équipe voirie prévenue' },
      { status: 'DONE', comment: '' },
    ]);
    // DONE is final
    const again = await c.as('request-agent', 'PUT', status, { status: 'REJECTED' });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('DONE is final');
    expect((await c.as('request-agent', 'PUT', status, { status: 'CLOSED' })).status).toBe(400);
  });

  it('reads, moves and deletes a calendar event; an impossible date or an end before the start is a 400 naming it', async () => {
    const c = part('calendar-event-edit');
    const [calendar] = (await c.as('calendar-admin', 'GET', '/api/calendar?contract=1')).body;
    const created = await c.as('calendar-admin', 'POST', `/api/calendar/${calendar.id}/event`, {
      title: 'Conseil',
      startDate: '2026-06-20T09:00:00Z',
      endDate: '2026-06-20T10:00:00Z',
    });
    expect(created.status).toBe(201);
    const url = `/api/calendar/${calendar.id}/event/${created.body.id}`;
    expect((await c.as('calendar-admin', 'GET', url)).body).toEqual(created.body);
    const refused = async (body: object, field: string) => {
      const answer = await c.as('calendar-admin', 'PUT', url, body);
      expect(answer.status).toBe(400);
      expect(badRequestShape.parse(answer.body).errors.map((e) => e.path)).toContain(field);
    };
    await refused({ title: 'Conseil', startDate: '2026-02-31', endDate: '2026-03-01' }, 'startDate');
    await refused({ title: 'Conseil', startDate: '2026-06-20', endDate: '2026-13-01' }, 'endDate');
    await refused(
      { title: 'Conseil', startDate: '2026-06-20T10:00:00Z', endDate: '2026-06-20T09:00:00Z' },
      'endDate',
    );
    await refused({ title: '', startDate: '2026-06-20', endDate: '2026-06-20' }, 'title');
    expect((await c.as('calendar-admin', 'GET', url)).body).toEqual(created.body);
    // 11:00 at +02:00 is 09:00 UTC: the same instant written in another zone is not "before"
    const moved = await c.as('calendar-admin', 'PUT', url, {
      title: 'Conseil déplacé',
      startDate: '2026-06-20T11:00:00+02:00',
      endDate: '2026-06-20T09:00:00Z',
      description: 'Salle B',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: created.body.id,
      title: 'Conseil déplacé',
      description: 'Salle B',
    });
    expect((await c.as('calendar-admin', 'GET', url)).body).toEqual(moved.body);
    expect((await c.as('calendar-admin', 'DELETE', url)).status).toBe(204);
    expect((await c.as('calendar-admin', 'GET', url)).status).toBe(404);
    expect(
      (
        await c.as('calendar-admin', 'PUT', url, {
          title: 'X',
          startDate: '2026-06-20',
          endDate: '2026-06-20',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses to delete the master organization', async () => {
    const c = part('master');
    const orgs = await c.as('contract-admin', 'GET', '/api/contract/1/organization?itemsPerPage=100');
    const master = orgs.body.find((o: { organizationMaster: boolean }) => o.organizationMaster);
    const answer = await c.as('contract-admin', 'DELETE', `/api/organization/${master.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/master/);
  });

  it('searches the organizations of a contract without case or accents, and follows a rename', async () => {
    const c = part('organization-search');
    const labels = (answer: { body: { label: string }[] }) => answer.body.map((o) => o.label);
    const search = (q: string, persona = 'contract-admin') =>
      c.as(persona, 'GET', `/api/contract/1/organization?q=${encodeURIComponent(q)}&itemsPerPage=100`);
    expect(labels(await search('CHENOVE'))).toEqual(['Ville de Chenôve']);
    expect(labels(await search('  chenôve '))).toEqual(['Ville de Chenôve']);
    const villes = await search('ville');
    expect(villes.body.length).toBeGreaterThan(1);
    expect(labels(villes).every((label) => label.toLowerCase().includes('ville'))).toBe(true);
    const communities = await c.as(
      'contract-admin',
      'GET',
      '/api/contract/1/organization?q=ville&type=Community&itemsPerPage=100',
    );
    expect(communities.body.every((o: { type: string }) => o.type === 'Community')).toBe(true);
    const chenove = villes.body.find((o: { label: string }) => o.label === 'Ville de Chenôve');
    expect(
      (
        await c.as('contract-admin', 'PUT', `/api/organization/${chenove.id}`, {
          label: 'Commune de Chenôve-Ouest',
        })
      ).status,
    ).toBe(200);
    expect(labels(await search('chenove'))).toEqual(['Commune de Chenôve-Ouest']);
    expect(labels(await search('ville'))).not.toContain('Ville de Chenôve');
    expect(Number((await search('ville')).headers.get('x-pagination-total-count'))).toBe(
      villes.body.length - 1,
    );
    // an organization super admin searches only their organizations
    expect(labels(await search('ville', 'org-admin'))).toEqual(['Ville de Talant']);
    expect(labels(await search('chenove', 'org-admin'))).toEqual([]);
    // a write elsewhere shows in the answer too: a deleted area leaves the organizations' areas
    const [talant] = (await search('talant')).body;
    const areaId = talant.area[0].id;
    expect((await c.as('contract-admin', 'DELETE', `/api/contract/1/area/${areaId}`)).status).toBe(204);
    const [after] = (await search('talant')).body;
    expect(after.area.map((a: { id: number }) => a.id)).not.toContain(areaId);
  });

  it('pages, searches and counts the users of a contract', async () => {
    const c = part('paging');
    const pageTwo = await c.as('contract-admin', 'GET', '/api/contract/1/user?currentPage=2&itemsPerPage=10');
    const total = Number(pageTwo.headers.get('x-pagination-total-count'));
    expect(total).toBeGreaterThan(50);
    expect(pageTwo.headers.get('x-pagination-page-count')).toBe(String(Math.ceil(total / 10)));
    expect(pageTwo.headers.get('x-pagination-current-page')).toBe('2');
    expect(pageTwo.body).toHaveLength(10);
    const pageOne = await c.as('contract-admin', 'GET', '/api/contract/1/user?currentPage=1&itemsPerPage=10');
    expect(pageOne.body[0].id).not.toBe(pageTwo.body[0].id);
    const search = await c.as('contract-admin', 'GET', '/api/contract/1/user?userFilter=claire');
    expect(search.body.map((u: { username: string }) => u.username)).toContain('contract-admin@portal.test');
  });

  it('invites users: a new e-mail becomes a user of the contract and organization', async () => {
    const c = part('invite');
    const answer = await c.as('contract-admin', 'POST', '/api/contract/1/user/role', [
      { organizations: [2], users: [{ email: 'marie.curie@example.org', roles: ['ROLE_USER'] }] },
    ]);
    expect(answer.body).toEqual([{ role: 'ROLE_USER', userEmail: 'marie.curie@example.org' }]);
    const members = await c.as(
      'contract-admin',
      'GET',
      '/api/organization/2/user?userFilter=marie.curie&itemsPerPage=50',
    );
    expect(members.body).toHaveLength(1);
    // only portal super admins may give the contract super admin role
    const refused = await c.as('contract-admin', 'POST', '/api/contract/1/user/role', [
      { organizations: [], users: [{ email: 'x@example.org', roles: ['ROLE_SUPER_ADMIN_CONTRACT'] }] },
    ]);
    expect(refused.status).toBe(403);
    const allowed = await c.as('portal-admin', 'POST', '/api/contract/1/user/role', [
      { organizations: [], users: [{ email: 'x@example.org', roles: ['ROLE_SUPER_ADMIN_CONTRACT'] }] },
    ]);
    expect(allowed.status).toBe(201);
  });

  it('saves a user configuration as the portal does: read with showDeleted, create, then update with editDeleted', async () => {
    const c = part('user-config');
    const deleted = await c.as('agent', 'GET', '/api/user/portal/portal/configuration/widgets_grid_layout');
    expect(deleted.status).toBe(404);
    const withDeleted = await c.as(
      'agent',
      'GET',
      '/api/user/portal/portal/configuration/widgets_grid_layout?showDeleted=true',
    );
    expect(withDeleted.body.deleted).toBe(true);
    const updated = await c.raw(
      'PUT',
      '/api/user/portal/portal/configuration/widgets_grid_layout?editDeleted=true',
      {
        token: await c.token('agent'),
        body: { portal: 'portal', code: 'widgets_grid_layout', data: '{"lg":[1]}' },
      },
    );
    expect(updated.body).toMatchObject({ deleted: false, data: '{"lg":[1]}' });
    const created = await c.as('agent', 'POST', '/api/user/portal/portal/configuration', {
      portal: 'portal',
      code: 'portal_configuration',
      data: '{"current_contract":1}',
    });
    expect(created.status).toBe(201);
    expect(
      (
        await c.as('agent', 'POST', '/api/user/portal/portal/configuration', {
          portal: 'portal',
          code: 'portal_configuration',
          data: '{}',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await c.as('agent', 'POST', '/api/user/portal/portal/configuration', {
          portal: 'portal',
          code: 'x',
          data: 'not json',
        })
      ).status,
    ).toBe(400);
    // another user never sees it
    expect(
      (await c.as('signal-agent', 'GET', '/api/user/portal/portal/configuration/portal_configuration'))
        .status,
    ).toBe(404);
  });

  it('answers 404 for an application configuration that does not exist yet', async () => {
    const c = part('app-config');
    const answer = await c.as(
      'contract-admin',
      'GET',
      '/api/external-apps/configuration/application/OPEN_API/CONTRACT/1',
    );
    expect(answer.status).toBe(404);
    const created = await c.as('contract-admin', 'POST', '/api/external-apps/configuration', {
      name: 'OPEN_API',
      owner: 1,
      ownerType: 'CONTRACT',
      parameters: { btnLabel: 'API' },
    });
    expect(created.status).toBe(201);
    const found = await c.as(
      'contract-admin',
      'GET',
      '/api/external-apps/configuration/application/OPEN_API/CONTRACT/1',
    );
    expect(found.body.parameters).toEqual({ btnLabel: 'API' });
    // only the roles that administer configurations read one
    const plain = await c.as(
      'agent',
      'GET',
      '/api/external-apps/configuration/application/OPEN_API/CONTRACT/1',
    );
    expect(plain.status).toBe(403);
  });

  it('uploads a photo and serves its bytes back', async () => {
    const c = part('photo');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
      'base64',
    );
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'vue.png');
    const uploaded = await c.raw('POST', '/api/industrial-site/1/photo', {
      token: await c.token('contract-admin'),
      rawBody: form,
    });
    expect(uploaded.status).toBe(201);
    const bytes = await fetch(`${server.url}/api/industrial-site/photo/${uploaded.body.photoId}/binary`, {
      headers: { authorization: `Bearer ${await c.token('contract-admin')}`, 'x-mock-partition': 'photo' },
    });
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);
    const big = new FormData();
    big.append('photo', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    expect(
      (
        await c.raw('POST', '/api/industrial-site/1/photo', {
          token: await c.token('contract-admin'),
          rawBody: big,
        })
      ).status,
    ).toBe(413);
  });
});

describe('authorization rules', () => {
  it('an organization super admin only reaches their organizations', async () => {
    const c = part('org-admin');
    const mine = await c.as('org-admin', 'GET', '/api/contract/1/organization?itemsPerPage=100');
    expect(mine.body.map((o: { label: string }) => o.label)).toEqual(['Ville de Talant']);
    const myOrgId = mine.body[0].id;
    expect((await c.as('org-admin', 'GET', `/api/organization/${myOrgId}/user`)).status).toBe(200);
    expect((await c.as('org-admin', 'GET', '/api/organization/2')).status).toBe(403);
    expect((await c.as('org-admin', 'DELETE', `/api/organization/${myOrgId}`)).status).toBe(403);
    expect(
      (
        await c.as('org-admin', 'POST', '/api/external-apps/configuration', {
          name: 'OPEN_API',
          owner: 1,
          ownerType: 'CONTRACT',
          parameters: {},
        })
      ).status,
    ).toBe(403);
  });

  it('a contract super admin of contract 2 gets 403 on contract 1, a portal super admin reaches both', async () => {
    const c = part('contracts');
    expect((await c.as('contract-admin-2', 'GET', '/api/contract/1/user')).status).toBe(403);
    expect((await c.as('contract-admin-2', 'GET', '/api/contract/2/user')).status).toBe(200);
    expect((await c.as('portal-admin', 'GET', '/api/contract/1/user')).status).toBe(200);
    expect((await c.as('no-contract', 'GET', '/api/contract/1')).status).toBe(403);
    expect((await c.as('no-contract', 'GET', '/api/user/contracts')).body).toEqual([]);
  });

  it('gives service roles their services in the token info', async () => {
    const info = await part('services').as('dashboard-all', 'GET', '/api/token-check');
    expect(info.body.services.SIGNAL_NOTIFY).toContainEqual({ type: 'contract', id: 1 });
    expect(Object.keys(info.body.services)).toHaveLength(7);
  });
});

describe('every 400 names its fields', () => {
  interface Case {
    name: string;
    persona: string | null;
    method: string;
    path: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    /** a field the errors must name */
    field?: string;
  }

  it('answers { message, errors: [{ path, message }] } with at least one error, whatever the invalid input', async () => {
    const c = part('bad-request-shape');
    const requestTypes = await c.as('request-agent', 'GET', '/api/request-type?contract=1');
    const draft = await c.as('request-agent', 'POST', '/api/request', {
      contractId: 1,
      requestTypeId: requestTypes.body[0].id,
    });
    expect(draft.status, draft.text).toBe(201);
    const cases: Case[] = [
      {
        name: 'path parameter',
        persona: 'contract-admin',
        method: 'GET',
        path: '/api/contract/abc/user',
        field: 'contractId',
      },
      {
        name: 'query parameter',
        persona: 'signal-agent',
        method: 'GET',
        path: '/api/signal?contract=abc',
        field: 'contract',
      },
      {
        name: 'two query parameters',
        persona: 'contract-admin',
        method: 'GET',
        path: '/api/contract/1/user?currentPage=0&itemsPerPage=abc',
        field: 'itemsPerPage',
      },
      {
        name: 'missing required query parameter',
        persona: 'hydro-agent',
        method: 'GET',
        path: '/api/hydrometry/site',
        field: 'contract',
      },
      { name: 'missing body', persona: 'signal-agent', method: 'POST', path: '/api/signal' },
      {
        name: 'body fields',
        persona: 'signal-agent',
        method: 'POST',
        path: '/api/signal',
        body: { contractId: 1, categoryId: 'x', description: 'ok', location: { lat: 200, lng: 5 } },
        field: 'categoryId',
      },
      {
        name: 'body of the wrong type',
        persona: 'portal-admin',
        method: 'POST',
        path: '/api/contract',
        body: [1, 2],
      },
      {
        name: 'malformed JSON',
        persona: 'portal-admin',
        method: 'POST',
        path: '/api/contract',
        raw: '{"label": ',
        field: '',
      },
      {
        name: 'empty invitation list',
        persona: 'contract-admin',
        method: 'POST',
        path: '/api/contract/1/user/role',
        body: [],
      },
      {
        name: 'incomplete draft (store rule)',
        persona: 'request-agent',
        method: 'POST',
        path: `/api/request/${draft.body.id}/submit`,
        field: 'title',
      },
      {
        name: 'configuration parameters (store rule)',
        persona: 'contract-admin',
        method: 'POST',
        path: '/api/external-apps/configuration',
        body: { name: 'POWER_BI', owner: 1, ownerType: 'CONTRACT', parameters: {} },
      },
      {
        name: 'user configuration data',
        persona: 'agent',
        method: 'POST',
        path: '/api/user/portal/portal/configuration',
        body: { portal: 'portal', code: 'x', data: 'not json' },
      },
      {
        name: 'upload that is not multipart',
        persona: 'contract-admin',
        method: 'POST',
        path: '/api/industrial-site/1/photo',
        body: { photo: 'x' },
        field: 'photo',
      },
      {
        name: 'partition name',
        persona: null,
        method: 'GET',
        path: '/api/widget',
        headers: { 'x-mock-partition': 'no such/partition!' },
        field: 'partition',
      },
      {
        name: 'control API: imported state',
        persona: null,
        method: 'PUT',
        path: '/__mock/state',
        body: { format: 'other' },
      },
      {
        name: 'control API: persona',
        persona: null,
        method: 'POST',
        path: '/__mock/personas',
        body: { roles: 'ROLE_USER', contractIds: [] },
        field: 'roles',
      },
    ];
    const failures: string[] = [];
    for (const test of cases) {
      // the partition header of the case, not the client's
      const client = test.headers?.['x-mock-partition'] ? new Client(server) : c;
      const answer = await client.raw(test.method, test.path, {
        token: test.persona ? await c.token(test.persona) : null,
        ...(test.body !== undefined ? { body: test.body } : {}),
        ...(test.raw !== undefined
          ? { rawBody: test.raw, headers: { 'content-type': 'application/json' } }
          : {}),
        ...(test.headers ? { headers: test.headers } : {}),
      });
      if (answer.status !== 400) {
        failures.push(`${test.name}: ${answer.status} ${answer.text.slice(0, 120)}`);
        continue;
      }
      const shape = badRequestShape.safeParse(answer.body);
      if (!shape.success) {
        failures.push(`${test.name}: ${answer.text.slice(0, 160)}`);
        continue;
      }
      if (
        test.field !== undefined &&
        !shape.data.errors.some((e) => e.path === test.field || e.path.startsWith(`${test.field}.`))
      ) {
        failures.push(`${test.name}: no error on ${test.field}: ${answer.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives a 400 that names no field one error on the whole input', () => {
    const answers: { status: number; body: unknown }[] = [];
    const res = {
      headersSent: false,
      status(code: number) {
        answers.push({ status: code, body: undefined });
        return this;
      },
      json(body: unknown) {
        const last = answers.at(-1);
        if (last) last.body = body;
        return this;
      },
    };
    const req = { method: 'POST', originalUrl: '/x' };
    const call = (error: unknown) => errorHandler(error, req as never, res as never, () => {});
    call(new ApiFailure(400, 'Expected something else'));
    call(Object.assign(new Error('Bad framing'), { status: 400, expose: true }));
    call(new ApiFailure(409, 'Already there'));
    expect(answers).toEqual([
      {
        status: 400,
        body: {
          message: 'Expected something else',
          errors: [{ path: '', message: 'Expected something else' }],
        },
      },
      { status: 400, body: { message: 'Bad framing', errors: [{ path: '', message: 'Bad framing' }] } },
      { status: 409, body: { message: 'Already there' } },
    ]);
    for (const answer of answers.slice(0, 2))
      expect(badRequestShape.safeParse(answer.body).success).toBe(true);
  });
});

describe('robustness', () => {
  it('200 concurrent creates give 200 distinct records', async () => {
    const c = part('concurrent');
    const token = await c.token('signal-agent');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        c.raw('POST', '/api/signal', {
          token,
          body: {
            contractId: 1,
            categoryId: 1,
            description: `Signal ${i}`,
            location: { lat: 47.3, lng: 5.0 },
          },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(200);
    const list = await c.as('signal-agent', 'GET', '/api/signal?contract=1&q=Signal&itemsPerPage=500');
    expect(list.body.filter((s: { description: string }) => /^Signal \d+$/.test(s.description))).toHaveLength(
      200,
    );
  });

  it('never answers 500 to garbage at any endpoint', async () => {
    const c = part('garbage');
    const token = await c.token('portal-admin');
    const garbage: { body?: unknown; raw?: string }[] = [
      { raw: '\u0000\u0001{{{' },
      { body: null },
      { body: 42 },
      { body: ['x', { y: [] }] },
      { body: { __proto__: { polluted: true }, constructor: { prototype: 1 } } },
      { body: { label: { $gt: '' }, a: 'x'.repeat(10_000) } },
      // 10,000 nested objects in every free-form field (and as the whole body)
      { raw: `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}` },
      {
        raw: JSON.stringify({
          name: 'x',
          owner: 1,
          ownerType: 'CONTRACT',
          industrialSiteTypeCode: 'WWTP',
          parameters: '$DEEP',
          geoZoneArea: { geojson: { type: 'Feature', geometry: null, properties: '$DEEP' } },
          zone: { type: 'Feature', geometry: null, properties: '$DEEP' },
        }).replaceAll('"$DEEP"', `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}`),
      },
      // impossible calendar dates and times
      {
        body: {
          contractId: 1,
          organizationId: 1,
          title: 'x',
          startDate: '2027-02-31',
          endDate: '2027-01-01T99:99',
          date: '2026-13-45',
          startDateContract: '2026-02-30',
          endDateContract: '2026-00-10',
        },
      },
    ];
    const failures: string[] = [];
    let badRequests = 0;
    const queries = [
      '?currentPage=-1&itemsPerPage=abc&contract=%00&q[]=x&contractId=1e999',
      '?contract=1&contractId=1&idp=dijon-metropole&startDate=2026-01-01&endDate=2025-01-01&itemsPerPage=9999',
      '?contract=1&contractId=1&startDate=2026-02-31&endDate=2026-13-45T25:61&date=2026-04-31',
    ];
    for (const def of endpointList)
      for (const filler of ["1'; DROP--", '1'])
        for (const query of queries) {
          const path =
            (def.base === 'documents' ? '/documents' : '') +
            def.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(filler));
          for (const g of def.method === 'GET' ? [{}] : garbage) {
            const answer = await c.raw(def.method, `${path}${query}`, {
              token,
              ...('raw' in g
                ? { rawBody: g.raw, headers: { 'content-type': 'application/json' } }
                : 'body' in g
                  ? { body: g.body }
                  : {}),
            });
            if (answer.status >= 500)
              failures.push(`${def.method} ${path}: ${answer.status} ${answer.text.slice(0, 100)}`);
            if (answer.status === 400) {
              badRequests++;
              const shape = badRequestShape.safeParse(answer.body);
              if (!shape.success)
                failures.push(
                  `${def.method} ${path}: 400 without { message, errors: [{ path, message }] }: ${answer.text.slice(0, 100)}`,
                );
            }
          }
        }
    expect(failures).toEqual([]);
    expect(badRequests).toBeGreaterThan(endpointList.length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 60_000);
});

describe('persistence', () => {
  it('keeps the state across a restart with a state file, written atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-state-'));
    const file = join(dir, 'state.json');
    const first = await startQuiet({ stateFile: file });
    const c = new Client(first);
    const created = await c.as('portal-admin', 'POST', '/api/contract', { label: 'Contrat persistant' });
    expect(created.status).toBe(201);
    await first.close();
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('portal-mock-state');
    const second = await startQuiet({ stateFile: file });
    const again = new Client(second);
    const contracts = await again.as('portal-admin', 'GET', '/api/contracts?q=persistant');
    expect(contracts.body.map((x: { label: string }) => x.label)).toEqual(['Contrat persistant']);
    await second.close();
  });
});
