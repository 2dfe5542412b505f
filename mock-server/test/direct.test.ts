/**
 * The direct path (src/direct.ts, plain reads without express) answers exactly what express answers:
 * two servers over one runtime, one with express only, one with the direct path first, asked the
 * same calls (every read of the endpoint table as its happy persona, as a refused persona, without a
 * token, and the edge cases the direct path leaves to express), compared status, headers and bytes;
 * then their journals.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList, type EndpointId } from '@portal/contract';
import { buildScenario } from '@portal/fixtures';
import { createApp, MockRuntime } from '../src/app.ts';
import { directListener } from '../src/direct.ts';
import { buildSamples, forbiddenPersona, happyPersona, pathOf, queryString } from './samples.ts';

const runtime = new MockRuntime({ quiet: true, today: '2026-06-15' });
const app = createApp(runtime);
const samples = buildSamples(buildScenario('default', 42, { today: '2026-06-15' }));
const servers: Record<'express' | 'direct', { server: Server; url: string }> = {} as never;

async function listen(server: Server): Promise<{ server: Server; url: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  servers.express = await listen(createServer(app));
  servers.direct = await listen(createServer(directListener(app)));
});
afterAll(async () => {
  for (const { server } of Object.values(servers)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Each server's calls go to a partition of its own (same scenario), so that the journals compare. */
const PARTITION = { express: 'via-express', direct: 'via-direct' } as const;
const tokens = new Map<string, string>();

async function token(which: 'express' | 'direct', persona: string): Promise<string> {
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

async function call(which: 'express' | 'direct', path: string, persona: string | null, headers = {}) {
  return get(`${servers[which].url}${path}`, {
    'x-mock-partition': PARTITION[which],
    ...(persona ? { authorization: `Bearer ${await token(which, persona)}` } : {}),
    ...headers,
  });
}

async function same(path: string, persona: string | null, headers: Record<string, string> = {}) {
  const viaExpress = await call('express', path, persona, headers);
  const viaDirect = await call('direct', path, persona, headers);
  expect(viaDirect, `${path} as ${persona}`).toEqual(viaExpress);
  return viaDirect;
}

const reads = endpointList.filter((def) => def.method === 'GET');

describe('the direct path answers what express answers', () => {
  it.each(reads.map((def) => [def.id, def] as const))('%s', async (id, def) => {
    const sample = samples[id as EndpointId];
    const path = pathOf(def, sample.params) + queryString(sample.query);
    const answer = await same(path, def.public ? null : happyPersona(def, sample));
    expect(answer.status).toBe(def.status);
    const refused = forbiddenPersona(def, sample);
    if (refused) await same(path, refused);
    if (!def.public) expect((await same(path, null)).status).toBe(401);
  });

  it('bad input, odd paths, unknown routes, a bad partition, an Origin, HEAD', async () => {
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
    const journal = async (which: 'express' | 'direct') => {
      const answer = await fetch(`${servers[which].url}/__mock/journal`, {
        headers: { 'x-mock-partition': PARTITION[which] },
      });
      const entries = (await answer.json()) as Record<string, unknown>[];
      return entries.map(({ id: _id, time: _time, durationMs: _ms, ...rest }) => rest);
    };
    const viaExpress = await journal('express');
    expect(viaExpress.length).toBeGreaterThan(reads.length);
    expect(await journal('direct')).toEqual(viaExpress);
  });
});
