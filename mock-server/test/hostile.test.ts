/**
 * Hostile input: deep nesting, impossible dates, an open redirect, the control API answering any web
 * page, and the small protocol details (WWW-Authenticate, nosniff, SVG, 431); then the family sweeps
 * driven from the endpoint table (secrets in queries, Host values, glob cost, dot segments, UTF-8
 * file names, zone offsets, removed users). The single holes of a hostile review: security.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_ROLES, ROLES, isPortalWideRole } from '@portal/contract/roles';
import { endpointList } from '@portal/contract/endpoints';
import type { EndpointDef, EndpointId } from '@portal/contract';
import { buildScenario, type State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, rawRequest, startQuiet, utf8Upload } from './helpers.ts';
import { buildSamples, happyPersona, pathOf, queryString, send, type Sample } from './samples.ts';

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

describe('deep nesting', () => {
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

describe('real calendar dates and times', () => {
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

describe('no open redirect on the sign-in page', () => {
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

describe('the control API answers only the local tools', () => {
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
    // another local page is no tool either
    expect(
      (await c.raw('POST', '/__mock/reset', { body: {}, headers: { origin: 'http://localhost:5173' } }))
        .status,
    ).toBe(403);
    expect(await count()).toBe(before);
    // the tools (no origin) and an empty POST still work
    expect((await c.raw('POST', '/__mock/reset')).status).toBe(200);
    expect(await count()).toBe(before - 1);
  });

  it('listens on 127.0.0.1 by default', async () => {
    const address = server.address;
    expect(address).toBe('127.0.0.1');
  });

  it('caps the partitions created without a token', async () => {
    const small = await startQuiet({ maxPartitions: 3 });
    try {
      // default, p1 and p2 fill it; the others are refused while those are in use (none is idle)
      for (const [name, status] of [
        ['p1', 200],
        ['p2', 200],
        ['p3', 503],
        ['p4', 503],
      ] as const) {
        const answer = await new Client(small, name).raw('GET', '/api/public/realms?domainName=x');
        expect(answer.status).toBe(status);
      }
      const health = await new Client(small).raw('GET', '/__mock/health');
      expect(health.body.partitions).toBeLessThanOrEqual(3);
    } finally {
      await small.close();
    }
  });
});

describe('small protocol details', () => {
  it('401 carries WWW-Authenticate: Bearer; API answers carry nosniff', async () => {
    const c = new Client(server);
    const answer = await c.raw('GET', '/api/token-check');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const ok = await c.as('agent', 'GET', '/api/token-check');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
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

/*
 * Family sweeps over the contract's endpoint table (and the control API's own list): a new
 * endpoint is attacked by every family below without writing anything for it.
 */
const sweepState: State = buildScenario('default', 42, { today: '2026-06-15' });
const samples: Record<EndpointId, Sample> = buildSamples(sweepState);
const table = endpointList.map((def) => ({ def, sample: samples[def.id as EndpointId] }));
const called = table.filter(({ sample }) => sample !== undefined) as { def: EndpointDef; sample: Sample }[];

/** The sample's body (a value or made by a function). */
async function bodyOf(c: Client, sample: Sample): Promise<unknown> {
  return typeof sample.body === 'function'
    ? await (sample.body as (client: Client) => Promise<unknown>)(c)
    : sample.body;
}

