/**
 * A hostile review of the mock server: each case is a hole found by attacking it over HTTP (the
 * proxy ones against a second local server standing in for the real backend). The family sweeps
 * driven from the contract's endpoint table are in hostile.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@portal/contract/roles';
import { SECRET_MASK } from '@portal/contract/configuration';
import type { State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, rawRequest, startQuiet, utf8Upload } from './helpers.ts';

let server: RunningMockServer;
let seed: State;

beforeAll(async () => {
  server = await startQuiet();
  seed = await new Client(server, 'security-seed').state();
});
afterAll(async () => server?.close());

/** A persona made for one test, with its roles in each contract (`{ 1: [...], 2: [...] }`). */
async function personaWith(c: Client, id: string, roles: Record<number, string[]>): Promise<void> {
  const contractIds = Object.keys(roles).map(Number);
  const created = await c.raw('POST', '/__mock/personas', {
    body: { id, roles: [ROLES.USER], contractIds },
  });
  expect(created.status, created.text).toBe(201);
  for (const [contractId, set] of Object.entries(roles)) {
    const changed = await c.raw('PATCH', `/__mock/users/${id}/roles`, {
      body: { contractId: Number(contractId), set },
    });
    expect(changed.status, changed.text).toBe(200);
  }
}

describe('a token names one user for life', () => {
  it('a refresh token of a persona removed by a reset does not work for the next persona given its id, even with the same e-mail', async () => {
    const c = new Client(server, 'security-ghost');
    const created = await c.raw('POST', '/__mock/personas', {
      body: { id: 'ghost-a', email: 'ghost@portal.test', roles: [ROLES.USER], contractIds: [1] },
    });
    expect(created.status, created.text).toBe(201);
    const minted = await c.raw('POST', '/__mock/personas/ghost-a/token');
    const { token, refreshToken } = minted.body as { token: string; refreshToken: string };
    expect((await c.raw('POST', '/__mock/reset')).status).toBe(200);
    const b = await c.raw('POST', '/__mock/personas', {
      body: {
        id: 'ghost-b',
        email: 'ghost@portal.test',
        roles: [ROLES.SUPER_ADMIN_CONTRACT],
        contractIds: [1],
      },
    });
    expect(b.status, b.text).toBe(201);
    expect(b.body.userId).toBe(created.body.userId);
    const refreshed = await c.raw('POST', '/token/refresh', { body: { refresh_token: refreshToken } });
    expect(refreshed.status, refreshed.text).toBe(401);
    expect((await c.raw('GET', '/api/token-check', { token })).status).toBe(401);
    // ghost-b's own tokens work, and refresh
    const own = (await c.raw('POST', '/__mock/personas/ghost-b/token')).body as { refreshToken: string };
    const again = await c.raw('POST', '/token/refresh', { body: { refresh_token: own.refreshToken } });
    expect(again.status, again.text).toBe(200);
    const info = await c.raw('GET', '/api/token-check', { token: again.body.token });
    expect(info.body.email).toBe('ghost@portal.test');
  });

  it('refuses a signature spelt another way (base64url padding appended)', async () => {
    const c = new Client(server, 'security-padding');
    const token = await c.token('agent');
    expect((await c.raw('GET', '/api/token-check', { token })).status).toBe(200);
    for (const spelling of [`${token}=`, `${token}==`]) {
      const answer = await c.raw('GET', '/api/token-check', { token: spelling });
      expect(answer.status, spelling.slice(-4)).toBe(401);
    }
  });
});

