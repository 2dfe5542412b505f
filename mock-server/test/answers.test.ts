/**
 * The answers of plain reads kept as bytes (src/runtime/answers.ts, a step of express's pipeline in
 * src/middleware/answers.ts): a read asked again writes what an earlier one wrote, and never an answer
 * the caller would not get without it. After every kind of change (an API write, roles, a persona, a
 * scenario, a reset, an import) the next read shows the change; two callers with different rights,
 * two partitions, two server addresses get their own answers, and each call its own CORS headers;
 * faults, stubs, latency and the journal still apply to a read that was kept; no kept answer depends
 * on the clock.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointList } from '@portal/contract/endpoints';
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import type { EndpointId } from '@portal/contract';
import { buildScenario } from '@portal/fixtures';
import { createApp, httpClasses, MockRuntime } from '../src/app.ts';
import { AnswerCache } from '../src/runtime/answers.ts';
import { createDb } from '../src/store/db.ts';
import type { RunningMockServer } from '../src/server.ts';
import { Client } from './helpers.ts';
import { buildSamples, happyPersona, pathOf, queryString } from './samples.ts';

const TODAY = '2026-06-15';
const runtime = new MockRuntime({ quiet: true, today: TODAY });
const app = createApp(runtime);
// the server as started (server.ts), over a runtime the tests read the kept answers of
const server = createServer(httpClasses(app), app);
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
});

const samples = buildSamples(buildScenario('default', 42, { today: TODAY }));

const client = (partition: string) => new Client({ url } as RunningMockServer, partition);

/**
 * A call to the control API that changes nothing (the journal's capture set as it is): as any call
 * that may change something, the next reads are made again, not written from the kept answers.
 */
async function makeAgain(): Promise<void> {
  const answer = await client('answers-make-again').raw('PUT', '/__mock/journal/capture', { body: {} });
  expect(answer.status).toBe(200);
}

/** The number of answers kept, and of reads answered from them. */
const kept = () => runtime.answers.stats.entries;
const hits = () => runtime.answers.stats.hits;

const total = (headers: Headers) => Number(headers.get(PAGINATION_HEADERS.totalCount));
const ids = (body: { id: number }[]) => body.map((row) => row.id);

/** Deletes the first organization of the list that may be deleted (others are still in use). */
async function deleteOne(c: Client, list: { id: number }[]): Promise<number> {
  for (const { id } of list) {
    const answer = await c.as('contract-admin', 'DELETE', `/api/organization/${id}`);
    if (answer.status === 204) return id;
    expect(answer.status, answer.text).toBe(409);
  }
  throw new Error('no organization could be deleted');
}

/**
 * Reads an address until its answer is kept (an address asked for the first time is only noted, the
 * next read keeps its answer), and checks that the read after that is answered from the kept answer,
 * byte for byte.
 */
async function readUntilKept(c: Client, persona: string | null, path: string) {
  const first = await c.as(persona, 'GET', path);
  expect(first.status, first.text).toBe(200);
  for (let read = 0; read < 2; read++) {
    const before = hits();
    const again = await c.as(persona, 'GET', path);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect([...again.headers].filter(([name]) => name !== 'date')).toEqual(
      [...first.headers].filter(([name]) => name !== 'date'),
    );
    if (hits() === before + 1) return again;
  }
  throw new Error(`${path} was never answered from a kept answer`);
}

