/**
 * Live contract validation: calls and answers checked against the contract whoever answered (the
 * mock, a stub, the proxied backend), marked in the journal, listed by `journal violations`,
 * printed by `serve --validate`, and failing `portal test --fail-on-violations`.
 */
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, json, spawnCli, waitForOutput } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { mock, api, run } = useMockServer();

/** A backend that answers a signal with a shape the contract does not describe. */
let backend: Server;
let backendUrl = '';
beforeAll(async () => {
  backend = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"seven","colour":"red"}');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));

describe('portal journal violations', () => {
  beforeAll(async () => {
    expect((await run('journal', 'violations', '--on')).code).toBe(0);
  });
  afterEach(async () => {
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/journal');
    await api.put('/__mock/proxy', { target: null });
  });

  it('reports a stub whose body breaks the response schema, and not a valid call', async () => {
    expect((await api.api('/api/contracts', 'portal-admin')).status).toBe(200);
    const clean = await run('journal', 'violations');
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('✓ No contract violation recorded.');

    await run('stub', 'add', '--path', '/api/contracts', '--body', '[{"id":"one"}]');
    expect((await api.api('/api/contracts', 'portal-admin')).status).toBe(200);
    const listed = await run('journal', 'violations');
    expect(listed.stdout).toMatch(
      /GET {4}\/api\/contracts \(listContracts, portal\.md:181, 200 stub \d+\): answer body \[0\]\.id: .*number/,
    );
    expect(listed.stdout).toContain('✗ 1 call broke the contract');
    // a violation fails the check, as a failed `journal verify` does
    expect(listed.code).toBe(1);
    const [entry] = json(await run('journal', 'violations', '--json'));
    expect(entry).toMatchObject({
      path: '/api/contracts',
      partition: 'default',
      violation: { endpoint: 'listContracts' },
    });

    const table = await run('journal', '--path', '/api/contracts');
    expect(table.stdout).toMatch(/CONTRACT/);
    expect(table.stdout).toMatch(/stub \d+\s+✗ \d+/);
    expect(table.stderr).toContain('1 call broke the contract (✗)');
  });

  it('reports unknown query fields, wrong types, and a path of no endpoint', async () => {
    await api.api('/api/contracts?colour=red', 'portal-admin');
    await api.api('/api/signal/abc', 'portal-admin');
    await api.api('/api/nowhere', 'portal-admin');
    const found = json(await run('journal', 'violations', '--json'));
    const problems = found.map((e: { violation: { problems: string[] } }) => e.violation.problems.join('; '));
    expect(problems[0]).toBe('request query colour: not in the contract');
    expect(problems[1]).toMatch(/^request path signalId: /);
    expect(problems[2]).toBe('request path: no endpoint of the contract answers GET /api/nowhere');
  });

  it('reports a wrong answer of the proxied backend', async () => {
    await api.put('/__mock/proxy', { target: backendUrl, paths: ['/api/signal/**'] });
    expect((await api.api('/api/signal/7', 'portal-admin')).status).toBe(200);
    const [entry] = json(await run('journal', 'violations', '--json'));
    expect(entry).toMatchObject({ proxied: true, violation: { endpoint: 'getSignal' } });
    expect(entry.violation.problems.join('\n')).toMatch(/answer body id: .*number/);
    const line = (await run('journal', 'violations')).stdout;
    expect(line).toMatch(/\/api\/signal\/7 \(getSignal, [^,]+, 200 proxied\): answer body id/);
  });

  it('checks writes: a body field the contract does not name', async () => {
    const headers = {
      ...(await (async () => ({ authorization: `Bearer ${await api.token('portal-admin')}` }))()),
    };
    await fetch(`${mock.url}/api/signal`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ contractId: 1, colour: 'red' }),
    });
    const [entry] = json(await run('journal', 'violations', '--json'));
    expect(entry.method).toBe('POST');
    expect(entry.violation.problems).toContain('request body colour: not in the contract');
  });

  it('--on --strict holds the wire form of lists in this partition only', async () => {
    const indicators = '/api/industrial-site/1/indicator-value?aggregateType=DAY&startDate=2026-06-01';
    expect((await run('journal', 'violations', '--on', '--strict')).code).toBe(0);
    await api.api(`${indicators}&typeCodes=FLOW_IN,PH`, 'portal-admin');
    const strict = await run('journal', 'violations');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('(siteIndicatorValues, portal.md:225, ');
    expect(strict.stdout).toContain(
      'request query typeCodes: sent comma-joined as typeCodes=…; the contract declares typeCodes[]=a&typeCodes[]=b repeated',
    );
    // another partition keeps its own setting
    const other = await fetch(`${mock.url}/__mock/validation`, {
      headers: { 'x-mock-partition': 'cli-other' },
    });
    expect(await other.json()).toEqual({ enabled: false, strict: false, violations: 0 });
    expect((await run('journal', 'violations', '--on')).code).toBe(1);
    expect(await api.get('/__mock/validation')).toMatchObject({ enabled: true, strict: true });
    await api.put('/__mock/validation', { enabled: true, strict: false });
  });
});