describe('sweep: query-string and header secrets never reach the journal', () => {
  it('every endpoint called with ?token=, ?access_token=, X-Auth-Token, apiKey and mobilePhone', async () => {
    const c = new Client(server, 'sweep-secrets');
    await c.raw('PUT', '/__mock/journal/capture', { body: { headers: true, bodies: true } });
    for (const { def, sample } of called) {
      const path =
        pathOf(def, sample.params) +
        queryString({ ...sample.query, token: `SWEEPQ1-${def.id}`, access_token: 'SWEEPQ2' });
      const body = def.method === 'GET' || def.upload ? undefined : await bodyOf(c, sample);
      const withSecrets =
        body && typeof body === 'object' && !Array.isArray(body)
          ? { ...body, apiKey: 'SWEEPB3', mobilePhone: '+33 6 99 88 77 66' }
          : body;
      await c.raw(def.method, path, {
        token: def.public ? null : await c.token(happyPersona(def, sample)),
        headers: { 'x-auth-token': 'SWEEPH4' },
        ...(withSecrets !== undefined ? { body: withSecrets } : {}),
      });
    }
    const journal = await c.raw('GET', '/__mock/journal?limit=5000');
    expect(journal.body.length).toBeGreaterThanOrEqual(called.length);
    expect(journal.text).not.toMatch(/SWEEPQ|SWEEPB|SWEEPH|88 77 66/);
  });
});

