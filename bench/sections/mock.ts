/**
 * 4. Mock server. Each server runs in a process of its own and is judged on the CPU time the kernel
 * counts for that process per request it answered (/proc), which other work on the machine does not
 * inflate; requests per second and p99 are shown beside it as information (autocannon, in this
 * process, shares the cores with the server and with whatever else runs).
 *
 * - Beside its peers: a page of 50 users of contract 1 from the mock (with its kept answers, and
 *   with them defeated by a unique unused query parameter), json-server, Prism and Mockoon CLI, in
 *   interleaved rounds (A B C D E, three rounds, the second in the reverse order), medians; ratios of CPU per request (judged) and
 *   of requests per second.
 * - Uncached reads: the users page and a users search on the `default` and `large` scenarios.
 * - The users search from 1,250 to 20,000 users of one contract (a state imported per size).
 * - Scenario loads (CPU of the cold builds judged) and the resident memory after several seeds of
 *   `large`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_SEED } from '@portal/fixtures';
import { MockControl } from '@portal/mock-server/control';
import { ROOT, RESULTS_DIR } from '../lib/env.ts';
import { type Figure, figure, median, notAvailable } from '../lib/figures.ts';
import { MOCK_PAGE, PAGE_SIZE, peerSetups, type PeerSetup } from '../lib/peers.ts';
import { type Child, processCpuMs, processMemory, startNode, waitIdle } from '../lib/processes.ts';
import { busyText, busyness, runCount, spreadNote } from '../lib/runs.ts';
import { SEARCH_SCALE, growth, withContractUsers } from '../lib/user-scale.ts';
import { BUDGETS } from '../budgets.ts';

const SECTION = 'Mock server';
const SEARCH = 'martin';

function mockArgs(scenario: 'large' | 'empty'): string[] {
  return [
    '--import',
    'tsx',
    resolve(ROOT, 'mock-server/src/main.ts'),
    '--port',
    '{port}',
    '--host',
    '127.0.0.1',
    '--scenario',
    scenario,
    '--quiet',
  ];
}

/** Set while the section runs: aborted when it reaches its time limit. */
let stopSignal: AbortSignal | undefined;

/** The mock in a process of its own; `nodeOptions` [] for the memory figure (SERVER_NODE_OPTIONS). */
const startMock = (scenario: 'large' | 'empty', nodeOptions?: readonly string[]) =>
  startNode('mock server', mockArgs(scenario), '/__mock/health', 60_000, stopSignal, nodeOptions);

/** What one load test of one server gave. */
export interface Measured {
  rps: number;
  p99: number;
  requests: number;
  errors: number;
  /** server CPU time per answered request, in µs (null without /proc) */
  cpuUs: number | null;
  /** 1-minute load average when it ended */
  load: number;
}

interface Target {
  url: string;
  path: string;
  headers: Record<string, string>;
  pid: number | undefined;
  /** a unique unused query parameter on every call: no kept answer can serve it */
  unique?: boolean;
}

let callNumber = 0;

/**
 * Calls sent on each connection without waiting for the answers: every server then reads its calls
 * in batches of the same size however busy the machine is. One call at a time, a fast server reads
 * more calls per wake-up when the client has the cores to itself than when it is preempted, and its
 * CPU per call (the kernel's wake-ups shared by fewer calls) followed the machine's load. The calls
 * in flight stay BENCH_CONNECTIONS (50: 5 connections × 10), so that a slow peer is left at most
 * 50 calls to work through after a load test, not 500.
 */
const PIPELINING = 10;

/** "50 calls in flight (5 connections × 10 pipelined)". */
const inFlightText = (inFlight: number) =>
  `${inFlight} calls in flight (${Math.max(1, Math.round(inFlight / PIPELINING))} connections × ${PIPELINING} pipelined)`;

function loadOptions(target: Target, inFlight: number) {
  return {
    url: `${target.url}${target.path}`,
    connections: Math.max(1, Math.round(inFlight / PIPELINING)),
    pipelining: PIPELINING,
    headers: target.headers,
    ...(target.unique
      ? {
          requests: [
            {
              setupRequest: (request: { path: string }) => ({
                ...request,
                path: `${target.path}${target.path.includes('?') ? '&' : '?'}bench=${++callNumber}`,
              }),
            },
          ],
        }
      : {}),
  };
}