describe('roles count in the contract where they are held', () => {
  const realm = (id: number) => seed.tables.contracts.find((x) => x.id === id)!.metadatas.realm!;

  it('calendar admin of contract 1 only: no calendar of contract 2, by contract or by organization', async () => {
    const c = new Client(server, 'security-calendars');
    await personaWith(c, 'cal-one', { 1: [ROLES.USER, ROLES.CALENDAR_ADMIN], 2: [ROLES.USER] });
    const org2 = seed.tables.calendars.find((x) => x.contractId === 2 && x.objectType === 'organization')!;
    const org1 = seed.tables.calendars.find((x) => x.contractId === 1 && x.objectType === 'organization')!;
    expect((await c.as('cal-one', 'GET', '/api/object-calendar/contract/2')).status).toBe(403);
    expect((await c.as('cal-one', 'GET', `/api/object-calendar/organization/${org2.objectId}`)).status).toBe(
      403,
    );
    expect((await c.as('cal-one', 'GET', '/api/object-calendar/contract/1')).status).toBe(200);
    expect((await c.as('cal-one', 'GET', `/api/object-calendar/organization/${org1.objectId}`)).status).toBe(
      200,
    );
  });

  it("document role in contract 1 only: contract 2's documents are refused; an unknown idp counts contract 1 only", async () => {
    const c = new Client(server, 'security-documents');
    await personaWith(c, 'doc-one', { 1: [ROLES.USER, ROLES.VA_GEST_DOC], 2: [ROLES.USER] });
    const idp2 = encodeURIComponent(realm(2));
    for (const path of ['last', 'notifications', 'count']) {
      const answer = await c.as('doc-one', 'GET', `/documents/api/documents/${path}?idp=${idp2}`);
      expect(answer.status, path).toBe(403);
    }
    const own = await c.as('doc-one', 'GET', `/documents/api/documents/count?idp=${realm(1)}`);
    expect(own.status).toBe(200);
    const unknown = await c.as('doc-one', 'GET', '/documents/api/documents/count?idp=nowhere');
    expect(unknown.status).toBe(200);
    expect(unknown.body.count).toBe(seed.tables.documents.filter((d) => d.contractId === 1).length);
  });
});