describe('a read asked again', () => {
  it('is written from the kept answer: the same status, headers and bytes as when it is made', async () => {
    const c = client('answers-same');
    const path = '/api/contract/1/user?currentPage=2&itemsPerPage=5';
    const answer = await readUntilKept(c, 'contract-admin', path);
    await makeAgain();
    const before = hits();
    const fresh = await c.as('contract-admin', 'GET', path);
    expect(hits(), 'made again').toBe(before);
    expect(answer.text).toBe(fresh.text);
    expect([...answer.headers].filter(([name]) => name !== 'date')).toEqual(
      [...fresh.headers].filter(([name]) => name !== 'date'),
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.body).toHaveLength(5);
  });

  it('is kept only when asked again: the first read of an address keeps nothing, the second keeps it', async () => {
    const c = client('answers-asked-again');
    await c.token('contract-admin');
    // a search typed letter by letter: every address asked once
    const before = { kept: kept(), hits: hits() };
    for (const typed of ['m', 'ma', 'mar', 'mart']) {
      const answer = await c.as('contract-admin', 'GET', `/api/contract/1/user?userFilter=${typed}`);
      expect(answer.status, answer.text).toBe(200);
    }
    expect({ kept: kept(), hits: hits() }).toEqual(before);
    const path = '/api/contract/1/user?userFilter=mar';
    const second = await c.as('contract-admin', 'GET', path);
    expect({ kept: kept(), hits: hits() }, 'the second read of an address keeps its answer').toEqual({
      kept: before.kept + 1,
      hits: before.hits,
    });
    const third = await c.as('contract-admin', 'GET', path);
    expect(hits(), 'the third is answered from it').toBe(before.hits + 1);
    expect(third.text).toBe(second.text);
    // after a change, an address that was kept keeps its next answer at once
    await makeAgain();
    const made = await c.as('contract-admin', 'GET', path);
    expect(hits(), 'made again').toBe(before.hits + 1);
    expect(made.text).toBe(second.text);
    await c.as('contract-admin', 'GET', path);
    expect(hits(), 'answered from the answer kept after the change').toBe(before.hits + 2);
  });

  it('is not kept when it failed: refused, unknown, malformed, without a token', async () => {
    const c = client('answers-errors');
    for (const persona of ['contract-admin', 'contract-admin-2']) await c.token(persona);
    const before = { kept: kept(), hits: hits() };
    for (let i = 0; i < 2; i++) {
      expect((await c.as('contract-admin-2', 'GET', '/api/contract/1/user')).status).toBe(403);
      expect((await c.as('contract-admin', 'GET', '/api/contract/999/user')).status).toBe(404);
      expect((await c.as('contract-admin', 'GET', '/api/contract/1/user?currentPage=0')).status).toBe(400);
      expect((await c.as(null, 'GET', '/api/contract/1/user')).status).toBe(401);
    }
    expect({ kept: kept(), hits: hits() }).toEqual(before);
  });

  it('of a token minted at the moment of the call is never kept', async () => {
    const c = client('answers-minted');
    const minted = endpointList.filter((def) =>
      ['metabaseUserToken', 'thingsBoardUserToken', 'powerBiEmbed'].includes(def.id),
    );
    for (const def of minted) {
      const sample = samples[def.id as EndpointId];
      const persona = happyPersona(def, sample);
      const path = pathOf(def, sample.params) + queryString(sample.query);
      await c.token(persona);
      const before = { kept: kept(), hits: hits() };
      expect((await c.as(persona, 'GET', path)).status).toBe(200);
      expect((await c.as(persona, 'GET', path)).status).toBe(200);
      expect({ kept: kept(), hits: hits() }, def.id).toEqual(before);
    }
  });
});

describe('after a change, the next read shows it', () => {
  it('a write through the API (an organization deleted)', async () => {
    const c = client('answers-api-write');
    const path = '/api/contract/1/organization?itemsPerPage=500';
    const before = await readUntilKept(c, 'contract-admin', path);
    const victim = await deleteOne(c, before.body);
    const after = await c.as('contract-admin', 'GET', path);
    expect(total(after.headers)).toBe(total(before.headers) - 1);
    expect(ids(after.body)).not.toContain(victim);
  });

  it('a role removed by the control API: the read kept for the user is refused', async () => {
    const c = client('answers-roles');
    const path = '/api/widget/water-cycle?contract=1';
    expect((await c.as('agent', 'GET', path)).status).toBe(403);
    expect((await c.raw('PATCH', '/__mock/users/agent/roles', { body: { add: ['ROLE_OPOT'] } })).status).toBe(
      200,
    );
    await readUntilKept(c, 'agent', path);
    expect(
      (await c.raw('PATCH', '/__mock/users/agent/roles', { body: { remove: ['ROLE_OPOT'] } })).status,
    ).toBe(200);
    expect((await c.as('agent', 'GET', path)).status).toBe(403);
  });

  it('a persona created by the control API appears in the users list', async () => {
    const c = client('answers-persona');
    const path = '/api/contract/1/user?itemsPerPage=1';
    const before = await readUntilKept(c, 'contract-admin', path);
    const created = await c.raw('POST', '/__mock/personas', {
      body: { id: 'qa-answers', roles: ['ROLE_USER'], contractIds: [1] },
    });
    expect(created.status, created.text).toBe(201);
    expect(total((await c.as('contract-admin', 'GET', path)).headers)).toBe(total(before.headers) + 1);
  });

  it('a scenario loaded, then a reset after a write', async () => {
    const c = client('answers-scenario');
    const path = '/api/contract/1/organization?itemsPerPage=500';
    const seed42 = await readUntilKept(c, 'contract-admin', path);
    expect((await c.raw('POST', '/__mock/scenarios/default?seed=43')).status).toBe(200);
    const before = hits();
    const seed43 = await c.as('contract-admin', 'GET', path);
    expect(hits(), 'made from the scenario loaded').toBe(before);
    expect(seed43.status).toBe(200);
    expect(seed43.text).not.toBe(seed42.text);
    await deleteOne(c, seed43.body);
    await readUntilKept(c, 'contract-admin', path);
    expect((await c.raw('POST', '/__mock/reset')).status).toBe(200);
    expect((await c.as('contract-admin', 'GET', path)).text).toBe(seed43.text);
  });

  it('a state imported', async () => {
    const c = client('answers-import');
    const path = '/api/contract/1/organization?itemsPerPage=500';
    const before = await readUntilKept(c, 'contract-admin', path);
    const state = await c.state();
    const org = state.tables.organizations.find((o) => o.id === (before.body as { id: number }[])[0]!.id)!;
    org.label = 'Renamed by an import';
    expect((await c.raw('PUT', '/__mock/state', { body: state })).status).toBe(200);
    const after = await c.as('contract-admin', 'GET', path);
    expect(after.body.find((o: { id: number }) => o.id === org.id).label).toBe('Renamed by an import');
  });
});