/** One load test: the server's CPU per answered request, req/s and p99. */
async function measure(target: Target, connections: number, duration: number): Promise<Measured> {
  stopSignal?.throwIfAborted();
  const options = loadOptions(target, connections);
  // a short warm-up (connections opened, caches filled), then the measured run once the server has
  // worked through the calls the warm-up left queued (up to the calls in flight)
  await autocannon({ ...options, duration: 0.5 });
  await waitIdle(target.pid);
  const before = processCpuMs(target.pid);
  const result = await autocannon({ ...options, duration });
  const after = processCpuMs(target.pid);
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    requests,
    errors: result.errors + result.non2xx,
    cpuUs:
      before !== null && after !== null && requests > 0
        ? Math.round(((after - before) * 1000) / requests)
        : null,
    load: busyness().load,
  };
}

/** True when the last two slices' CPU per request are within `tolerance` of each other. */
export function settled(slices: readonly (number | null)[], tolerance = 0.15): boolean {
  const [a, b] = slices.slice(-2);
  if (a === undefined || b === undefined || a === null || b === null) return false;
  return Math.abs(a - b) <= tolerance * Math.max(a, b);
}

const WARM_FIRST_S = 2;
const WARM_SLICE_S = 1;
const WARM_MAX_SLICES = 8;

/**
 * Warms a server up until its CPU per request settles (a process's first seconds are spent
 * compiling its hot paths: Mockoon CLI's first seconds cost twice its settled 750 µs per call),
 * so that no round measures a server still warming: 2 s, then 1 s slices until two in a row agree
 * within 15 %, at most 8. Returns the slices' CPU per request.
 */
async function warmUp(target: Target, connections: number): Promise<(number | null)[]> {
  const slices: (number | null)[] = [];
  await autocannon({ ...loadOptions(target, connections), duration: WARM_FIRST_S });
  while (slices.length < WARM_MAX_SLICES && !settled(slices)) {
    stopSignal?.throwIfAborted();
    await waitIdle(target.pid);
    const before = processCpuMs(target.pid);
    const result = await autocannon({ ...loadOptions(target, connections), duration: WARM_SLICE_S });
    const after = processCpuMs(target.pid);
    const requests = result.requests.total;
    slices.push(
      before !== null && after !== null && requests > 0 ? ((after - before) * 1000) / requests : null,
    );
  }
  return slices;
}

/** The medians of several load tests of one server. */
export interface Summary {
  cpuUs: number | null;
  rps: number;
  p99: number;
  runs: Measured[];
}

export function summarise(runs: readonly Measured[]): Summary {
  const cpu = runs.map((r) => r.cpuUs).filter((v): v is number => v !== null);
  return {
    cpuUs: median(cpu),
    rps: median(runs.map((r) => r.rps)) ?? 0,
    p99: median(runs.map((r) => r.p99)) ?? 0,
    runs: [...runs],
  };
}

/** a / b rounded to one decimal; null when either is missing. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || !(b > 0) || !Number.isFinite(a)) return null;
  return Math.round((a / b) * 10) / 10;
}

/**
 * A peer's CPU per request over the mock's, each taken at its least disturbed round: other work on
 * the machine only ever adds CPU time to a call (preemption, caches refilled), never takes any
 * away, and it adds more to a peer's long call than to the mock's short one, so the lowest of the
 * rounds is the figure closest to the work itself. Each round's own ratio is listed beside it.
 */
export function pairedRatio(
  peer: readonly Measured[],
  mine: readonly Measured[],
): { value: number | null; each: (number | null)[] } {
  const each = peer.map((p, i) => ratio(p.cpuUs, mine[i]?.cpuUs ?? null));
  const least = (runs: readonly Measured[]) => {
    const known = runs.map((r) => r.cpuUs).filter((v): v is number => v !== null);
    return known.length > 0 ? Math.min(...known) : null;
  };
  return { value: ratio(least(peer), least(mine)), each };
}

