/**
 * 4. Mock server: on the `large` scenario, requests per second and p99 latency at 50 connections
 * for a paginated users list and an organizations search, side by side in the same run with
 * json-server 0.17.4 serving the same data (exported from the mock in its wire shape); the
 * scenario load time (cold builds judged, cached loads informative); the resident memory.
 *
 * Same approach as mock-server/bench/run.ts (whose script runs on import and has no --json output,
 * so its functions cannot be reused): each server runs in its own Node process, autocannon here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_SEED } from '@portal/fixtures';
import { MockControl } from '@portal/mock-server/control';
import { ROOT, RESULTS_DIR } from '../lib/env.ts';
import { type Figure, figure, median, meets, notAvailable } from '../lib/figures.ts';
import { type Busyness, busyText, busyness, runCount, spreadNote, waitQuieter } from '../lib/runs.ts';
import { BUDGETS } from '../budgets.ts';

const SECTION = 'Mock server (large scenario)';

const MOCK_USERS = '/api/contract/1/user?currentPage=1&itemsPerPage=20';
const MOCK_SEARCH = '/api/contract/1/organization?q=ville';
const JSON_USERS = '/users?_page=1&_limit=20';
const JSON_SEARCH = '/organizations?q=ville&_page=1&_limit=20';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port')),
      );
    });
  });
}

interface Child {
  process: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

/** Waits until `url` answers 200, or the process dies, or the time runs out. */
async function waitReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startMockProcess(scenario: 'large' | 'empty'): Promise<Child & { startMs: number }> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve(ROOT, 'mock-server/src/main.ts'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--scenario',
      scenario,
      '--quiet',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(child, `${url}/__mock/health`, 60_000);
  } catch (error) {
    await stopper(child)();
    throw new Error(`mock server: ${(error as Error).message}`);
  }
  return { process: child, url, startMs: Date.now() - started, stop: stopper(child) };
}

async function startJsonServer(dbFile: string): Promise<Child> {
  const port = await freePort();
  const bin = resolve(ROOT, 'node_modules/json-server/lib/cli/bin.js');
  const child = spawn(
    process.execPath,
    [bin, dbFile, '--port', String(port), '--host', '127.0.0.1', '--quiet'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(child, `${url}/users?_limit=1`, 60_000);
  } catch (error) {
    await stopper(child)();
    throw new Error(`json-server: ${(error as Error).message}`);
  }
  return { process: child, url, stop: stopper(child) };
}

/** Resident memory of a process from /proc (current and peak), in bytes; null off Linux. */
export function processMemory(
  pid: number | undefined,
  status?: string,
): { rss: number; peak: number } | null {
  let text = status;
  if (text === undefined) {
    if (pid === undefined) return null;
    try {
      text = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return null;
    }
  }
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text ?? '');
    return match?.[1] ? Number(match[1]) * 1024 : null;
  };
  const rss = kib('VmRSS');
  const peak = kib('VmHWM');
  return rss === null ? null : { rss, peak: peak ?? rss };
}

/** Every page of a paginated list of the mock (the wire shape: plain arrays, x-pagination-* headers). */
async function fetchAll(base: string, path: string, headers: Record<string, string>): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const response = await fetch(`${base}${path}${sep}currentPage=${page}&itemsPerPage=9999`, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    rows.push(...((await response.json()) as unknown[]));
    const pages = Number(response.headers.get('x-pagination-page-count') ?? 1);
    if (page >= pages) return rows;
  }
}

interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<LoadResult> {
  // a short warm-up (JIT, caches), then the measured run
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

interface LoadRuns {
  runs: LoadResult[];
  rps: number;
  p99: number;
  errors: number;
  /** how busy the machine was when the runs began and ended (the busier of the two) */
  busy: Busyness;
}

/** `count` load tests of the same address, one after the other: their medians and the machine's load. */
async function loadRuns(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  count: number,
): Promise<LoadRuns> {
  const before = busyness();
  const runs: LoadResult[] = [];
  for (let i = 0; i < count; i++) runs.push(await load(url, headers, connections, duration));
  const after = busyness();
  return {
    runs,
    rps: median(runs.map((r) => r.rps)) ?? 0,
    p99: median(runs.map((r) => r.p99)) ?? 0,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    busy: after.load > before.load ? after : before,
  };
}

/** The req/s and p99 figures of some load runs; `label` says when they were re-measured. */
function loadFigures(name: string, measured: LoadRuns, info: string, label = ''): Figure[] {
  const rps = measured.runs.map((r) => Math.round(r.rps));
  const p99 = measured.runs.map((r) => r.p99);
  const when = busyText(measured.busy);
  return [
    figure(
      SECTION,
      `${name}: mock req/s${label}`,
      Math.round(measured.rps),
      'req/s',
      BUDGETS.mockRps,
      `${spreadNote(rps, 'req/s', 0)}; ${info}; ${when}`,
    ),
    figure(
      SECTION,
      `${name}: mock p99${label}`,
      measured.p99,
      'ms',
      BUDGETS.mockP99Ms,
      `${spreadNote(p99, 'ms', 0)}; ${when}`,
    ),
  ];
}

const overBudget = (measured: LoadRuns) =>
  !meets(measured.rps, BUDGETS.mockRps) || !meets(measured.p99, BUDGETS.mockP99Ms);

/** mock req/s over json-server req/s, rounded to 2 decimals. */
export function speedRatio(mockRps: number, jsonServerRps: number): number | null {
  if (!(jsonServerRps > 0) || !Number.isFinite(mockRps)) return null;
  return Math.round((mockRps / jsonServerRps) * 100) / 100;
}

/** Seeds of the cold builds: the default seed (the data of the load tests) and two more. */
export const COLD_SEEDS = [DEFAULT_SEED, DEFAULT_SEED + 1, DEFAULT_SEED + 2] as const;
/** Loads of an already built scenario and seed (answered from the mock's cache of built states). */
const CACHED_LOADS = 3;

export interface TimedLoad {
  seed: number;
  loadMs: number;
}

/**
 * The scenario load figures. Budgeted: the median of the cold builds (a scenario and seed the
 * process never built: generated, serialised, parsed into a new store). Informative: loads of a
 * scenario and seed built before, which the mock answers from its cache of built states
 * (mock-server/src/runtime/partitions.ts, keyed by scenario, seed and day) without building.
 */
export function scenarioLoadFigures(cold: readonly TimedLoad[], cached: readonly TimedLoad[]): Figure[] {
  const list = (loads: readonly TimedLoad[]) => loads.map((l) => `${l.loadMs} (seed ${l.seed})`).join(', ');
  return [
    figure(
      SECTION,
      'large scenario load, cold build (median)',
      median(cold.map((l) => l.loadMs)),
      'ms',
      BUDGETS.scenarioLoadMs,
      `${cold.length} builds in a fresh mock process (started on the empty scenario), each seed never built before: ${list(cold)} ms; the first with the generator's code not yet optimised`,
    ),
    figure(
      SECTION,
      'large scenario load, cached (median)',
      median(cached.map((l) => l.loadMs)),
      'ms',
      undefined,
      `the same scenario and seed again, answered from the mock's cache of built states (JSON parsed into a new store, no build): ${list(cached)} ms`,
    ),
  ];
}

async function timedLoad(url: string, seed: number): Promise<TimedLoad> {
  const body = await new MockControl(url).loadScenario('large', seed);
  if (body.seed !== seed) throw new Error(`asked for seed ${seed}, the mock loaded seed ${body.seed}`);
  return { seed, loadMs: body.loadMs };
}

/**
 * Scenario load times, as the control API reports them (POST /__mock/scenarios/large?seed=N), in a
 * mock process of their own started on the empty scenario, so that its cache cannot answer the cold
 * loads and the cached states it keeps do not weigh on the memory figure of the load-test process.
 */
async function measureScenarioLoads(): Promise<Figure[]> {
  const mock = await startMockProcess('empty');
  try {
    const cold: TimedLoad[] = [];
    for (const seed of COLD_SEEDS) cold.push(await timedLoad(mock.url, seed));
    const cached: TimedLoad[] = [];
    for (let i = 0; i < CACHED_LOADS; i++) cached.push(await timedLoad(mock.url, DEFAULT_SEED));
    return scenarioLoadFigures(cold, cached);
  } finally {
    await mock.stop();
  }
}

export async function measureMockServer(env = process.env): Promise<Figure[]> {
  const runs = runCount(env);
  const duration = Number(env.BENCH_DURATION ?? 5);
  const connections = Number(env.BENCH_CONNECTIONS ?? 50);
  const figures: Figure[] = [...(await measureScenarioLoads())];
  const mock = await startMockProcess('large');
  let jsonServer: Child | null = null;
  try {
    figures.push(
      figure(
        SECTION,
        'mock process start to ready (large scenario)',
        mock.startMs,
        'ms',
        undefined,
        'spawn to the first health answer: Node, tsx, the modules and one cold large build',
      ),
    );

    const headers = await new MockControl(mock.url).bearer('contract-admin');

    // the same data for json-server, in the mock's wire shape
    let dbFile: string | null = null;
    let jsonProblem = '';
    try {
      const users = await fetchAll(mock.url, '/api/contract/1/user', headers);
      const organizations = await fetchAll(mock.url, '/api/contract/1/organization', headers);
      mkdirSync(RESULTS_DIR, { recursive: true });
      dbFile = resolve(RESULTS_DIR, 'json-server-db.json');
      writeFileSync(dbFile, JSON.stringify({ users, organizations }));
      jsonServer = await startJsonServer(dbFile);
    } catch (error) {
      jsonProblem = (error as Error).message;
    }

    const cases = [
      { label: 'users list, page 1 of 20', mockPath: MOCK_USERS, jsonPath: JSON_USERS },
      { label: 'organizations search "ville"', mockPath: MOCK_SEARCH, jsonPath: JSON_SEARCH },
    ];
    for (const c of cases) {
      const check = await fetch(`${mock.url}${c.mockPath}`, { headers });
      if (check.status !== 200) {
        const reason = `GET ${c.mockPath} answered ${check.status}`;
        figures.push(notAvailable(SECTION, `${c.label}: mock req/s`, 'req/s', reason, BUDGETS.mockRps));
        figures.push(notAvailable(SECTION, `${c.label}: mock p99`, 'ms', reason, BUDGETS.mockP99Ms));
        continue;
      }
      const total = check.headers.get('x-pagination-total-count');
      const url = `${mock.url}${c.mockPath}`;
      const measured = await loadRuns(url, headers, connections, duration, runs);
      const info = (m: LoadRuns) =>
        `${connections} connections, ${duration} s each; ${total ?? '?'} matching; ${m.errors} errors`;
      figures.push(...loadFigures(c.label, measured, info(measured)));
      // taken under load and over budget: measured again once the machine is quieter (or a minute on)
      if (measured.busy.busy && overBudget(measured)) {
        await waitQuieter();
        const again = await loadRuns(url, headers, connections, duration, runs);
        figures.push(...loadFigures(c.label, again, info(again), ' (re-measured)'));
      }
      if (!jsonServer) {
        figures.push(
          notAvailable(
            SECTION,
            `${c.label}: mock / json-server`,
            '×',
            `json-server not run: ${jsonProblem}`,
            BUDGETS.mockVsJsonServer,
          ),
        );
        continue;
      }
      const other = await loadRuns(`${jsonServer.url}${c.jsonPath}`, {}, connections, duration, 1);
      figures.push(
        figure(
          SECTION,
          `${c.label}: json-server req/s`,
          Math.round(other.rps),
          'req/s',
          undefined,
          `json-server 0.17.4, GET ${c.jsonPath}, p99 ${other.p99} ms; ${other.errors} errors`,
        ),
      );
      figures.push(
        figure(
          SECTION,
          `${c.label}: mock / json-server`,
          speedRatio(measured.rps, other.rps),
          '×',
          BUDGETS.mockVsJsonServer,
          'req/s ratio, same run, same data',
        ),
      );
    }

    const memory = processMemory(mock.process.pid);
    figures.push(
      memory
        ? figure(
            SECTION,
            'mock resident memory (after the load tests)',
            Math.round(memory.rss / 1e6),
            'MB',
            BUDGETS.rssMB,
            `peak ${Math.round(memory.peak / 1e6)} MB; the large scenario built once, at start`,
          )
        : notAvailable(SECTION, 'mock resident memory', 'MB', 'no /proc on this system', BUDGETS.rssMB),
    );
    const jsonMemory = jsonServer ? processMemory(jsonServer.process.pid) : null;
    if (jsonMemory) {
      figures.push(
        figure(
          SECTION,
          'json-server resident memory',
          Math.round(jsonMemory.rss / 1e6),
          'MB',
          undefined,
          `peak ${Math.round(jsonMemory.peak / 1e6)} MB`,
        ),
      );
    }
  } finally {
    await jsonServer?.stop();
    await mock.stop();
  }
  return figures;
}
