/**
 * Hybrid mode and recording, with a second local server standing in for the real backend:
 * chosen calls go to it, the rest stays mocked; `portal record` keeps its answers (masked) in a
 * file that `portal stub import` replays once the backend is gone.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, json, spawnCli } from './helpers.ts';
import { useMockServer, type RunningMock } from './mock.ts';

const { mock, api, run } = useMockServer();

let backend: Server;
let backendUrl = '';
const received: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  backend = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/api/signal/')) {
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-pagination-total-count': '1' })
        .end(
          JSON.stringify({ id: 7, title: 'Fuite rue Haute', email: 'reporter@city.example', token: 'abc' }),
        );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));

describe('hybrid mode: serve --proxy', () => {
  it('sends the chosen paths to the backend and keeps the rest mocked', async () => {
    let hybrid: RunningMock | undefined;
    try {
      const { startMockServer } = await import('../../mock-server/src/server.ts');
      hybrid = await startMockServer({
        port: 0,
        host: '127.0.0.1',
        quiet: true,
        proxy: { target: backendUrl, paths: ['/api/signal/**'] },
      });
      const token = (await (
        await fetch(`${hybrid.url}/__mock/personas/agent/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { token: string };
      const proxied = await fetch(`${hybrid.url}/api/signal/7`, {
        headers: { authorization: `Bearer ${token.token}` },
      });
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get('x-pagination-total-count')).toBe('1');
      expect(await proxied.json()).toMatchObject({ id: 7, title: 'Fuite rue Haute' });
      const mocked = await fetch(`${hybrid.url}/api/token-check`, {
        headers: { authorization: `Bearer ${token.token}` },
      });
      expect(mocked.status).toBe(200);
      expect(received.some((r) => r.url === '/api/token-check')).toBe(false);
      const journal = (await (await fetch(`${hybrid.url}/__mock/journal?path=/api/signal/**`)).json()) as {
        proxied?: boolean;
      }[];
      expect(journal[0]?.proxied).toBe(true);
      // the table marks it too, as the JSON does
      const shown = await cli(['journal', '--path', '/api/**', '--mock-url', hybrid.url]);
      expect(shown.stdout).toMatch(/\/api\/signal\/7\s+proxied$/m);
      expect(shown.stdout).not.toMatch(/token-check.*proxied/);
    } finally {
      await hybrid?.close();
    }
    const plan = json<{ command: string }[]>(
      await cli([
        'serve',
        '--only',
        'mock',
        '--proxy',
        backendUrl,
        '--proxy-path',
        '/api/signal/**',
        '--dry-run',
        '--json',
      ]),
    );
    expect(plan[0]?.command).toContain(`--proxy ${backendUrl} --proxy-path '/api/signal/**'`);
    expect((await cli(['serve', '--proxy-path', '/api/**', '--dry-run'])).code).toBe(2);
  });

  it("serve --backend-token hands the backend's token to the mock in its environment, never printed", async () => {
    const plan = json<{ name: string; command: string; env: Record<string, string> }[]>(
      await cli([
        'serve',
        '--only',
        'mock',
        '--proxy',
        backendUrl,
        '--backend-token',
        'backend-secret-1',
        '--dry-run',
        '--json',
      ]),
    );
    expect(plan[0]?.env.MOCK_PROXY_TOKEN).toBe('***');
    expect(JSON.stringify(plan)).not.toContain('backend-secret-1');
    expect((await cli(['serve', '--backend-token', 'x', '--dry-run'])).code).toBe(2);
  });
});

describe('portal record', () => {
  it("records the backend's answers with tokens and personal data masked; stub import replays them", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-record-'));
    const out = path.join(dir, 'signals.json');
    const child = spawnCli([
      'record',
      '--target',
      backendUrl,
      '--path',
      '/api/signal/**',
      '--token',
      'backend-secret',
      '--count',
      '1',
      '--out',
      out,
      '--mock-url',
      mock.url,
    ]);
    let stderr = '';
    let stdout = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    const recording = new Promise<void>((resolve) =>
      child.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('Recording the answers')) resolve();
      }),
    );
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await recording;
    const answer = await api.api('/api/signal/7?contract=1', 'agent');
    expect(answer.status).toBe(200);
    // the backend got its own token, never the mock's
    expect(received.at(-1)?.headers.authorization).toBe('Bearer backend-secret');
    expect(await closed).toBe(0);
    expect(stdout).toContain(`Recorded 1 answer into ${out}`);
    expect(stderr).toContain(`npx portal stub import ${out}`);

    const stubs = JSON.parse(await readFile(out, 'utf8')) as Record<string, unknown>[];
    expect(stubs).toEqual([
      {
        method: 'GET',
        path: '/api/signal/7',
        query: { contract: '1' },
        status: 200,
        responseHeaders: { 'x-pagination-total-count': '1' },
        body: { id: 7, title: 'Fuite rue Haute', email: '***', token: '***' },
        // a recorded answer replays as written, never as a template
        literal: true,
      },
    ]);
    // the proxy is off again: the mock answers the path itself
    expect(json(await run('stub', 'list', '--json'))).toEqual([]);
    expect((await api.get<{ record: boolean; target: string | null }>('/__mock/proxy')).record).toBe(false);

    const imported = await run('stub', 'import', out);
    expect(imported.stdout).toContain(`Imported 1 stub from ${out}`);
    const before = received.length;
    const replayed = await api.api('/api/signal/7?contract=1', 'agent');
    expect(JSON.parse(replayed.text)).toMatchObject({ id: 7, title: 'Fuite rue Haute', email: '***' });
    expect(replayed.headers.get('x-pagination-total-count')).toBe('1');
    expect(received.length).toBe(before);
    await api.delete('/__mock/stubs');

    expect((await run('stub', 'import', path.join(dir, 'nope.json'))).code).toBe(2);
    expect((await run('record', '--target', 'not-a-url')).code).toBe(2);
  });
});

describe('portal record puts the proxy back as it was, in its own partition', () => {
  it('the target, paths and backend token from before the recording are in force again; other partitions never changed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-record-'));
    const setProxy = async (partition: string, body: unknown) =>
      fetch(`${mock.url}/__mock/proxy`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-mock-partition': partition },
        body: JSON.stringify(body),
      });
    const proxyOf = async (partition: string) =>
      (await (
        await fetch(`${mock.url}/__mock/proxy`, { headers: { 'x-mock-partition': partition } })
      ).json()) as {
        target: string | null;
        paths: string[];
        hasToken: boolean;
        record: boolean;
      };
    expect((await run('scenario', 'load', 'default', '--partition', 'qa-proxy')).code).toBe(0);
    const set = await setProxy('qa-proxy', {
      target: backendUrl,
      paths: ['/api/contracts'],
      token: 'standing-token',
    });
    expect(set.status).toBe(200);

    const child = spawnCli([
      'record',
      '--target',
      backendUrl,
      '--path',
      '/api/signal/**',
      '--token',
      'recording-token',
      '--for',
      '3s',
      '--out',
      path.join(dir, 'out.json'),
      '--mock-url',
      mock.url,
      '--partition',
      'qa-proxy',
    ]);
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    let stderr = '';
    await new Promise<void>((resolve) =>
      child.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('Recording the answers')) resolve();
      }),
    );
    // the recording is the partition's own: the default partition's proxy is untouched
    expect((await proxyOf('qa-proxy')).record).toBe(true);
    expect(await proxyOf('default')).toMatchObject({ target: null, record: false });
    expect(await closed).toBe(0);

    expect(await proxyOf('qa-proxy')).toMatchObject({
      target: backendUrl,
      paths: ['/api/contracts'],
      hasToken: true,
      record: false,
    });
    // and the backend gets the standing token again
    const token = (await (
      await fetch(`${mock.url}/__mock/personas/agent/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-partition': 'qa-proxy' },
        body: '{}',
      })
    ).json()) as { token: string };
    await fetch(`${mock.url}/api/contracts`, { headers: { authorization: `Bearer ${token.token}` } });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer standing-token');
    await setProxy('qa-proxy', { target: null });
  });
});

describe('portal record --for', () => {
  it('takes a duration only: a date is refused (exit 2)', async () => {
    const date = await cli(['record', '--target', 'http://localhost:9', '--for', '2026-01-31T10:00:00Z']);
    expect(date.code).toBe(2);
    expect(date.stderr).toContain('expected a duration such as 30s, 5m or 2h');
  });
});