const loads = (runs: readonly Measured[]) => `load average ${runs.map((r) => r.load.toFixed(1)).join(' / ')}`;

/** CPU per request (judged when a budget is given), then req/s and p99 as information. */
function serverFigures(
  name: string,
  s: Summary,
  cpuBudget: Parameters<typeof figure>[4],
  info: string,
): Figure[] {
  const cpu = s.runs.map((r) => r.cpuUs).filter((v): v is number => v !== null);
  const unanswered = s.runs.length - cpu.length;
  const errors = s.runs.reduce((sum, r) => sum + r.errors, 0);
  return [
    s.cpuUs === null
      ? notAvailable(SECTION, `${name}: CPU per request`, 'µs', 'no /proc CPU counters', cpuBudget)
      : figure(
          SECTION,
          `${name}: CPU per request`,
          s.cpuUs,
          'µs',
          cpuBudget,
          `${spreadNote(cpu, 'µs', 0)}${unanswered ? ` (${unanswered} run(s) without an answer)` : ''}; ${info}; ${errors} errors; ${loads(s.runs)}`,
        ),
    figure(
      SECTION,
      `${name}: req/s`,
      s.rps,
      'req/s',
      undefined,
      `wall time, as information: ${spreadNote(
        s.runs.map((r) => r.rps),
        'req/s',
        0,
      )}; p99 ${s.p99} ms (${s.runs.map((r) => r.p99).join(' / ')})`,
    ),
  ];
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

async function startPeer(setup: PeerSetup): Promise<Child> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, setup.file.name);
  writeFileSync(file, setup.file.content);
  return startNode(
    setup.name,
    setup.args.map((a) => a.replace('{file}', file)),
    setup.readyPath,
    60_000,
    stopSignal,
  );
}

const ROUNDS = 3;

/**
 * The mock beside its peers: a page of 50 users, each server measured once per round in turn
 * (mock with kept answers, mock without, then each peer), three rounds, medians.
 */