describe('sweep: the control API refuses a foreign Host on every route', () => {
  it('each route of its OpenAPI document answers 403 to rebind.example, and nothing changes', async () => {
    const c = new Client(server, 'sweep-host');
    const before = await c.stateText();
    const doc = (await c.raw('GET', '/__mock/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).filter(([path]) => path.startsWith('/__mock'));
    expect(routes.length).toBeGreaterThan(10);
    for (const [path, methods] of routes) {
      for (const method of Object.keys(methods)) {
        const concrete = path.replace(/\{[^}]+\}/g, 'x');
        const answer = await rawRequest(
          server.url,
          concrete,
          { host: 'rebind.example', 'x-mock-partition': 'sweep-host', 'content-type': 'application/json' },
          method.toUpperCase(),
        );
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await c.stateText()).toBe(before);
  });
});

describe('sweep: globs of every endpoint path cost linear time', () => {
  it('a journal filter and a rule built of ** runs on every endpoint path fast', async () => {
    const c = new Client(server, 'sweep-globs');
    // 20 letters a segment: a backtracking matcher takes seconds on each of these paths (the
    // bounds leave room for a loaded machine)
    const long = 'a'.repeat(20);
    for (const { def } of called) {
      const prefix = pathOf(def).split('/missing-')[0]!;
      await c.raw('GET', `${prefix}/${long}/${long}`);
      const started = performance.now();
      const glob = `${prefix}/**a**a**a**a**a**a**!`;
      const answer = await c.raw('GET', `/__mock/journal?path=${encodeURIComponent(glob)}`);
      expect(answer.status).toBe(200);
      expect(performance.now() - started, glob).toBeLessThan(750);
    }
    const rule = await c.raw('POST', '/__mock/faults', {
      body: { path: '/api/**a**a**a**a**a**a**!', status: 500 },
    });
    expect(rule.status, rule.text).toBeLessThan(500);
    const timed = performance.now();
    await c.raw('GET', `/api/${long}/${long}`);
    expect(performance.now() - timed).toBeLessThan(750);
  });
});

describe('sweep: dot segments are refused on every endpoint', () => {
  it('/%2e%2e/, /../ and /..\\ inside each path: 400, never forwarded nor answered', async () => {
    const c = new Client(server, 'sweep-dots');
    const before = await c.stateText();
    for (const { def, sample } of called) {
      const path = pathOf(def, sample.params);
      const at = path.indexOf('/', 1);
      for (const dots of ['/x/%2e%2e', '/x/%2E%2e', '/x/..', '/x/.', '/x\\..']) {
        const hostile = at < 0 ? `${path}${dots}` : `${path.slice(0, at)}${dots}${path.slice(at)}`;
        const answer = await rawRequest(
          server.url,
          hostile,
          {
            'x-mock-partition': 'sweep-dots',
            authorization: `Bearer ${await c.token('portal-admin')}`,
          },
          def.method,
        );
        expect(answer.status, `${def.method} ${hostile}`).toBe(400);
      }
    }
    expect(await c.stateText()).toBe(before);
  });
});

describe('sweep: uploads named in UTF-8 are served back', () => {
  const uploads = called.filter(({ def }) => def.upload);

  it('every upload endpoint has a binary endpoint of the same tag', () => {
    expect(uploads.length).toBeGreaterThan(0);
    for (const { def } of uploads)
      expect(
        endpointList.some((d) => d.binary && d.tag === def.tag),
        def.id,
      ).toBe(true);
  });

  it.each(uploads.map((u) => [u.def.id, u] as const))(
    '%s: a file named "💧 € rapport.png" (filename*) is stored and served with an RFC 5987 name',
    async (_id, { def, sample }) => {
      const c = new Client(server, `sweep-utf8-${def.id}`);
      const persona = happyPersona(def, sample);
      const name = '💧 € rapport.png';
      const { body, type } = utf8Upload(name, def.upload!.field);
      const uploaded = await c.raw(def.method, pathOf(def, sample.params), {
        token: await c.token(persona),
        rawBody: body,
        headers: { 'content-type': type },
      });
      expect(uploaded.status, uploaded.text).toBe(def.status);
      const binary = endpointList.find((d) => d.binary && d.tag === def.tag)!;
      const served = await c.raw('GET', pathOf(binary, { photoId: uploaded.body.photoId }), {
        token: await c.token(persona),
      });
      expect(served.status, served.text).toBe(200);
      expect(served.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    },
  );
});

/** The top-level fields of an object holding an ISO date or date-time. */
function dateFields(value: unknown): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value)
    .filter(([, v]) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(v))
    .map(([k]) => k);
}

describe('sweep: impossible zone offsets on every date a call takes', () => {
  const withDates = called.filter(
    ({ def, sample }) =>
      (def.method !== 'GET' && typeof sample.body !== 'function' && dateFields(sample.body).length) ||
      dateFields(sample.query).length,
  );

  it('the table has calls taking dates', () => {
    expect(withDates.length).toBeGreaterThan(2);
  });

  it.each(withDates.map((w) => [w.def.id, w] as const))(
    '%s: each date field with +25:00, +23:99 or +99:00 is a 400 naming it',
    async (_id, { def, sample }) => {
      const c = new Client(server, `sweep-zones-${def.id}`);
      const persona = def.public ? null : happyPersona(def, sample);
      const before = await c.stateText();
      for (const zone of ['+25:00', '+23:99', '+99:00']) {
        for (const where of ['body', 'query'] as const) {
          const source = (where === 'body' ? sample.body : sample.query) as
            Record<string, string> | undefined;
          for (const field of dateFields(source)) {
            const hostile = { ...source, [field]: `${source![field]!.slice(0, 10)}T10:00${zone}` };
            const answer = await send(
              c,
              def,
              sample,
              persona,
              where === 'body' ? { body: hostile } : { query: hostile },
            );
            expect(answer.status, `${field} ${zone}`).toBe(400);
            expect(
              (answer.body.errors as { path: string }[]).map((e) => e.path),
              `${field} ${zone}`,
            ).toContain(field);
          }
        }
      }
      expect(await c.stateText()).toBe(before);
    },
  );
});

describe('sweep: a user removed from their only contract reaches no endpoint that needs a role', () => {
  it('with every contract role before the removal, 403 or 404 after it on each such endpoint', async () => {
    const c = new Client(server, 'sweep-leaver');
    const roles = ALL_ROLES.filter((r) => !isPortalWideRole(r));
    const created = await c.raw('POST', '/__mock/personas', {
      body: { id: 'sweep-leaver', roles, contractIds: [1] },
    });
    expect(created.status, created.text).toBe(201);
    const removed = await c.as('contract-admin', 'DELETE', `/api/contract/1/user/${created.body.userId}`);
    expect(removed.status, removed.text).toBeLessThan(300);
    const needing = called.filter(
      ({ def }) => !def.public && def.roles.length > 0 && !def.roles.includes(ROLES.USER),
    );
    expect(needing.length).toBeGreaterThan(50);
    for (const { def, sample } of needing) {
      const answer = await send(c, def, sample, 'sweep-leaver');
      expect([403, 404], `${def.id} ${answer.status} ${answer.text.slice(0, 120)}`).toContain(answer.status);
    }
  });
});
