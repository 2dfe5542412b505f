/**
 * The one request pipeline (src/app.ts): the server as started, whose request and answer objects are
 * made with express's prototypes (httpClasses), answers exactly what the same app answers over a
 * plain node:http server, and a read asked again (written from its kept answer) exactly what it
 * answered the first time. Two servers over one runtime are asked the same calls (every read of the
 * endpoint table as its happy persona, as a refused persona, without a token, twice each, and edge
 * cases), compared status, headers and bytes; then their journals.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@portal/contract/endpoints';
import type { EndpointId } from '@portal/contract';
import { buildScenario } from '@portal/fixtures';
import { createApp, httpClasses, MockRuntime } from '../src/app.ts';
import { buildSamples, forbiddenPersona, happyPersona, pathOf, queryString } from './samples.ts';

const runtime = new MockRuntime({ quiet: true, today: '2026-06-15' });
const app = createApp(runtime);
const samples = buildSamples(buildScenario('default', 42, { today: '2026-06-15' }));
type Which = 'started' | 'plain';
const servers: Record<Which, { server: Server; url: string }> = {} as never;

async function listen(server: Server): Promise<{ server: Server; url: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  servers.started = await listen(createServer(httpClasses(app), app));
  servers.plain = await listen(createServer(app));
});
afterAll(async () => {
  for (const { server } of Object.values(servers)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Each server's calls go to a partition of its own (same scenario), so that the journals compare. */
const PARTITION = { started: 'via-started', plain: 'via-plain' } as const;
const tokens = new Map<string, string>();

async function token(which: Which, persona: string): Promise<string> {
  const key = `${which}:${persona}`;
  if (!tokens.has(key)) {
    const answer = await fetch(`${servers[which].url}/__mock/personas/${persona}/token`, {
      method: 'POST',
      headers: { 'x-mock-partition': PARTITION[which] },
    });
    tokens.set(key, ((await answer.json()) as { token: string }).token);
  }
  return tokens.get(key) as string;
}

const VARYING = new Set(['date', 'connection', 'keep-alive']);
/** Minted on each call (metabase, ThingsBoard, Power BI): the moment in base 36, an expiry */
const STAMPED = /(metabase-session-\d+-|tb-\d+-|powerbi-\d+-)[0-9a-z]+|("expiresAt":")[^"]+/g;

/** One GET with Node's client, which sends the Host given (both servers then write the same links). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: [string, string][]; body: string }>((resolve, reject) => {
    request(url, { headers: { host: 'mock.test:3001', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept = Object.entries(res.headers)
          .filter(([name]) => !VARYING.has(name))
          .map(([name, value]): [string, string] => [name, String(value)]);
        const body = Buffer.concat(chunks).toString('latin1').replace(STAMPED, '$1$2T');
        resolve({ status: res.statusCode ?? 0, headers: kept, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function call(which: Which, path: string, persona: string | null, headers = {}) {
  return get(`${servers[which].url}${path}`, {
    'x-mock-partition': PARTITION[which],
    ...(persona ? { authorization: `Bearer ${await token(which, persona)}` } : {}),
    ...headers,
  });
}

/** Asks each server twice (made, then kept when it may be): four answers, all the same. */
async function same(path: string, persona: string | null, headers: Record<string, string> = {}) {
  const made = await call('plain', path, persona, headers);
  const label = `${path} as ${persona}`;
  expect(await call('plain', path, persona, headers), `${label}, asked again`).toEqual(made);
  expect(await call('started', path, persona, headers), `${label}, as started`).toEqual(made);
  expect(await call('started', path, persona, headers), `${label}, as started, again`).toEqual(made);
  expect(made.headers, label).toContainEqual(['x-content-type-options', 'nosniff']);
  return made;
}

const reads = endpointList.filter((def) => def.method === 'GET');

describe('the server as started answers what express answers, made or kept', () => {
  it.each(reads.map((def) => [def.id, def] as const))('%s', async (id, def) => {
    const sample = samples[id as EndpointId];
    const path = pathOf(def, sample.params) + queryString(sample.query);
    const answer = await same(path, def.public ? null : happyPersona(def, sample));
    expect(answer.status).toBe(def.status);
    const refused = forbiddenPersona(def, sample);
    if (refused) await same(path, refused);
    if (!def.public) expect((await same(path, null)).status).toBe(401);
  });

  it('bad input, odd paths, unknown routes, a bad partition, an Origin, the control API, other routes', async () => {
    const cases: [string, string | null, Record<string, string>?][] = [
      ['/api/contract/1/user?currentPage=0', 'contract-admin'],
      ['/api/contract/1/user?currentPage=2&itemsPerPage=5&userFilter=a', 'contract-admin'],
      ['/api/contract/1/user?currentPage=1&currentPage=2', 'contract-admin'],
      ['/api/contract/1/user/', 'contract-admin'],
      ['/API/Contract/1/USER', 'contract-admin'],
      ['/api/contract/abc/user', 'contract-admin'],
      ['/api/contract/%E0%A4%A/user', 'contract-admin'],
      ['/api/contract/999999/user', 'contract-admin'],
      ['/api/contract/2/user', 'contract-admin'],
      ['/api/no-such-route', 'contract-admin'],
      ['/api/contract/1/organization?q=ville&type=', 'contract-admin'],
      ['/api/contract/1/user', null, { authorization: 'Bearer not-a-token' }],
      ['/api/contract/1/user', null, { authorization: 'Basic abc' }],
      ['/api/contract/1/user', 'contract-admin', { origin: 'http://localhost:5173' }],
      ['/api/contract/1/user', 'contract-admin', { origin: 'https://elsewhere.example' }],
      ['/api/public/realms?domainName=x', null, { 'x-mock-partition': 'bad name!' }],
      ['/__MOCK/scenarios', null],
      ['/tiles/1/0/0.png', null],
    ];
    for (const [path, persona, headers] of cases) await same(path, persona, headers);
  });

  it('keeps the same journal', async () => {
    const journal = async (which: Which) => {
      const answer = await fetch(`${servers[which].url}/__mock/journal`, {
        headers: { 'x-mock-partition': PARTITION[which] },
      });
      const entries = (await answer.json()) as Record<string, unknown>[];
      return entries.map(({ id: _id, time: _time, durationMs: _ms, ...rest }) => rest);
    };
    const plain = await journal('plain');
    expect(plain.length).toBeGreaterThan(2 * reads.length);
    expect(await journal('started')).toEqual(plain);
  });
});
