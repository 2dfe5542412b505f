/**
 * Hostile input: deep nesting, impossible dates, an open redirect, the control
 * API answering any web page, and the small protocol details (WWW-Authenticate, nosniff, SVG, 431).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let seed: State;

beforeAll(async () => {
  server = await startQuiet();
  seed = await new Client(server, 'hostile-seed').state();
});
afterAll(async () => server?.close());

/** JSON text of an object nesting `depth` objects (JSON.stringify itself overflows the stack on it). */
const NESTED = (depth: number) => `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;

/** A JSON body where `"$DEEP"` is replaced by 10,000 nested objects, sent as a given persona. */
async function sendDeep(c: Client, persona: string, method: string, path: string, body: unknown) {
  return c.raw(method, path, {
    token: await c.token(persona),
    rawBody: JSON.stringify(body).replace('"$DEEP"', NESTED(10_000)),
    headers: { 'content-type': 'application/json' },
  });
}

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('deep nesting (item 6)', () => {
  it('an industrial site with 10,000 nested objects in its shape properties: 400 naming the field, nothing stored', async () => {
    const c = new Client(server, 'hostile-deep-site');
    const before = (await c.state()).tables.industrialSites.length;
    const answer = await sendDeep(c, 'contract-admin', 'POST', '/api/industrial-site?contractId=1', {
      name: 'Site profond',
      industrialSiteTypeCode: 'WWTP',
      geoZoneArea: { geojson: { type: 'Feature', geometry: null, properties: { deep: '$DEEP' } } },
    });
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(paths(answer.body)).toContain('geoZoneArea.geojson.properties');
    const list = await c.as('contract-admin', 'GET', '/api/industrial-site?contractId=1');
    expect(list.status).toBe(200);
    const state = await c.raw('GET', '/__mock/state');
    expect(state.status).toBe(200);
    expect((state.body as State).tables.industrialSites.length).toBe(before);
  });

  it('a configuration whose parameters nest too deep: 400 naming parameters', async () => {
    const c = new Client(server, 'hostile-deep-config');
    const org = seed.tables.organizations.find(
      (o) =>
        o.contractId === 1 &&
        !seed.tables.appConfigurations.some((x) => x.ownerType === 'ORGANIZATION' && x.owner === o.id),
    )!;
    const answer = await sendDeep(c, 'contract-admin', 'POST', '/api/external-apps/configuration', {
      name: 'POWER_BI',
      owner: org.id,
      ownerType: 'ORGANIZATION',
      parameters: { deep: '$DEEP' },
      useParentConfiguration: true,
    });
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(paths(answer.body)).toContain('parameters');
  });

  it('a failed save shows in the health endpoint and in the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-save-'));
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const own = await startQuiet({ stateFile: join(sub, 'state.json') });
    try {
      const c = new Client(own);
      expect((await c.raw('GET', '/__mock/health')).body.persistence).toMatchObject({ failures: 0 });
      // the folder becomes a file: every save fails from now on
      rmSync(sub, { recursive: true });
      writeFileSync(sub, 'not a folder');
      const created = await c.as('portal-admin', 'POST', '/api/contract', { label: 'Contrat perdu' });
      expect(created.status).toBe(201);
      await vi.waitFor(
        async () => {
          const health = await c.raw('GET', '/__mock/health');
          expect(health.body.status).toBe('degraded');
          expect(health.body.persistence.failures).toBeGreaterThan(0);
          expect(health.body.persistence.lastError.message).toMatch(/could not save the state/);
        },
        { timeout: 3000, interval: 100 },
      );
      expect(errors.mock.calls.some((args) => String(args[0]).includes('could not save the state'))).toBe(
        true,
      );
    } finally {
      errors.mockRestore();
      rmSync(sub, { force: true });
      mkdirSync(sub);
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('real calendar dates and times (item 7)', () => {
  const dijon = () =>
    seed.tables.organizations.find((o) => o.contractId === 1 && o.label === 'Ville de Dijon')!;

  it('public works: 2027-02-31 and 2027-01-01T99:99 are refused naming the field', async () => {
    const c = new Client(server, 'hostile-dates-works');
    const post = (startDate: string, endDate: string) =>
      c.as('works-planner', 'POST', '/api/public-work', {
        contractId: 1,
        organizationId: dijon().id,
        title: 'Travaux',
        startDate,
        endDate,
      });
    const day = await post('2027-02-31', '2027-03-31');
    expect(day.status, day.text).toBe(400);
    expect(paths(day.body)).toContain('startDate');
    const time = await post('2027-01-01', '2027-01-01T99:99');
    expect(time.status, time.text).toBe(400);
    expect(paths(time.body)).toContain('endDate');
    const ok = await post('2028-02-29', '2028-03-01T23:59');
    expect(ok.status, ok.text).toBe(201);
  });

  it('calendar events: 2026-13-45 is refused naming the field', async () => {
    const c = new Client(server, 'hostile-dates-events');
    const calendar = seed.tables.calendars.find((x) => x.contractId === 1)!;
    const answer = await c.as('calendar-user', 'POST', `/api/calendar/${calendar.id}/event`, {
      title: 'Réunion',
      startDate: '2026-13-45',
      endDate: '2026-13-46',
    });
    expect(answer.status, answer.text).toBe(400);
    expect(paths(answer.body)).toEqual(expect.arrayContaining(['startDate', 'endDate']));
  });

  it('indicator values: startDate=2026-02-31 is refused naming the parameter', async () => {
    const c = new Client(server, 'hostile-dates-indicators');
    const site = seed.tables.industrialSites.find((s) => s.contractId === 1)!;
    const answer = await c.as(
      'contract-admin',
      'GET',
      `/api/industrial-site/${site.id}/indicator-value?startDate=2026-02-31`,
    );
    expect(answer.status, answer.text).toBe(400);
    expect(paths(answer.body)).toContain('startDate');
  });
});

describe('no open redirect on the sign-in page (item 8)', () => {
  it('refuses a foreign redirect with a page that says why, and keeps localhost and the configured portal', async () => {
    const c = new Client(server);
    const evil = await c.raw(
      'GET',
      '/saml/login/select?persona=portal-admin&redirect=http://evil.example/cb',
    );
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
    expect(evil.text).toContain('evil.example');
    expect(evil.text).not.toMatch(/token=/);
    const page = await c.raw('GET', '/saml/login?redirect=https://evil.example/cb');
    expect(page.status).toBe(400);
    const local = await c.raw(
      'GET',
      '/saml/login/select?persona=portal-admin&redirect=http://localhost:5173/cb',
    );
    expect(local.status).toBe(302);
    expect(local.headers.get('location')).toMatch(/^http:\/\/localhost:5173\/cb\?token=/);
    const configured = await startQuiet({ corsOrigins: ['https://portal.example.org'] });
    try {
      const answer = await new Client(configured).raw(
        'GET',
        '/saml/login/select?persona=portal-admin&redirect=https://portal.example.org/',
      );
      expect(answer.status).toBe(302);
    } finally {
      await configured.close();
    }
  });
});

describe('the control API answers only the local tools (item 9)', () => {
  it('refuses a cross-origin text/plain reset and a foreign origin, changing nothing', async () => {
    const c = new Client(server, 'hostile-control');
    const created = await c.as('portal-admin', 'POST', '/api/contract', { label: 'Contrat témoin' });
    expect(created.status).toBe(201);
    const count = async () => (await c.state()).tables.contracts.length;
    const before = await count();
    const plain = await c.raw('POST', '/__mock/reset', {
      rawBody: '',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
    });
    expect(plain.status).toBe(403);
    expect(plain.body.message).toMatch(/origin/i);
    const foreign = await c.raw('POST', '/__mock/reset', {
      body: {},
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const text = await c.raw('POST', '/__mock/reset', {
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await count()).toBe(before);
    // the tools (no origin, or the portal's) and an empty POST still work
    expect((await c.raw('POST', '/__mock/reset')).status).toBe(200);
    expect(
      (await c.raw('POST', '/__mock/reset', { body: {}, headers: { origin: 'http://localhost:5173' } }))
        .status,
    ).toBe(200);
    expect(await count()).toBe(before - 1);
  });

  it('listens on 127.0.0.1 by default', async () => {
    const address = server.address;
    expect(address).toBe('127.0.0.1');
  });

  it('caps the partitions created without a token', async () => {
    const small = await startQuiet({ maxPartitions: 3 });
    try {
      for (const name of ['p1', 'p2', 'p3', 'p4', 'p5']) {
        const answer = await new Client(small, name).raw('GET', '/api/public/realms?domainName=x');
        expect(answer.status).toBeLessThan(500);
      }
      const health = await new Client(small).raw('GET', '/__mock/health');
      expect(health.body.partitions).toBeLessThanOrEqual(3);
    } finally {
      await small.close();
    }
  });
});

describe('small protocol details (item 10)', () => {
  it('401 carries WWW-Authenticate: Bearer; API answers carry nosniff', async () => {
    const c = new Client(server);
    const answer = await c.raw('GET', '/api/token-check');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const ok = await c.as('agent', 'GET', '/api/token-check');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('an uploaded SVG photo is refused (415)', async () => {
    const c = new Client(server, 'hostile-svg');
    const site = seed.tables.industrialSites.find((s) => s.contractId === 1)!;
    const form = new FormData();
    form.set(
      'photo',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
        type: 'image/svg+xml',
      }),
      'x.svg',
    );
    const answer = await c.raw('POST', `/api/industrial-site/${site.id}/photo`, {
      token: await c.token('contract-admin'),
      rawBody: form,
    });
    expect(answer.status, answer.text).toBe(415);
  });

  it('an over-long header gets a JSON 431', async () => {
    const url = new URL(server.url);
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/token-check',
          headers: { 'x-big': 'x'.repeat(20_000) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/json/);
    expect(JSON.parse(answer.body).message).toMatch(/header/i);
  });
});