describe('application configurations: admins only, secrets masked', () => {
  it("a plain user reads no configuration (PORTAL_VDM's login and password)", async () => {
    const c = new Client(server, 'security-vdm');
    const vdm = seed.tables.appConfigurations.find((x) => x.name === 'PORTAL_VDM')!;
    const url = `/api/external-apps/configuration/application/PORTAL_VDM/${vdm.ownerType}/${vdm.owner}`;
    const plain = await c.as('multi-contract', 'GET', url);
    expect(plain.status, plain.text).toBe(403);
    expect(plain.text).not.toContain(String(vdm.parameters.password));
  });

  it('the Power BI password and client secret an admin saves are answered masked, to the admin too, and kept when saved back masked', async () => {
    const c = new Client(server, 'security-powerbi');
    const config = seed.tables.appConfigurations.find(
      (x) => x.name === 'POWER_BI' && x.ownerType === 'CONTRACT' && x.owner === 1,
    )!;
    const { id, ...rest } = config;
    const parameters = { ...config.parameters, powerBiPassword: 'pbi-Secret-1', clientSecret: 'cs-Secret-2' };
    const saved = await c.as('contract-admin', 'PUT', `/api/external-apps/configuration/${id}`, {
      ...rest,
      parameters,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toMatch(/pbi-Secret-1|cs-Secret-2/);
    const url = `/api/external-apps/configuration/application/POWER_BI/CONTRACT/1`;
    expect((await c.as('agent', 'GET', url)).status).toBe(403);
    const read = await c.as('contract-admin', 'GET', url);
    expect(read.status).toBe(200);
    expect(read.body.parameters).toMatchObject({ powerBiPassword: SECRET_MASK, clientSecret: SECRET_MASK });
    const list = await c.as('contract-admin', 'GET', '/api/external-apps/configuration/CONTRACT/1');
    expect(list.text).not.toMatch(/pbi-Secret-1|cs-Secret-2/);
    // saved back as read (the mask): the stored secrets stay; a new value replaces one
    const again = await c.as('contract-admin', 'PUT', `/api/external-apps/configuration/${id}`, {
      ...rest,
      parameters: { ...read.body.parameters, clientSecret: 'cs-New-3' },
    });
    expect(again.status, again.text).toBe(200);
    const stored = (await c.state()).tables.appConfigurations.find((x) => x.id === id)!;
    expect(stored.parameters).toMatchObject({ powerBiPassword: 'pbi-Secret-1', clientSecret: 'cs-New-3' });
  });
});

describe('a user removed from their only contract', () => {
  it('keeps no role on the calls that name no contract', async () => {
    const c = new Client(server, 'security-leaver');
    const roles = [ROLES.USER, ROLES.SUPER_ADMIN_CONTRACT, ROLES.THINGS_BOARD, ROLES.VA_METABASE_REQUESTER];
    await personaWith(c, 'leaver', { 1: roles });
    const calls = [
      '/api/thingsboard/user-token',
      '/api/metabase/user-token',
      '/api/service',
      '/api/administrative-division?q=dijon',
      '/api/indicator-source',
    ];
    for (const path of calls) expect((await c.as('leaver', 'GET', path)).status, path).toBe(200);
    const userId = (await c.raw('GET', '/__mock/users/leaver/roles')).body.userId as number;
    const removed = await c.as('contract-admin', 'DELETE', `/api/contract/1/user/${userId}`);
    expect(removed.status, removed.text).toBeLessThan(300);
    for (const path of calls) expect((await c.as('leaver', 'GET', path)).status, path).toBe(403);
    const info = await c.as('leaver', 'GET', '/api/token-check');
    expect(info.body.roles).toEqual([ROLES.USER]);
  });
});

describe("an organization admin and other organizations' records", () => {
  it("an area's organizations and its view name only the admin's own organizations", async () => {
    const c = new Client(server, 'security-areas');
    const admin = seed.tables.users.find((u) => u.personaId === 'org-admin')!;
    const mine = new Set(admin.organizationIds);
    const area = seed.tables.areas.find(
      (a) =>
        seed.tables.organizations.some((o) => mine.has(o.id) && o.areaIds.includes(a.id)) &&
        seed.tables.organizations.some((o) => !mine.has(o.id) && o.areaIds.includes(a.id)),
    )!;
    const list = await c.as('org-admin', 'GET', `/api/area/${area.id}/organization`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    for (const org of list.body as { id: number }[]) expect(mine.has(org.id), String(org.id)).toBe(true);
    const view = await c.as('org-admin', 'GET', `/api/area/${area.id}`);
    expect(view.status).toBe(200);
    for (const org of view.body.organizations as { id: number }[]) expect(mine.has(org.id)).toBe(true);
    // a contract admin still sees every organization of the area
    const all = await c.as('contract-admin', 'GET', `/api/area/${area.id}`);
    expect(all.body.organizations.length).toBeGreaterThan(view.body.organizations.length);
  });
});

describe('impossible zone offsets', () => {
  it('+25:00, +23:99 and +99:00 are refused naming the field: an end before the start is never stored', async () => {
    const c = new Client(server, 'security-zones');
    const calendar = seed.tables.calendars.find((x) => x.contractId === 1)!;
    const before = (await c.state()).tables.calendarEvents.length;
    for (const zone of ['+25:00', '+23:99', '+99:00', '-24:00']) {
      const answer = await c.as('calendar-user', 'POST', `/api/calendar/${calendar.id}/event`, {
        title: 'Réunion',
        startDate: '2027-01-02T10:00+01:00',
        endDate: `2027-01-01T10:00${zone}`,
      });
      expect(answer.status, zone).toBe(400);
      expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toContain('endDate');
    }
    expect((await c.state()).tables.calendarEvents.length).toBe(before);
    // a real offset is compared as the instant it gives: +23:59 puts this end before the start
    const post = (endDate: string) =>
      c.as('calendar-user', 'POST', `/api/calendar/${calendar.id}/event`, {
        title: 'Réunion',
        startDate: '2027-01-01T10:00+01:00',
        endDate,
      });
    expect((await post('2027-01-01T10:00+23:59')).status).toBe(400);
    const fine = await post('2027-01-01T10:00-01:00');
    expect(fine.status, fine.text).toBe(201);
  });
});

describe('photos named in UTF-8', () => {
  it('site and signal photos named "€ rapport.png" or "💧.png" are served, with an RFC 5987 file name', async () => {
    const c = new Client(server, 'security-photos');
    const site = seed.tables.industrialSites.find((s) => s.contractId === 1)!;
    const signal = seed.tables.signals.find((s) => s.contractId === 1)!;
    for (const name of ['€ rapport.png', '💧.png']) {
      for (const [persona, upload, binary] of [
        ['contract-admin', `/api/industrial-site/${site.id}/photo`, '/api/industrial-site/photo'],
        ['signal-agent', `/api/signal/${signal.id}/photo`, '/api/signal/photo'],
      ] as const) {
        const { body, type } = utf8Upload(name);
        const uploaded = await c.raw('POST', upload, {
          token: await c.token(persona),
          rawBody: new Uint8Array(body),
          headers: { 'content-type': type },
        });
        expect(uploaded.status, uploaded.text).toBeLessThan(300);
        const served = await c.raw('GET', `${binary}/${uploaded.body.photoId}/binary`, {
          token: await c.token(persona),
        });
        expect(served.status, `${upload} ${name}`).toBe(200);
        const disposition = served.headers.get('content-disposition') ?? '';
        expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
        expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
      }
    }
  });
});

describe('secrets kept out of the journal and the recordings', () => {
  it('query tokens, X-Auth-Token, apiKey and mobilePhone are masked in the journal', async () => {
    const c = new Client(server, 'security-journal');
    await c.raw('PUT', '/__mock/journal/capture', { body: { headers: true, bodies: true } });
    await c.raw('GET', '/api/token-check?token=QSECRET1&access_token=QSECRET2&x=1', {
      headers: { 'x-auth-token': 'HSECRET3' },
    });
    await c.raw('POST', '/api/contract?api_key=QSECRET6', {
      token: await c.token('portal-admin'),
      body: { label: 'Contrat', apiKey: 'BSECRET4', mobilePhone: '+33 6 00 00 00 05' },
    });
    const journal = await c.raw('GET', '/__mock/journal');
    expect(journal.status).toBe(200);
    expect(journal.text).not.toMatch(/QSECRET|HSECRET|BSECRET|00 00 05/);
    expect(journal.text).toContain('token=***');
    expect(journal.text).toContain('x=1');
  });
});

describe('the control API answers its own host names only (DNS rebinding)', () => {
  it('refuses a foreign Host with a 403 JSON; loopback names and the allowed ones work', async () => {
    for (const path of ['/__mock/state', '/__mock/journal', '/__mock/personas']) {
      const foreign = await rawRequest(server.url, path, { host: `rebind.example:${server.port}` });
      expect(foreign.status, path).toBe(403);
      expect(foreign.headers['content-type']).toMatch(/json/);
      expect(JSON.parse(foreign.body).message).toMatch(/host/i);
    }
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      const ok = await rawRequest(server.url, '/__mock/health', { host: `${host}:${server.port}` });
      expect(ok.status, host).toBe(200);
    }
    const compose = await startQuiet({ allowedHosts: ['mock'] });
    try {
      const ok = await rawRequest(compose.url, '/__mock/health', { host: 'mock:3001' });
      expect(ok.status).toBe(200);
      expect((await rawRequest(compose.url, '/__mock/health', { host: 'other:3001' })).status).toBe(403);
    } finally {
      await compose.close();
    }
  });
});

describe('globs match in linear time', () => {
  it('a journal filter full of ** answers quickly', async () => {
    const c = new Client(server, 'security-glob');
    for (let i = 0; i < 5; i++) await c.raw('GET', `/${'a'.repeat(60)}${i}`);
    const started = performance.now();
    const answer = await c.raw('GET', `/__mock/journal?path=${encodeURIComponent('/**a**a**a**a**a**a**!')}`);
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    expect(elapsed).toBeLessThan(300);
  });
});

describe('stubs with headers Node cannot send', () => {
  it('are refused at creation with a 400 naming the header', async () => {
    const c = new Client(server, 'security-stub-headers');
    const cases: Record<string, string>[] = [
      { 'x-evil': 'a\r\nset-cookie: b=c' },
      { 'x evil': 'a' },
      { 'x-euro': '5 €' },
      { 'x-line\n': 'a' },
    ];
    for (const responseHeaders of cases) {
      const answer = await c.raw('POST', '/__mock/stubs', {
        body: { method: 'GET', path: '/api/token-check', responseHeaders },
      });
      const name = Object.keys(responseHeaders)[0]!;
      expect(answer.status, JSON.stringify(responseHeaders)).toBe(400);
      expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toContain(
        `responseHeaders.${name}`,
      );
    }
    expect((await c.raw('GET', '/__mock/stubs')).body).toEqual([]);
    const fine = await c.raw('POST', '/__mock/stubs', {
      body: { method: 'GET', path: '/api/token-check', responseHeaders: { 'x-fine': 'café' } },
    });
    expect(fine.status, fine.text).toBe(201);
  });
});

describe('favicon addresses decided by parsing', () => {
  it('java<TAB>script: and other schemes are refused naming faviconOnglet; https and portal paths pass', async () => {
    const c = new Client(server, 'security-favicon');
    const url = '/api/contract/1/siteConfiguration';
    for (const faviconOnglet of [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:x',
      'http://evil.example/f.ico',
    ]) {
      const answer = await c.as('portal-admin', 'PUT', url, { documentTitle: 'Val', faviconOnglet });
      expect(answer.status, JSON.stringify(faviconOnglet)).toBe(400);
      expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toEqual(['faviconOnglet']);
    }
    for (const faviconOnglet of ['https://cdn.example.org/f.ico', '/assets/logos/portal-favicon.svg']) {
      const answer = await c.as('portal-admin', 'PUT', url, { documentTitle: 'Val', faviconOnglet });
      expect(answer.status, faviconOnglet).toBe(200);
    }
  });
});

describe('state file leftovers', () => {
  it('a temporary file a killed server left beside the state file is removed at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-leftover-'));
    // the id of a process that has ended
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const leftover = join(dir, `.state.json.${dead}.3.tmp`);
    const other = join(dir, 'notes.tmp');
    writeFileSync(leftover, '{"half":');
    writeFileSync(other, 'kept');
    const own = await startQuiet({ stateFile: join(dir, 'state.json') });
    try {
      expect(existsSync(leftover)).toBe(false);
      expect(existsSync(other)).toBe(true);
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hybrid mode against a second local server', () => {
  let backend: Server;
  let backendUrl = '';
  const received: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    backend = createServer((req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 1, token: 'answer-token', mobilePhone: '+33 6 11 22 33 44' }));
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));

  async function hybrid(token?: string): Promise<RunningMockServer> {
    return startQuiet({
      proxy: { target: backendUrl, paths: ['/api/proxied/**'], ...(token ? { token } : {}) },
    });
  }

  it('refuses dot segments (400): nothing reaches the backend outside the proxied paths', async () => {
    const mock = await hybrid('backend-secret');
    try {
      received.length = 0;
      for (const path of [
        '/api/proxied/%2e%2e/%2e%2e/admin/secret',
        '/api/proxied/%2E%2E/%2E%2E/admin/secret',
        '/api/proxied/../../admin/secret',
        '/api/proxied/..%5c..%5cadmin',
        '/api/proxied/..\\..\\admin/secret',
        '/api/proxied/./x',
      ]) {
        const answer = await rawRequest(mock.url, path);
        expect(answer.status, path).toBe(400);
      }
      expect(received).toEqual([]);
      const fine = await rawRequest(mock.url, '/api/proxied/x/y');
      expect(fine.status).toBe(200);
      expect(received.map((r) => r.url)).toEqual(['/api/proxied/x/y']);
    } finally {
      await mock.close();
    }
  });

  it("never forwards the portal's mock token; sends the backend token when one is given", async () => {
    const without = await hybrid();
    try {
      const c = new Client(without);
      received.length = 0;
      await c.as('agent', 'GET', '/api/proxied/a');
      expect(received).toHaveLength(1);
      expect(received[0]?.headers.authorization).toBeUndefined();
    } finally {
      await without.close();
    }
    const withToken = await hybrid('backend-secret');
    try {
      const c = new Client(withToken);
      received.length = 0;
      await c.as('agent', 'GET', '/api/proxied/b');
      expect(received[0]?.headers.authorization).toBe('Bearer backend-secret');
    } finally {
      await withToken.close();
    }
  });

  it('masks query tokens in the recordings and in the journal of proxied calls', async () => {
    const mock = await hybrid('backend-secret');
    try {
      const c = new Client(mock);
      const set = await c.raw('PUT', '/__mock/proxy', {
        body: { target: backendUrl, paths: ['/api/proxied/**'], record: true, token: 'backend-secret' },
      });
      expect(set.status, set.text).toBe(200);
      await c.raw('GET', '/api/proxied/c?token=QSECRET7&access_token=QSECRET8&page=2', {
        headers: { 'x-auth-token': 'HSECRET9' },
      });
      const recordings = await c.raw('GET', '/__mock/proxy/recordings');
      expect(recordings.body).toHaveLength(1);
      expect(recordings.text).not.toMatch(/QSECRET|answer-token|11 22 33/);
      expect(recordings.body[0].query).toEqual({ token: '***', access_token: '***', page: '2' });
      const journal = await c.raw('GET', '/__mock/journal');
      expect(journal.text).not.toMatch(/QSECRET|HSECRET/);
      expect(journal.body[0]).toMatchObject({ proxied: true });
    } finally {
      await mock.close();
    }
  });
});
