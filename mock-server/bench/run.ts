/**
 * npm run bench -w mock-server: on the large scenario, requests per second and p99 latency of a
 * paginated users list and an organizations search at 50 connections, the scenario load time and
 * the server's resident memory. The server runs in its own process (one core for it).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const AIMS = { rps: 3000, p99Ms: 25, loadMs: 1000, rssMb: 300 };
const DURATION = Number(process.env.BENCH_DURATION ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const port = await freePort();
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const child = spawn(
  process.execPath,
  ['--import', 'tsx', main, '--port', String(port), '--scenario', 'large', '--quiet'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env },
  },
);
const base = `http://127.0.0.1:${port}`;
await new Promise<void>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('listening')) resolve();
  });
  child.on('exit', (code) => reject(new Error(`the mock server stopped (${code})`)));
});

try {
  const load = (await (await fetch(`${base}/__mock/scenarios/large`, { method: 'POST' })).json()) as {
    loadMs: number;
  };
  const { token } = (await (
    await fetch(`${base}/__mock/personas/contract-admin/token`, { method: 'POST' })
  ).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const run = async (title: string, path: string) => {
    const check = await fetch(`${base}${path}`, { headers });
    if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
    const total = check.headers.get('x-pagination-total-count');
    const result = await autocannon({ url: `${base}${path}`, connections: 50, duration: DURATION, headers });
    return {
      title,
      path,
      total,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  };
  const baseline = await baselineRps();
  const users = await run('users list, page 1 of 20', '/api/contract/1/user?currentPage=1&itemsPerPage=20');
  const orgs = await run('organizations search', '/api/contract/1/organization?q=ville');
  const health = (await (await fetch(`${base}/__mock/health`)).json()) as { rssBytes: number };
  const rssMb = health.rssBytes / 1024 / 1024;
  const mark = (ok: boolean) => (ok ? 'ok ' : 'MISS');
  const rows = [
    ...[users, orgs].flatMap((r) => [
      [`${r.title}: req/s`, r.rps.toFixed(0), `> ${AIMS.rps}`, mark(r.rps > AIMS.rps)],
      [`${r.title}: p99 ms`, String(r.p99), `< ${AIMS.p99Ms}`, mark(r.p99 < AIMS.p99Ms)],
    ]),
    ['large scenario load, ms', String(load.loadMs), `< ${AIMS.loadMs}`, mark(load.loadMs < AIMS.loadMs)],
    ['resident memory, MB', rssMb.toFixed(0), `< ${AIMS.rssMb}`, mark(rssMb < AIMS.rssMb)],
  ];
  console.log(`\nMock server benchmark (large scenario, 50 connections, ${DURATION} s per run)`);
  console.log(
    `users total ${users.total}, organizations matching ${orgs.total}; errors ${users.errors + orgs.errors}`,
  );
  console.log(
    `machine baseline: an empty express 5 app answers ${baseline.toFixed(0)} req/s here; the users list runs at ${((users.rps / baseline) * 100).toFixed(0)}% of that\n`,
  );
  const width = [38, 10, 10, 5];
  console.log(['measure', 'value', 'aim', ''].map((c, i) => c.padEnd(width[i] ?? 8)).join(' '));
  for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(width[i] ?? 8)).join(' '));
} finally {
  child.kill('SIGTERM');
}

/** The same measure against an express app that does nothing: what this machine allows at best. */
async function baselineRps(): Promise<number> {
  const basePort = await freePort();
  const script = `const express = require('express'); const app = express(); app.get('/x', (q, r) => r.json([{ id: 1 }])); app.listen(${basePort}, '127.0.0.1', () => console.log('listening'));`;
  const baselineChild = spawn(process.execPath, ['-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  await new Promise<void>((resolve, reject) => {
    baselineChild.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    baselineChild.on('exit', (code) => reject(new Error(`the baseline server stopped (${code})`)));
  });
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${basePort}/x`,
      connections: 50,
      duration: DURATION,
    });
    return result.requests.average;
  } finally {
    baselineChild.kill('SIGTERM');
  }
}