async function measurePeers(
  mock: Child,
  headers: Record<string, string>,
  connections: number,
  duration: number,
) {
  const figures: Figure[] = [];
  const users = await fetchAll(mock.url, '/api/contract/1/user', headers);
  const pageAnswer = await fetch(`${mock.url}${MOCK_PAGE}`, { headers });
  if (!pageAnswer.ok) throw new Error(`GET ${MOCK_PAGE} answered ${pageAnswer.status}`);
  const page = (await pageAnswer.json()) as unknown[];
  const document = JSON.parse(readFileSync(resolve(ROOT, 'contract/openapi.json'), 'utf8'));
  const setups = peerSetups(document, users, page);

  const peers: { setup: PeerSetup; child: Child }[] = [];
  try {
    for (const setup of setups) {
      try {
        peers.push({ setup, child: await startPeer(setup) });
      } catch (error) {
        figures.push(
          notAvailable(
            SECTION,
            `${setup.name}: CPU per request`,
            'µs',
            (error as Error).message.slice(0, 300),
          ),
        );
      }
    }
    const targets: { key: string; target: Target }[] = [
      { key: 'cached', target: { url: mock.url, path: MOCK_PAGE, headers, pid: mock.process.pid } },
      {
        key: 'uncached',
        target: { url: mock.url, path: MOCK_PAGE, headers, pid: mock.process.pid, unique: true },
      },
      ...peers.map(({ setup, child }) => ({
        key: setup.name,
        target: { url: child.url, path: setup.path, headers, pid: child.process.pid },
      })),
    ];
    const warm = new Map<string, (number | null)[]>();
    for (const { key, target } of targets) warm.set(key, await warmUp(target, connections));
    const runs = new Map<string, Measured[]>(targets.map((t) => [t.key, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // every other round in the reverse order: a drift of the machine's load weighs on each alike
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const { key, target } of order) runs.get(key)?.push(await measure(target, connections, duration));
    }
    const warmed = (key: string) =>
      `warmed up until settled: ${(warm.get(key) ?? []).map((v) => (v === null ? '?' : Math.round(v))).join(', ')} µs per 1 s slice`;

    const of = (key: string) => summarise(runs.get(key) ?? []);
    const cached = of('cached');
    const uncached = of('uncached');
    const info = `${inFlightText(connections)}, ${duration} s, ${ROUNDS} interleaved rounds`;
    figures.push(
      ...serverFigures(
        `users page of ${PAGE_SIZE}, mock (kept answers)`,
        cached,
        BUDGETS.mockCachedCpuUs,
        `${info}; ${warmed('cached')}`,
      ),
      ...serverFigures(
        `users page of ${PAGE_SIZE}, mock (kept answers defeated)`,
        uncached,
        BUDGETS.mockUncachedCpuUs,
        `${info}; a unique unused query parameter on every call; ${warmed('uncached')}`,
      ),
    );
    for (const { setup } of peers) {
      const peer = of(setup.name);
      figures.push(
        ...serverFigures(
          `users page of ${PAGE_SIZE}, ${setup.name}`,
          peer,
          undefined,
          `${info}; ${setup.perCall}; ${warmed(setup.name)}`,
        ),
      );
      for (const [label, mine, budget] of [
        ['kept answers', cached, BUDGETS.peerCpuRatioCached],
        ['kept answers defeated', uncached, BUDGETS.peerCpuRatioUncached],
      ] as const) {
        const paired = pairedRatio(peer.runs, mine.runs);
        figures.push(
          figure(
            SECTION,
            `${setup.name} CPU per request / mock's (${label})`,
            paired.value,
            '×',
            budget,
            `lowest CPU per request of each over the 3 rounds; each round's own ratio ${paired.each.map((r) => (r === null ? '?' : r.toFixed(1))).join(' / ')}; medians ${peer.cpuUs ?? '?'} µs / ${mine.cpuUs ?? '?'} µs; in req/s the mock serves ${ratio(mine.rps, peer.rps) ?? '?'}× (${mine.rps} / ${peer.rps}, wall time, as information)`,
          ),
        );
      }
    }
  } finally {
    for (const { child } of peers) await child.stop();
  }
  return figures;
}

/** The users page and a users search with kept answers defeated, on one partition's scenario. */
async function measureReads(
  mock: Child,
  partition: string | undefined,
  scenario: string,
  connections: number,
  duration: number,
  runs: number,
): Promise<Figure[]> {
  const control = new MockControl(mock.url, partition);
  const headers = {
    ...(await control.bearer('contract-admin')),
    ...(partition ? { 'x-mock-partition': partition } : {}),
  };
  const figures: Figure[] = [];
  const cases = [
    {
      label: `${scenario}: users page 1 of 20`,
      path: '/api/contract/1/user?currentPage=1&itemsPerPage=20',
      budget: BUDGETS.mockUncachedCpuUs,
    },
    {
      label: `${scenario}: users search "${SEARCH}"`,
      path: `/api/contract/1/user?currentPage=1&itemsPerPage=20&userFilter=${SEARCH}`,
      budget: BUDGETS.mockSearchCpuUs,
    },
  ];
  for (const c of cases) {
    const check = await fetch(`${mock.url}${c.path}`, { headers });
    if (check.status !== 200) {
      figures.push(
        notAvailable(
          SECTION,
          `${c.label}, uncached: CPU per request`,
          'µs',
          `GET ${c.path} answered ${check.status}`,
          c.budget,
        ),
      );
      continue;
    }
    const total = check.headers.get('x-pagination-total-count') ?? '?';
    const measured: Measured[] = [];
    for (let i = 0; i < runs; i++)
      measured.push(
        await measure(
          { url: mock.url, path: c.path, headers, pid: mock.process.pid, unique: true },
          connections,
          duration,
        ),
      );
    figures.push(
      ...serverFigures(
        `${c.label}, uncached`,
        summarise(measured),
        c.budget,
        `${total} matching of the contract's users; ${inFlightText(connections)}, ${duration} s each, kept answers defeated`,
      ),
    );
  }
  return figures;
}

/** The uncached users search at 1,250 to 20,000 users of contract 1 (a state imported per size). */
async function measureSearchScale(mock: Child, connections: number, duration: number): Promise<Figure[]> {
  const exported = await new MockControl(mock.url).exportState<{
    tables: { users: never[] } & Record<string, unknown>;
  }>();
  const costs: { users: number; cpuUs: number }[] = [];
  const figures: Figure[] = [];
  const partition = 'bench-scale';
  const control = new MockControl(mock.url, partition);
  for (const size of SEARCH_SCALE) {
    await control.importState(withContractUsers(exported, size));
    const headers = { ...(await control.bearer('contract-admin')), 'x-mock-partition': partition };
    const path = `/api/contract/1/user?currentPage=1&itemsPerPage=20&userFilter=${SEARCH}`;
    // the first search builds the index: not in the figure
    const first = await fetch(`${mock.url}${path}&bench=first`, { headers });
    if (first.status !== 200) throw new Error(`search at ${size} users answered ${first.status}`);
    const m = await measure(
      { url: mock.url, path, headers, pid: mock.process.pid, unique: true },
      connections,
      duration,
    );
    if (m.cpuUs === null) throw new Error('no /proc CPU counters');
    costs.push({ users: size, cpuUs: m.cpuUs });
    figures.push(
      figure(
        SECTION,
        `users search "${SEARCH}", uncached, ${size.toLocaleString('en')} users`,
        m.cpuUs,
        'µs',
        undefined,
        `CPU per request; ${m.rps} req/s, p99 ${m.p99} ms (wall time); load average ${m.load.toFixed(1)}`,
      ),
    );
  }
  await new MockControl(mock.url)
    .call('deletePartition', { params: { name: partition } })
    .catch(() => undefined);
  const grew = growth(costs);
  figures.push(
    figure(
      SECTION,
      `users search: cost growth, ${SEARCH_SCALE[0].toLocaleString('en')} to ${SEARCH_SCALE[SEARCH_SCALE.length - 1]?.toLocaleString('en')} users`,
      grew?.cost ?? null,
      '×',
      BUDGETS.searchCostGrowth,
      grew ? `users grew ${grew.users}×: less than linear while under ${grew.users}×` : 'not measured',
    ),
  );
  return figures;
}

/** Seeds of the cold builds: the default seed and four more (over the cache's byte budget). */
export const COLD_SEEDS = [
  DEFAULT_SEED,
  DEFAULT_SEED + 1,
  DEFAULT_SEED + 2,
  DEFAULT_SEED + 3,
  DEFAULT_SEED + 4,
] as const;
const CACHED_LOADS = 3;

export interface TimedLoad {
  seed: number;
  loadMs: number;
  /** CPU time of the mock process during the load */
  cpuMs: number | null;
}

/**
 * The scenario load figures. Judged: the CPU time of the median cold build (a seed the process never
 * built: generated, serialised, parsed into a new store); its wall time beside it. Informative:
 * loads of a seed built before, which the mock answers from its cache of built states.
 */
export function scenarioLoadFigures(cold: readonly TimedLoad[], cached: readonly TimedLoad[]): Figure[] {
  const list = (loads: readonly TimedLoad[]) =>
    loads.map((l) => `${l.cpuMs ?? '?'} CPU / ${l.loadMs} wall (seed ${l.seed})`).join(', ');
  const cpu = cold.map((l) => l.cpuMs).filter((v): v is number => v !== null);
  return [
    figure(
      SECTION,
      'large scenario load, cold build: CPU (median)',
      median(cpu),
      'ms',
      BUDGETS.scenarioLoadMs,
      `${cold.length} builds in a fresh mock process (started on the empty scenario), each seed never built before: ${list(cold)} ms; wall time median ${median(cold.map((l) => l.loadMs))} ms`,
    ),
    figure(
      SECTION,
      'large scenario load, cached (median)',
      median(cached.map((l) => l.loadMs)),
      'ms',
      undefined,
      `wall time; the same seed again, answered from the mock's cache of built states (JSON parsed into a new store, no build): ${list(cached)} ms`,
    ),
  ];
}

async function timedLoad(mock: Child, seed: number): Promise<TimedLoad> {
  const before = processCpuMs(mock.process.pid);
  const body = await new MockControl(mock.url).loadScenario('large', seed);
  const after = processCpuMs(mock.process.pid);
  if (body.seed !== seed) throw new Error(`asked for seed ${seed}, the mock loaded seed ${body.seed}`);
  return {
    seed,
    loadMs: body.loadMs,
    cpuMs: before !== null && after !== null ? Math.round(after - before) : null,
  };
}

/**
 * Scenario loads in a mock process of their own started on the empty scenario (its cache cannot
 * answer the cold loads), then its resident memory: five seeds of `large` built, more than its
 * cache of built states keeps.
 */
async function measureScenarioLoads(): Promise<Figure[]> {
  // V8's own options, as the mock runs: its memory is judged here
  const mock = await startMock('empty', []);
  try {
    const cold: TimedLoad[] = [];
    for (const seed of COLD_SEEDS) cold.push(await timedLoad(mock, seed));
    const cached: TimedLoad[] = [];
    for (let i = 0; i < CACHED_LOADS; i++)
      cached.push(await timedLoad(mock, COLD_SEEDS[COLD_SEEDS.length - 1] ?? DEFAULT_SEED));
    const memory = processMemory(mock.process.pid);
    return [
      ...scenarioLoadFigures(cold, cached),
      memory
        ? figure(
            SECTION,
            `mock resident memory, after ${COLD_SEEDS.length} seeds of large`,
            Math.round(memory.rss / 1e6),
            'MB',
            BUDGETS.rssMB,
            `peak ${Math.round(memory.peak / 1e6)} MB; seeds ${COLD_SEEDS.join(', ')} built, then the last loaded ${CACHED_LOADS} times more`,
          )
        : notAvailable(SECTION, 'mock resident memory', 'MB', 'no /proc on this system', BUDGETS.rssMB),
    ];
  } finally {
    await mock.stop();
  }
}

/** One part of the section: its figures, or one n/a row saying why it failed (the others still run). */
async function part(name: string, run: () => Promise<Figure[]>): Promise<Figure[]> {
  const started = Date.now();
  try {
    const figures = await run();
    console.error(`[bench] mock server, ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return figures;
  } catch (error) {
    // fetch's own message ("fetch failed") says nothing: its cause does (refused, reset, timed out)
    const cause = (error as Error & { cause?: Error }).cause?.message;
    const reason = `${(error as Error).message.split('\n')[0] ?? String(error)}${cause ? ` (${cause})` : ''}`;
    console.error(`[bench] mock server, ${name} failed: ${(error as Error).stack ?? reason}`);
    return [notAvailable(SECTION, `${name}: failed`, '', reason)];
  }
}

export async function measureMockServer(env = process.env, signal?: AbortSignal): Promise<Figure[]> {
  stopSignal = signal;
  const runs = runCount(env);
  const duration = Number(env.BENCH_DURATION ?? 2);
  const connections = Number(env.BENCH_CONNECTIONS ?? 50);
  const figures: Figure[] = [...(await part('scenario loads', measureScenarioLoads))];
  const mock = await startMock('large');
  try {
    figures.push(
      figure(
        SECTION,
        'mock process start to ready (large scenario)',
        mock.startMs,
        'ms',
        undefined,
        `wall time: spawn to the first health answer (Node, tsx, the modules, one cold large build); ${busyText(busyness())}`,
      ),
    );
    const headers = await new MockControl(mock.url).bearer('contract-admin');
    figures.push(
      ...(await part('beside its peers', () => measurePeers(mock, headers, connections, duration))),
    );
    figures.push(
      ...(await part('reads on large', () =>
        measureReads(mock, undefined, 'large', connections, duration, runs),
      )),
      ...(await part('reads on default', () =>
        measureReads(mock, 'bench-default', 'default', connections, duration, runs),
      )),
      ...(await part('search from 1,250 to 20,000 users', () =>
        measureSearchScale(mock, connections, duration),
      )),
    );
  } finally {
    await mock.stop();
  }
  return figures;
}
