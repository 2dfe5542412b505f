/** The control API, partitions, faults, latency, journal, SSO pages, CORS, docs and extras. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '@portal/contract/roles';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

const part = (name: string) => new Client(server, name);

describe('health, scenarios, state', () => {
  it('answers health with the scenario and seed', async () => {
    const answer = await part('health').raw('GET', '/__mock/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', scenario: 'default', seed: 42 });
  });

  it('lists the three scenarios and loads one with a seed, answering once loaded', async () => {
    const c = part('scenarios');
    const list = await c.raw('GET', '/__mock/scenarios');
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['default', 'empty', 'large']);
    const loaded = await c.raw('POST', '/__mock/scenarios/empty?seed=7');
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ name: 'empty', seed: 7 });
    expect(typeof loaded.body.loadMs).toBe('number');
    const health = await c.raw('GET', '/__mock/health');
    expect(health.body).toMatchObject({ scenario: 'empty', seed: 7 });
    const contracts = await c.as('portal-admin', 'GET', '/api/contracts');
    expect(contracts.body).toHaveLength(1);
    expect(contracts.body[0].status).toBe('TO_FINALIZE');
    expect((await c.raw('POST', '/__mock/scenarios/nope')).status).toBe(404);
    expect((await c.raw('POST', '/__mock/scenarios/default?seed=abc')).status).toBe(400);
  });

  it('is deterministic: same seed, same bytes; another seed, other data', async () => {
    const a = part('det-a');
    const b = part('det-b');
    await a.raw('POST', '/__mock/scenarios/default?seed=123');
    await b.raw('POST', '/__mock/scenarios/default?seed=123');
    const textA = await a.stateText();
    expect(await b.stateText()).toBe(textA);
    await b.raw('POST', '/__mock/scenarios/default?seed=124');
    expect(await b.stateText()).not.toBe(textA);
  });

  it('resets to the loaded scenario, and exports then imports the whole state', async () => {
    const c = part('export');
    const before = await c.stateText();
    await c.as('contract-admin', 'DELETE', '/api/organization/10');
    const changed = await c.stateText();
    expect(changed).not.toBe(before);
    expect((await c.raw('POST', '/__mock/reset')).status).toBe(200);
    expect(await c.stateText()).toBe(before);
    const put = await c.raw('PUT', '/__mock/state', { body: JSON.parse(changed) });
    expect(put.status).toBe(200);
    expect(await c.stateText()).toBe(changed);
    const bad = await c.raw('PUT', '/__mock/state', { body: { format: 'other' } });
    expect(bad.status).toBe(400);
    expect(await c.stateText()).toBe(changed);
  });
});

describe('personas and roles', () => {
  it('lists personas and mints tokens that work, with a refresh token', async () => {
    const c = part('personas');
    const personas = (await c.raw('GET', '/__mock/personas')).body as {
      id: string;
      roles: string[];
      contractIds: number[];
    }[];
    expect(personas.length).toBeGreaterThanOrEqual(21);
    expect(personas.find((p) => p.id === 'org-admin')).toMatchObject({
      roles: ['ROLE_SUPER_ADMIN_ORGANIZATION'],
      contractIds: [1],
    });
    const minted = await c.raw('POST', '/__mock/personas/agent/token');
    expect(minted.body).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: expect.any(String),
    });
    const me = await c.raw('GET', '/api/token-check', { token: minted.body.token });
    expect(me.body.email).toBe('agent@portal.test');
    const refreshed = await c.raw('POST', '/token/refresh', {
      body: { refresh_token: minted.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect((await c.raw('GET', '/api/token-check', { token: refreshed.body.token })).status).toBe(200);
    expect(
      (await c.raw('POST', '/token/refresh', { body: { refresh_token: minted.body.token } })).status,
    ).toBe(401);
    expect((await c.raw('POST', '/__mock/personas/nobody/token')).status).toBe(404);
  });

  it('refuses an expired token with 401', async () => {
    const c = part('expired');
    const minted = await c.raw('POST', '/__mock/personas/agent/token', { body: { ttlSeconds: -10 } });
    const answer = await c.raw('GET', '/api/token-check', { token: minted.body.token });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/expired/);
  });

  it('creates an ad-hoc persona and validates it', async () => {
    const c = part('adhoc');
    const created = await c.raw('POST', '/__mock/personas', {
      body: { id: 'qa-1', roles: ['ROLE_HYDRO'], contractIds: [2] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'qa-1', roles: ['ROLE_HYDRO'], contractIds: [2] });
    const sites = await c.as('qa-1', 'GET', '/api/hydrometry/site?contract=2');
    expect(sites.status).toBe(200);
    expect((await c.as('qa-1', 'GET', '/api/hydrometry/site?contract=1')).status).toBe(403);
    expect(
      (await c.raw('POST', '/__mock/personas', { body: { roles: ['ROLE_NOPE'], contractIds: [] } })).status,
    ).toBe(400);
    expect((await c.raw('POST', '/__mock/personas', { body: { roles: [], contractIds: [99] } })).status).toBe(
      400,
    );
    expect(
      (await c.raw('POST', '/__mock/personas', { body: { id: 'qa-1', roles: [], contractIds: [] } })).status,
    ).toBe(409);
  });

  it('knows exactly the roles of the contract (section 6): every one is accepted, nothing else', async () => {
    const c = part('role-catalog');
    const personas = (await c.raw('GET', '/__mock/personas')).body as { id: string; roles: string[] }[];
    for (const persona of personas)
      for (const role of persona.roles) expect(ALL_ROLES, `${persona.id}: ${role}`).toContain(role);
    const all = await c.raw('POST', '/__mock/personas', {
      body: { id: 'every-role', roles: [...ALL_ROLES], contractIds: [1] },
    });
    expect(all.status, all.text).toBe(201);
    expect(all.body.roles).toEqual([...ALL_ROLES]);
    for (const role of [
      'ROLE_SUPER_ADMIN_PORTAL',
      'ROLE_SUPER_ADMIN_PORTAL_{product}',
      'ROLE_ADMIN',
      'role_user',
      'ROLE_SIGNAL',
    ]) {
      const refused = await c.raw('POST', '/__mock/personas', {
        body: { roles: ['ROLE_USER', role], contractIds: [1] },
      });
      expect(refused.status, role).toBe(400);
      expect(refused.body.errors).toContainEqual({ path: 'roles.1', message: 'unknown role' });
      expect(
        (await c.raw('PATCH', '/__mock/users/agent/roles', { body: { add: [role] } })).status,
        role,
      ).toBe(400);
    }
  });

  it('switches roles: the next call sees the new roles', async () => {
    const c = part('roles');
    expect((await c.as('agent', 'GET', '/api/widget/water-cycle?contract=1')).status).toBe(403);
    const changed = await c.raw('PATCH', '/__mock/users/agent/roles', { body: { add: ['ROLE_OPOT'] } });
    expect(changed.body.roles).toEqual(['ROLE_USER', 'ROLE_OPOT']);
    expect((await c.as('agent', 'GET', '/api/widget/water-cycle?contract=1')).status).toBe(200);
    const byEmail = await c.raw('GET', '/__mock/users/agent@portal.test/roles');
    expect(byEmail.body.roles).toContain('ROLE_OPOT');
    const removed = await c.raw('PATCH', '/__mock/users/5/roles', { body: { remove: ['ROLE_OPOT'] } });
    expect(removed.body.roles).toEqual(['ROLE_USER']);
    expect(
      (await c.raw('PATCH', '/__mock/users/agent/roles', { body: { set: ['NOT_A_ROLE'] } })).status,
    ).toBe(400);
    expect((await c.raw('PATCH', '/__mock/users/nobody/roles', { body: { set: [] } })).status).toBe(404);
  });
});

describe('partitions', () => {
  it('keeps partitions apart: a change in one is not seen in another nor in default', async () => {
    const a = part('iso-a');
    const b = part('iso-b');
    const deleted = await a.as('contract-admin', 'DELETE', '/api/organization/10');
    expect(deleted.status).toBe(204);
    expect((await a.as('contract-admin', 'GET', '/api/organization/10')).status).toBe(404);
    expect((await b.as('contract-admin', 'GET', '/api/organization/10')).status).toBe(200);
    expect((await part('default').as('contract-admin', 'GET', '/api/organization/10')).status).toBe(200);
  });

  it('follows the partition claim of the token, and the cookie', async () => {
    const a = part('claim-a');
    await a.as('contract-admin', 'DELETE', '/api/organization/11');
    const token = await a.token('contract-admin');
    const noHeader = new Client(server);
    expect((await noHeader.raw('GET', '/api/organization/11', { token })).status).toBe(404);
    const cookie = await noHeader.raw('GET', '/__mock/health', {
      headers: { cookie: 'mock_partition=claim-a' },
    });
    expect(cookie.body.partition).toBe('claim-a');
  });

  it('refuses a bad partition name with 400', async () => {
    const answer = await new Client(server, 'bad name!').raw('GET', '/__mock/health');
    expect(answer.status).toBe(400);
  });
});

describe('faults and latency', () => {
  it('answers a status for the next N calls, then normally', async () => {
    const c = part('faults-status');
    const rule = await c.raw('POST', '/__mock/faults', {
      body: { method: 'GET', path: '/api/contract/*', status: 503, times: 2 },
    });
    expect(rule.status).toBe(201);
    expect(rule.body.id).toEqual(expect.any(Number));
    const first = await c.as('contract-admin', 'GET', '/api/contract/1');
    expect(first.status).toBe(503);
    expect(first.body.message).toMatch(/fault/i);
    expect((await c.as('contract-admin', 'GET', '/api/contract/1')).status).toBe(503);
    expect((await c.as('contract-admin', 'GET', '/api/contract/1')).status).toBe(200);
    // spent: still listed, with its hits, marked so
    expect((await c.raw('GET', '/__mock/faults')).body).toEqual([
      expect.objectContaining({ id: rule.body.id, spent: true, hits: 2, remaining: 0 }),
    ]);
  });

  it('matches ** over any segments and answers a given body', async () => {
    const c = part('faults-body');
    await c.raw('POST', '/__mock/faults', {
      body: { path: '/api/**', status: 200, body: { wrong: 'shape' } },
    });
    const answer = await c.as('contract-admin', 'GET', '/api/contract/1/siteConfiguration');
    expect(answer.body).toEqual({ wrong: 'shape' });
    expect((await c.raw('DELETE', '/__mock/faults')).status).toBe(204);
    expect(
      (await c.as('contract-admin', 'GET', '/api/contract/1/siteConfiguration')).body.documentTitle,
    ).toBeDefined();
  });

  it('delays, drops the connection and sends malformed JSON', async () => {
    const c = part('faults-kinds');
    await c.raw('POST', '/__mock/faults', { body: { path: '/api/widget', delayMs: 300, times: 1 } });
    const t0 = performance.now();
    expect((await c.as('agent', 'GET', '/api/widget')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(280);
    await c.raw('POST', '/__mock/faults', { body: { path: '/api/widget', drop: true, times: 1 } });
    await expect(c.as('agent', 'GET', '/api/widget')).rejects.toThrow();
    await c.raw('POST', '/__mock/faults', { body: { path: '/api/widget', malformed: true, times: 1 } });
    const broken = await c.as('agent', 'GET', '/api/widget');
    expect(broken.headers.get('content-type')).toMatch(/json/);
    expect(() => JSON.parse(broken.text)).toThrow();
    const journal = (await c.raw('GET', '/__mock/journal?path=/api/widget')).body as {
      status: number | null;
      outcome: string;
    }[];
    expect(journal.map((e) => e.status)).toEqual([200, null, 200]);
    expect(journal.map((e) => e.outcome)).toEqual(['answered', 'dropped', 'answered']);
  });

  it('removes one rule by id and validates rules', async () => {
    const c = part('faults-remove');
    const rule = await c.raw('POST', '/__mock/faults', { body: { path: '/api/widget', status: 500 } });
    expect((await c.raw('DELETE', `/__mock/faults/${rule.body.id}`)).status).toBe(204);
    expect((await c.raw('DELETE', `/__mock/faults/${rule.body.id}`)).status).toBe(404);
    expect((await c.raw('POST', '/__mock/faults', { body: { path: 'no-slash', status: 500 } })).status).toBe(
      400,
    );
    expect((await c.raw('POST', '/__mock/faults', { body: { path: '/api/x' } })).status).toBe(400);
    expect((await c.raw('POST', '/__mock/faults', { body: { path: '/api/x', status: 99 } })).status).toBe(
      400,
    );
  });

  it('applies a latency profile', async () => {
    const c = part('latency');
    expect((await c.raw('PUT', '/__mock/latency', { body: { minMs: 150, maxMs: 200 } })).body).toMatchObject({
      distribution: 'uniform',
      minMs: 150,
      maxMs: 200,
      seed: expect.any(Number),
    });
    const t0 = performance.now();
    await c.as('agent', 'GET', '/api/widget');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect((await c.raw('PUT', '/__mock/latency', { body: { profile: 'none' } })).body).toMatchObject({
      minMs: 0,
      maxMs: 0,
    });
    expect((await c.raw('PUT', '/__mock/latency', { body: { minMs: 10, maxMs: 5 } })).status).toBe(400);
    expect((await c.raw('GET', '/__mock/latency')).body).toMatchObject({ minMs: 0, maxMs: 0 });
  });

  it('takes a seeded log-normal latency, and refuses one whose median lies outside its bounds', async () => {
    const c = part('latency-lognormal');
    const lognormal = { distribution: 'lognormal', medianMs: 40, sigma: 0.5, maxMs: 500, seed: 3 };
    expect((await c.raw('PUT', '/__mock/latency', { body: lognormal })).body).toEqual({
      ...lognormal,
      minMs: 0,
    });
    const outside = await c.raw('PUT', '/__mock/latency', { body: { ...lognormal, maxMs: 20 } });
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('medianMs lies outside minMs-maxMs');
    const noSigma = await c.raw('PUT', '/__mock/latency', {
      body: { distribution: 'lognormal', medianMs: 40 },
    });
    expect(noSigma.status).toBe(400);
    expect((await c.raw('GET', '/__mock/latency')).body).toMatchObject({ medianMs: 40, seed: 3 });
  });

  it('refuses transport faults that contradict each other, naming the field', async () => {
    const c = part('transport-faults');
    const refused = async (body: object, message: string) => {
      const answer = await c.raw('POST', '/__mock/faults', { body: { path: '/api/skill', ...body } });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    };
    await refused({ drop: true, resetMidBody: true }, 'cannot be reset mid-body or dribbled');
    await refused({ status: 503, chunks: 3 }, 'chunks goes with dribbleMs');
    await refused({ status: 503, seed: 3 }, 'seed goes with rate');
    await refused({ status: 503, rate: 0 }, 'rate');
    await refused({ rate: 0.5 }, 'a fault needs a status');
    expect((await c.raw('GET', '/__mock/faults')).body).toEqual([]);
  });
});

describe('journal', () => {
  it('records method, path, status and persona; filters and clears', async () => {
    const c = part('journal');
    await c.as('agent', 'GET', '/api/token-check');
    await c.as('agent', 'GET', '/api/contract/2');
    await c.as(null, 'GET', '/api/token-check');
    const all = (await c.raw('GET', '/__mock/journal')).body;
    expect(
      all.map((e: { path: string; status: number; persona: string | null }) => [e.path, e.status, e.persona]),
    ).toEqual([
      ['/api/token-check', 200, 'agent'],
      ['/api/contract/2', 403, 'agent'],
      ['/api/token-check', 401, null],
    ]);
    expect((await c.raw('GET', '/__mock/journal?status=403')).body).toHaveLength(1);
    expect((await c.raw('GET', '/__mock/journal?persona=agent')).body).toHaveLength(2);
    expect((await c.raw('GET', '/__mock/journal?path=/api/contract/*')).body).toHaveLength(1);
    expect((await c.raw('GET', '/__mock/journal?limit=1')).body[0].status).toBe(401);
    expect((await c.raw('GET', '/__mock/journal?since=2999-01-01T00:00:00Z')).body).toEqual([]);
    expect((await c.raw('GET', '/__mock/journal?limit=abc')).status).toBe(400);
    expect((await c.raw('DELETE', '/__mock/journal')).status).toBe(204);
    expect((await c.raw('GET', '/__mock/journal')).body).toEqual([]);
  });

  it('streams entries as server-sent events', async () => {
    const c = part('stream');
    const controller = new AbortController();
    const response = await fetch(`${server.url}/__mock/journal/stream`, {
      headers: { 'x-mock-partition': 'stream' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    await c.as('agent', 'GET', '/api/widget');
    let text = '';
    while (!text.includes('data: ')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const line = text.split('\n').find((l) => l.startsWith('data: '))!;
    expect(JSON.parse(line.slice(6))).toMatchObject({
      method: 'GET',
      path: '/api/widget',
      status: 200,
      persona: 'agent',
    });
  });
});

describe('single sign-on pages', () => {
  it('lists personas with a sign-in button and redirects with a token', async () => {
    const c = part('sso');
    const redirect = 'http://localhost:5173/signalement?x=1';
    const page = await c.raw('GET', `/saml/login?realm=portal&redirect=${encodeURIComponent(redirect)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Claire Martin');
    expect(page.text).toContain('ROLE_SUPER_ADMIN_CONTRACT');
    expect(page.text).toContain('Dijon Métropole');
    expect(page.text.match(/Se connecter<\/button>/g)?.length).toBeGreaterThanOrEqual(21);
    expect(page.text).toContain('href="http://localhost:5173/error/sso"');
    expect(page.text).toContain('Simuler un échec');
    const chosen = await c.raw(
      'GET',
      `/saml/login/select?persona=contract-admin&partition=sso&redirect=${encodeURIComponent(redirect)}`,
    );
    expect(chosen.status).toBe(302);
    const location = new URL(chosen.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/signalement');
    expect(location.searchParams.get('x')).toBe('1');
    const token = location.searchParams.get('token')!;
    expect((await c.raw('GET', '/api/token-check', { token })).body.email).toBe('contract-admin@portal.test');
  });

  it('shows the logout page with a link to sign in again, and refuses a bad redirect', async () => {
    const c = part('sso');
    const page = await c.raw('GET', '/saml/logout?realm=portal&redirect=http%3A%2F%2Flocalhost%3A5173%2F');
    expect(page.text).toContain('Vous êtes déconnecté');
    expect(page.text).toContain('/saml/login?realm=portal&amp;redirect=');
    expect((await c.raw('GET', '/saml/login?redirect=javascript:alert(1)')).status).toBe(400);
    expect(
      (await c.raw('GET', '/saml/login/select?persona=nobody&redirect=http%3A%2F%2Flocalhost%2F')).status,
    ).toBe(404);
  });

  it('answers the realm of a domain', async () => {
    const answer = await part('sso').raw('GET', '/api/public/realms?domainName=localhost');
    expect(answer.body).toEqual({ value: 'portal' });
  });
});

describe('CORS, docs and extras', () => {
  it('allows localhost origins with the pagination headers exposed', async () => {
    const preflight = await fetch(`${server.url}/api/contracts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-mock-partition',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-mock-partition/);
    const token = await part('cors').token('contract-admin');
    const list = await fetch(`${server.url}/api/user/contracts`, {
      headers: {
        origin: 'http://127.0.0.1:4173',
        authorization: `Bearer ${token}`,
        'x-mock-partition': 'cors',
      },
    });
    expect(list.headers.get('access-control-expose-headers')).toContain('x-pagination-total-count');
    const foreign = await fetch(`${server.url}/__mock/health`, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the OpenAPI document and a browsable page', async () => {
    const doc = await part('docs').raw('GET', '/__mock/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/api/contract/{contractId}/user');
    expect(Object.keys(doc.body.paths)).toContain('/__mock/faults');
    const page = await part('docs').raw('GET', '/__mock/docs');
    expect(page.text).toContain('/api/contract/:contractId/organization');
    expect(page.text).toContain('/__mock/journal');
  });

  it('serves tiles, logos and stand-in pages', async () => {
    const tile = await fetch(`${server.url}/tiles/6/33/22.png`);
    expect(tile.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await tile.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${server.url}/tiles/2/9/9.png`)).status).toBe(404);
    const logo = await fetch(`${server.url}/assets/logos/dijon-metropole.svg`);
    expect(logo.headers.get('content-type')).toMatch(/svg/);
    expect((await fetch(`${server.url}/assets/logos/nope.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/stand-in/thingsboard/tb-sensors`)).status).toBe(401);
    expect((await fetch(`${server.url}/stand-in/thingsboard/tb-sensors?token=x`)).status).toBe(200);
    expect((await fetch(`${server.url}/stand-in/powerbi/rpt-1`)).status).toBe(200);
  });

  it('answers unknown routes, malformed JSON and oversize bodies with JSON errors', async () => {
    const c = part('errors');
    const unknown = await c.raw('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/No route/);
    const token = await c.token('portal-admin');
    const malformed = await c.raw('POST', '/api/contract', {
      token,
      rawBody: '{"label": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const huge = await c.raw('POST', '/api/contract', {
      token,
      body: { label: 'x', pad: 'y'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/too large/);
  });
});
