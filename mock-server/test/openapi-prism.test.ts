/**
 * The OpenAPI document checked by a validator nobody here wrote: Stoplight Prism's validating proxy
 * (`prism proxy contract/openapi.json <mock> --errors`) in front of an in-process mock server. Every
 * operation is called through it on its happy path and its main error paths (401 with a forged token,
 * 403 for a persona without the right, 404 for an unknown id, and the conflicts and business-rule 400s);
 * any request or answer the document does not describe fails the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@portal/contract/endpoints';
import type { EndpointDef, EndpointId } from '@portal/contract';
import { buildScenario, type State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet, type Call } from './helpers.ts';
import { buildSamples, forbiddenPersona, happyPersona, send, type Sample } from './samples.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PRISM = resolve(ROOT, 'node_modules/.bin/prism');

const state: State = buildScenario('default', 42, { today: '2026-06-15' });
const samples: Record<EndpointId, Sample> = buildSamples(state);

let mock: RunningMockServer;
let prism: ChildProcess;
let prismUrl: string;
let prismLog = '';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForPrism(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (prism.exitCode !== null) throw new Error(`prism stopped: ${prismLog.slice(-2000)}`);
    try {
      await fetch(`${url}/api/public/realms?domainName=x`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`prism did not start in ${timeoutMs} ms: ${prismLog.slice(-2000)}`);
}

const FORGED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Zm9yZ2Vk';

/**
 * Calls through the proxy; the control API (tokens, resets, setups) goes to the mock directly: Prism
 * knows only the document. `forged`: every persona gets a token with a forged signature.
 */
class ViaPrism extends Client {
  constructor(
    url: string,
    private readonly direct: Client,
    private readonly forged = false,
  ) {
    super({ url } as RunningMockServer, direct.partition);
  }

  override raw(...args: Parameters<Client['raw']>): Promise<Call> {
    return args[1].startsWith('/__mock') ? this.direct.raw(...args) : super.raw(...args);
  }

  override token(persona: string): Promise<string> {
    return this.forged ? Promise.resolve(FORGED) : this.direct.token(persona);
  }
}

beforeAll(async () => {
  mock = await startQuiet();
  const port = await freePort();
  prismUrl = `http://127.0.0.1:${port}`;
  prism = spawn(
    PRISM,
    ['proxy', 'contract/openapi.json', mock.url.replace('localhost', '127.0.0.1'), '--errors'].concat([
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ]),
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prism.stdout?.on('data', (chunk: Buffer) => (prismLog = (prismLog + chunk.toString()).slice(-20_000)));
  prism.stderr?.on('data', (chunk: Buffer) => (prismLog = (prismLog + chunk.toString()).slice(-20_000)));
  await waitForPrism(prismUrl, 60_000);
}, 90_000);

afterAll(async () => {
  prism?.kill();
  await mock?.close();
});

/** What Prism says about one exchange: its violations header, or its own problem answer. */
function violations(answer: Call): string | null {
  const header = answer.headers.get('sl-violations');
  if (header) return header;
  if ((answer.headers.get('content-type') ?? '').includes('application/problem+json')) return answer.text;
  return null;
}

const clients = (id: string) => {
  const direct = new Client(mock, `prism-${id}`);
  return { direct, via: new ViaPrism(prismUrl, direct) };
};

interface Case {
  what: string;
  expected: number;
  call: (via: ViaPrism, direct: Client) => Promise<Call>;
}

/** The numeric path parameters replaced by an id nobody has. */
function unknownIds(def: EndpointDef, sample: Sample): Record<string, string | number> | null {
  const params = sample.params ?? {};
  const numeric = Object.entries(params).filter(([, value]) => /^\d+$/.test(String(value)));
  if (numeric.length === 0) return null;
  return { ...params, ...Object.fromEntries(numeric.map(([name]) => [name, 999_999])) };
}

function casesOf(def: EndpointDef): Case[] {
  const sample = samples[def.id as EndpointId];
  const cases: Case[] = [
    {
      what: 'happy path',
      expected: def.status,
      call: async (via, direct) => {
        await direct.raw('POST', '/__mock/reset');
        const setup = (await sample.setup?.(via)) ?? {};
        return send(via, def, sample, def.public ? null : happyPersona(def, sample), {
          commas: true,
          ...(setup.params ? { params: setup.params } : {}),
        });
      },
    },
  ];
  if (!def.public) {
    cases.push({
      what: '401 with a forged token',
      expected: 401,
      call: (_via, direct) =>
        send(new ViaPrism(prismUrl, direct, true), def, sample, happyPersona(def, sample), { commas: true }),
    });
    const refused = forbiddenPersona(def, sample);
    if (refused)
      cases.push({
        what: `403 to ${refused}`,
        expected: 403,
        call: (via) => send(via, def, sample, refused, { commas: true }),
      });
    const unknown = unknownIds(def, sample);
    if (unknown)
      cases.push({
        what: '404 for an unknown id',
        expected: 404,
        call: (via) => send(via, def, sample, happyPersona(def, sample), { commas: true, params: unknown }),
      });
  }
  return cases;
}

describe('every operation through Prism’s validating proxy', () => {
  it.each(endpointList.map((def) => [def.id, def] as const))(
    '%s: the requests and answers match the document',
    async (id, def) => {
      const { direct, via } = clients(id);
      const failures: string[] = [];
      for (const c of casesOf(def)) {
        const answer = await c.call(via, direct);
        const found = violations(answer);
        if (found) failures.push(`${c.what}: ${answer.status} ${found.slice(0, 400)}`);
        else if (answer.status !== c.expected)
          failures.push(
            `${c.what}: expected ${c.expected}, got ${answer.status} ${answer.text.slice(0, 200)}`,
          );
      }
      expect(failures).toEqual([]);
    },
    30_000,
  );
});

describe('the main business-rule errors through Prism', () => {
  const dijon = state.tables.organizations.find((o) => o.contractId === 1 && o.label === 'Ville de Dijon')!;
  const master = state.tables.organizations.find((o) => o.contractId === 1 && o.master)!;
  const calendar = state.tables.calendars.find((c) => c.contractId === 1)!;
  const category = state.tables.calendarCategories.find((c) => c.calendarId === calendar.id)!;
  const cases: {
    what: string;
    expected: number;
    persona: string;
    method: string;
    path: string;
    body?: unknown;
  }[] = [
    {
      what: '400: an impossible date',
      expected: 400,
      persona: 'works-planner',
      method: 'POST',
      path: '/api/public-work',
      body: {
        contractId: 1,
        organizationId: dijon.id,
        title: 'Travaux',
        startDate: '2027-02-31',
        endDate: '2027-03-01',
      },
    },
    {
      what: '409: deleting the master organization',
      expected: 409,
      persona: 'contract-admin',
      method: 'DELETE',
      path: `/api/organization/${master.id}`,
    },
    {
      what: '409: a duplicate calendar category',
      expected: 409,
      persona: 'calendar-admin',
      method: 'POST',
      path: `/api/calendar/${calendar.id}/category`,
      body: { label: category.label, color: '#123456' },
    },
    {
      what: '401: an invalid refresh token',
      expected: 401,
      persona: '',
      method: 'POST',
      path: '/token/refresh',
      body: { refresh_token: 'not-a-token' },
    },
  ];
  it.each(cases.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const { via } = clients('rules');
    const answer = await via.raw(c.method, c.path, {
      token: c.persona ? await via.token(c.persona) : null,
      ...(c.body !== undefined ? { body: c.body } : {}),
    });
    expect(violations(answer)).toBeNull();
    expect(answer.status, answer.text).toBe(c.expected);
  });
});