describe('any call that may change something', () => {
  it('drops the kept answers even when the store did not change: the next read is made again', async () => {
    const c = client('answers-any-write');
    const path = '/api/contract/1/user?currentPage=1&itemsPerPage=20';
    const answer = await readUntilKept(c, 'contract-admin', path);
    // a write of the control API that leaves the state as it was, and an API write that is refused
    for (const change of [
      () => c.raw('PUT', '/__mock/journal/capture', { body: { headers: false } }),
      () => c.as('contract-admin', 'DELETE', '/api/organization/999999'),
    ]) {
      await change();
      const before = hits();
      const again = await c.as('contract-admin', 'GET', path);
      expect(hits(), 'made again, not written from the kept answer').toBe(before);
      expect(again.text).toBe(answer.text);
      await readUntilKept(c, 'contract-admin', path);
    }
  });
});

describe('each caller gets its own answer', () => {
  it('two users with different rights on the same address, one refused, one without a token', async () => {
    const c = client('answers-callers');
    const path = '/api/contract/1/user?itemsPerPage=500';
    const admin = await readUntilKept(c, 'contract-admin', path);
    const orgAdmin = await readUntilKept(c, 'org-admin', path);
    expect(total(orgAdmin.headers)).toBeLessThan(total(admin.headers));
    for (let i = 0; i < 2; i++) {
      expect((await c.as('contract-admin', 'GET', path)).text).toBe(admin.text);
      expect((await c.as('org-admin', 'GET', path)).text).toBe(orgAdmin.text);
      expect((await c.as('contract-admin-2', 'GET', path)).status).toBe(403);
      expect((await c.as(null, 'GET', path)).status).toBe(401);
      expect((await c.raw('GET', path, { token: 'not-a-token' })).status).toBe(401);
    }
  });

  it('each call its own CORS headers: a read kept for one origin is written to others with theirs', async () => {
    const c = client('answers-cors');
    const path = '/api/contract/1/user?itemsPerPage=3';
    const token = await c.token('contract-admin');
    const ask = (origin?: string) => c.raw('GET', path, { token, headers: origin ? { origin } : {} });
    // asked twice: the second answer is kept
    expect((await ask('http://localhost:5173')).status).toBe(200);
    const portal = await ask('http://localhost:5173');
    expect(portal.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const before = hits();
    const none = await ask();
    const foreign = await ask('https://elsewhere.example');
    const other = await ask('http://127.0.0.1:4000');
    expect(hits(), 'the three from the kept answer').toBe(before + 3);
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000');
    expect(other.headers.get('access-control-expose-headers')).toContain(PAGINATION_HEADERS.totalCount);
    for (const answer of [none, foreign, other]) {
      expect(answer.text).toBe(portal.text);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get(PAGINATION_HEADERS.totalCount)).toBe(
        portal.headers.get(PAGINATION_HEADERS.totalCount),
      );
    }
  });

  it('a token signed out is refused even though its read was kept', async () => {
    const c = client('answers-signed-out');
    const path = '/api/contract/1/user?itemsPerPage=3';
    await readUntilKept(c, 'contract-admin', path);
    const token = await c.token('contract-admin');
    expect((await c.raw('GET', `/saml/logout?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await c.raw('GET', path, { token })).status).toBe(401);
  });

  it('two partitions, one of them changed', async () => {
    const a = client('answers-part-a');
    const b = client('answers-part-b');
    const path = '/api/contract/1/organization?itemsPerPage=500';
    // tokens first: minting one is a call to the control API, which the kept answers do not outlive
    for (const c of [a, b]) await c.token('contract-admin');
    const inA = await readUntilKept(a, 'contract-admin', path);
    await readUntilKept(b, 'contract-admin', path);
    // each keeps its own: reads in turn are all answered from the kept answers
    const before = hits();
    for (const c of [a, b, a, b]) await c.as('contract-admin', 'GET', path);
    expect(hits()).toBe(before + 4);
    const victim = await deleteOne(a, inA.body);
    expect(ids((await a.as('contract-admin', 'GET', path)).body)).not.toContain(victim);
    expect(ids((await b.as('contract-admin', 'GET', path)).body)).toContain(victim);
  });

  it('two addresses of the server: the absolute links follow the Host of each call', async () => {
    const token = await client('answers-host').token('contract-admin');
    const get = (host: string) =>
      new Promise<string>((resolve, reject) => {
        request(
          `${url}/api/user/contracts`,
          { headers: { host, authorization: `Bearer ${token}`, 'x-mock-partition': 'answers-host' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks).toString()));
          },
        )
          .on('error', reject)
          .end();
      });
    const one = await get('one.test:3001');
    const two = await get('two.test:3001');
    expect(one).toContain('http://one.test:3001/assets/');
    expect(two).toContain('http://two.test:3001/assets/');
    expect(await get('one.test:3001')).toBe(one);
    expect(await get('two.test:3001')).toBe(two);
  });
});

describe('faults, stubs, latency and the journal apply to a read that was kept', () => {
  const path = '/api/contract/1/user?currentPage=1&itemsPerPage=20';

  it('a fault rule answers instead, a stub too; once removed, the read is answered again', async () => {
    const c = client('answers-faults');
    const answer = await readUntilKept(c, 'contract-admin', path);
    await c.raw('POST', '/__mock/faults', {
      body: { method: 'GET', path: '/api/contract/*/user', status: 503 },
    });
    const faulted = await c.as('contract-admin', 'GET', path);
    expect(faulted.status).toBe(503);
    expect(faulted.body.message).toMatch(/fault/i);
    expect((await c.raw('DELETE', '/__mock/faults')).status).toBe(204);
    await c.raw('POST', '/__mock/stubs', {
      body: { path: '/api/contract/1/user', body: [{ stubbed: true }] },
    });
    expect((await c.as('contract-admin', 'GET', path)).body).toEqual([{ stubbed: true }]);
    expect((await c.raw('DELETE', '/__mock/stubs')).status).toBe(204);
    expect((await c.as('contract-admin', 'GET', path)).text).toBe(answer.text);
  });

  it('the latency of the partition delays it', async () => {
    const c = client('answers-latency');
    const answer = await readUntilKept(c, 'contract-admin', path);
    await c.raw('PUT', '/__mock/latency', { body: { minMs: 150, maxMs: 200 } });
    const t0 = performance.now();
    const slow = await c.as('contract-admin', 'GET', path);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect(slow.text).toBe(answer.text);
    await c.raw('PUT', '/__mock/latency', { body: { profile: 'none' } });
  });

  it('the journal records each read, kept or not', async () => {
    const c = client('answers-journal');
    await c.raw('DELETE', '/__mock/journal');
    const before = hits();
    // made, made and kept, written from the kept answer
    for (let read = 0; read < 3; read++) await c.as('contract-admin', 'GET', path);
    expect(hits()).toBe(before + 1);
    await c.as('contract-admin-2', 'GET', path);
    const entries = (await c.raw('GET', '/__mock/journal?path=/api/contract/1/user')).body as {
      path: string;
      query: string;
      status: number;
      persona: string;
      outcome: string;
    }[];
    expect(
      entries.map(({ path: p, query, status, persona, outcome }) => [p, query, status, persona, outcome]),
    ).toEqual([
      ['/api/contract/1/user', 'currentPage=1&itemsPerPage=20', 200, 'contract-admin', 'answered'],
      ['/api/contract/1/user', 'currentPage=1&itemsPerPage=20', 200, 'contract-admin', 'answered'],
      ['/api/contract/1/user', 'currentPage=1&itemsPerPage=20', 200, 'contract-admin', 'answered'],
      ['/api/contract/1/user', 'currentPage=1&itemsPerPage=20', 403, 'contract-admin-2', 'answered'],
    ]);
  });
});

/** A GET with Node's client, which sends the Host given (the absolute links follow it). */
function get(path: string, token: string | null, host = 'mock.test:3001') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { host, 'x-mock-partition': 'answers-clock' };
    if (token) headers.authorization = `Bearer ${token}`;
    request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    })
      .on('error', reject)
      .end();
  });
}

describe('no kept answer depends on the clock', () => {
  const reads = endpointList.filter((def) => def.method === 'GET' && !def.binary);

  it.each(reads.map((def) => [def.id, def] as const))(
    '%s: kept in the evening, the same as made again the next morning',
    async (id, def) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${TODAY}T23:50:00Z`));
      const sample = samples[id as EndpointId];
      const path = pathOf(def, sample.params) + queryString(sample.query);
      const persona = def.public ? null : happyPersona(def, sample);
      const token = persona ? await client('answers-clock').token(persona) : null;
      await get(path, token);
      await get(path, token);
      vi.setSystemTime(new Date(`${TODAY}T23:50:00Z`).getTime() + 3 * 3600_000);
      const later = await get(path, token);
      await makeAgain();
      const fresh = await get(path, token);
      expect(later.status).toBe(def.status);
      expect(later.body).toBe(fresh.body);
    },
  );
});

describe('the store of kept answers', () => {
  const answer = (bytes: number) => ({ status: 200, headers: [], body: Buffer.alloc(bytes) });

  it('drops the oldest answers past its count and its bytes', () => {
    const cache = new AnswerCache({ entries: 3, bytes: 1000 });
    const db = createDb(buildScenario('empty', 1));
    const stamp = cache.stampOf(db, 0);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, stamp, db, 0, answer(100));
    expect(cache.get('a', stamp)).toBeUndefined();
    expect(cache.stats).toMatchObject({ entries: 3, bytes: 300 });
    cache.set('e', stamp, db, 0, answer(240));
    cache.set('f', stamp, db, 0, answer(240));
    // 100 (d) + 240 + 240 = 580; 'b' and 'c' went first to keep 3 entries
    expect(['b', 'c', 'd', 'e', 'f'].map((key) => cache.get(key, stamp) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    cache.set('big', stamp, db, 0, answer(600));
    expect(cache.get('big', stamp)).toBeUndefined();
  });

  it('notes the addresses asked once, at most as many as it keeps answers, the oldest dropped first', () => {
    const cache = new AnswerCache({ entries: 2, bytes: 1000 });
    expect(cache.admit('a'), 'asked once').toBe(false);
    expect(cache.admit('a'), 'asked again').toBe(true);
    for (const key of ['b', 'c', 'd']) expect(cache.admit(key)).toBe(false);
    expect(cache.admit('b'), "'b' was dropped for 'd'").toBe(false);
    expect(cache.admit('d')).toBe(true);
  });

  it('never gives an answer made from a state that moved on, nor keeps one made while it moved', () => {
    const cache = new AnswerCache({ entries: 10, bytes: 10_000 });
    const db = createDb(buildScenario('empty', 1));
    const stamp = cache.stampOf(db, 0);
    cache.set('a', stamp, db, 0, answer(10));
    expect(cache.get('a', cache.stampOf(db, 0))).toBeDefined();
    // a call that may change something began: another state
    expect(cache.get('a', cache.stampOf(db, 1))).toBeUndefined();
    const during = cache.stampOf(db, 1);
    db.version++;
    cache.set('b', during, db, 1, answer(10));
    expect(cache.get('b', cache.stampOf(db, 1))).toBeUndefined();
    // another store for the same partition (a scenario loaded): nothing of the old one
    const other = createDb(buildScenario('empty', 1));
    cache.set('c', cache.stampOf(db, 1), db, 1, answer(10));
    expect(cache.get('c', cache.stampOf(other, 1))).toBeUndefined();
    expect(cache.stats.entries).toBe(0);
  });
});