describe('portal test --fail-on-violations', () => {
  let fakeBin: string;
  beforeAll(async () => {
    // a stand-in for Playwright: one test, as the e2e fixture runs it, in a partition of the run
    // (named after the run id, joined to the run partition) with live validation on, and one call
    const test = [
      'const e = process.env; const u = e.E2E_MOCK_URL;',
      'const h = { "x-mock-partition": e.E2E_RUN_ID + "-w0-t1", "content-type": "application/json" };',
      'await fetch(u + "/__mock/scenarios/default?run=" + e.E2E_RUN_PARTITION, { method: "POST", headers: h });',
      'await fetch(u + "/__mock/validation", { method: "PUT", headers: h, body: JSON.stringify({ enabled: true }) });',
      'const { token } = await (await fetch(u + "/__mock/personas/portal-admin/token", { method: "POST", headers: h })).json();',
      'await fetch(u + "/api/contracts", { headers: { ...h, authorization: "Bearer " + token } });',
    ].join(' ');
    fakeBin = await mkdtemp(path.join(os.tmpdir(), 'portal-npx-'));
    await writeFile(
      path.join(fakeBin, 'npx'),
      `#!/bin/sh\n"${process.execPath}" --input-type=module -e '${test}'\nexit 0\n`,
    );
    await chmod(path.join(fakeBin, 'npx'), 0o755);
  });
  afterEach(() => api.delete('/__mock/stubs'));

  it('fails a run that produced a violation, with a summary; passes a clean one', async () => {
    const env = { PATH: `${fakeBin}:${process.env.PATH ?? ''}` };
    await run('journal', 'violations', '--off');
    const clean = await cli(['test', '--mock-url', mock.url, '--fail-on-violations'], { env });
    expect(clean.code, clean.stderr).toBe(0);
    expect((await run('journal', 'violations', '--json')).code).toBe(0);

    await run('stub', 'add', '--path', '/api/contracts', '--body', '{"not":"a list"}');
    const failed = await cli(['test', '--mock-url', mock.url, '--fail-on-violations'], { env });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('1 call of this run broke the contract:');
    expect(failed.stderr).toMatch(
      /GET {4}\/api\/contracts \(listContracts, portal\.md:181, 200 stub \d+\) \[\w+-w0-t1\]: answer body/,
    );
  });

  it('needs a mock server that outlives the run (exit 2)', async () => {
    const result = await cli(['test', '--fail-on-violations', '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--fail-on-violations reads the violations from a mock server');
  });
});

describe('portal serve --validate', () => {
  it('prints one line per violation as it happens (method, path, endpoint, what differs)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-validate-'));
    await writeFile(
      path.join(dir, 'lies.json'),
      JSON.stringify([{ path: '/api/contracts', body: [{ id: 'x' }] }]),
    );
    const port = 4316;
    const child = spawnCli([
      'serve',
      '--only',
      'mock',
      '--mock-port',
      String(port),
      '--validate',
      '--stubs',
      dir,
    ]);
    try {
      const started = await waitForOutput(child, 'Mock server ready');
      expect(started).toContain(`Loaded 1 stub from ${path.join(dir, 'lies.json')}`);
      const printed = waitForOutput(
        child,
        /contract violation \[default\]: GET \/api\/contracts \(listContracts, portal\.md:181\): answer body \[0\]\.id[^\n]*\n/,
      );
      const base = `http://127.0.0.1:${port}`;
      const minted = (await (
        await fetch(`${base}/__mock/personas/portal-admin/token`, { method: 'POST' })
      ).json()) as {
        token: string;
      };
      await fetch(`${base}/api/contracts`, { headers: { authorization: `Bearer ${minted.token}` } });
      expect(await printed).toMatch(
        /\[mock\] contract violation \[default\]: GET \/api\/contracts \(listContracts, portal\.md:181\): answer body \[0\]\.id/,
      );
    } finally {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('close', resolve));
    }
  });
});
