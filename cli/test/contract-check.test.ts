import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEAD_URL, cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { mock, api, run } = useMockServer({ timeoutMs: 120_000 });

interface Report {
  baseUrl: string;
  summary: { passed: number; failed: number; skipped: number };
  results: {
    id: string;
    method: string;
    outcome: string;
    problems: string[];
    reason?: string;
    status?: number;
  }[];
}

afterEach(() => api.delete('/__mock/faults'));

describe('portal contract-check', () => {
  it('passes against the mock server, calling only GET endpoints', async () => {
    await api.delete('/__mock/journal');
    const result = await run('contract-check', '--json');
    const report = json<Report>(result);
    const failures = report.results.filter((r) => r.outcome === 'fail');
    expect(failures, JSON.stringify(failures, null, 2)).toEqual([]);
    expect(result.code).toBe(0);
    expect(report.summary.failed).toBe(0);
    // nearly every GET endpoint finds a persona and the ids it needs in the default scenario
    expect(report.summary.passed).toBeGreaterThanOrEqual(60);
    expect(report.results.every((r) => r.method === 'GET')).toBe(true);
    const journal = await api.get<{ method: string; path: string }[]>('/__mock/journal?path=/api/**');
    expect(journal.length).toBeGreaterThan(0);
    expect(journal.filter((e) => e.method !== 'GET')).toEqual([]);
  }, 120_000);

  it('prints one line per endpoint and the totals', async () => {
    const result = await run('contract-check', '--persona', 'portal-admin');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ tokenCheck\s+GET \/api\/token-check\s+200/m);
    expect(result.stdout).toMatch(/^✓ listContracts\s+GET \/api\/contracts\s+200/m);
    // a portal admin alone cannot call the signal endpoints: skipped with the reason
    expect(result.stdout).toMatch(
      /^- listSignals\s+GET \/api\/signal\s+skipped: no token grants it \(needs ROLE_SIGNAL_NOTIFY or/m,
    );
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/m);
  }, 120_000);

  it('fails with a precise message when an endpoint answers the wrong body shape', async () => {
    await api.post('/__mock/faults', {
      method: 'GET',
      path: '/api/contracts',
      status: 200,
      body: [{ id: 'one', label: 7 }],
    });
    const result = await run('contract-check', '--persona', 'portal-admin');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^✗ listContracts\s+GET \/api\/contracts\s+200/m);
    expect(result.stdout).toMatch(/^ {4}answer body \[0\]\.id: .*expected number/m);
    expect(result.stdout).toMatch(/^ {4}answer body \[0\]\.label: .*expected string/m);
    expect(result.stdout).toMatch(/^\d+ passed, 1 failed, \d+ skipped$/m);

    const report = json<Report>(
      await run(
        'contract-check',
        '--persona',
        'portal-admin',
        '--only',
        'listContracts,getContract',
        '--json',
      ),
    );
    expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
      ['getContract', 'pass'],
      ['listContracts', 'fail'],
    ]);
    expect(report.results[1]?.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^answer body \[0\]\.id: /)]),
    );
    expect(report.summary).toEqual({ passed: 1, failed: 1, skipped: 0 });
  }, 120_000);

  it('with --strict, names the fields of an answer the contract does not name', async () => {
    const answer = await api.api('/api/contract/1', 'portal-admin');
    await api.post('/__mock/faults', {
      method: 'GET',
      path: '/api/contract/1',
      status: 200,
      body: { ...(JSON.parse(answer.text) as object), colour: 'red' },
    });
    const args = [
      'contract-check',
      '--persona',
      'portal-admin',
      '--contract-id',
      '1',
      '--only',
      'getContract',
      '--json',
    ];
    expect(json<Report>(await run(...args)).results[0]?.outcome).toBe('pass');
    const strict = json<Report>(await run(...args, '--strict'));
    expect(strict.results[0]?.problems).toEqual(['answer body colour: not in the contract']);
  }, 120_000);

  it('reports a wrong status, missing pagination headers and a malformed body', async () => {
    await api.post('/__mock/faults', {
      method: 'GET',
      path: '/api/skill',
      status: 500,
      body: { message: 'boom' },
    });
    await api.post('/__mock/faults', { method: 'GET', path: '/api/category', malformed: true });
    const report = json<Report>(
      await run(
        'contract-check',
        '--persona',
        'portal-admin',
        '--only',
        'listSkills,listCategories',
        '--json',
      ),
    );
    const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
    expect(byId.listSkills?.problems).toEqual(['answer status: expected 200, got 500: boom']);
    expect(byId.listCategories?.problems.some((p) => p.startsWith('answer body: not valid JSON'))).toBe(true);
  }, 120_000);

  it('works with a token given on the command line, as for a real backend', async () => {
    const token = await api.token('portal-admin');
    const result = await run(
      'contract-check',
      '--base-url',
      mock.url,
      '--token',
      token,
      '--only',
      'listContracts',
      '--json',
    );
    expect(result.code).toBe(0);
    expect(json<Report>(result).results).toMatchObject([{ id: 'listContracts', outcome: 'pass' }]);
  }, 120_000);

  it('refuses bad arguments with exit 2', async () => {
    const unknown = await run('contract-check', '--only', 'listUnicorns');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('not a GET endpoint of the contract: listUnicorns');
    expect((await run('contract-check', '--base-url', 'ftp://x')).code).toBe(2);
    expect((await run('contract-check', '--persona', 'nobody')).code).toBe(2);
    // a backend that answers without the mock's control API needs --token
    const backend = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
      const noToken = await cli(['contract-check', '--base-url', address]);
      expect(noToken.code).toBe(2);
      expect(noToken.stderr).toContain(`--token is required: no mock control API answered at ${address}`);
    } finally {
      backend.close();
    }
  });

  it('fails (exit 1, not misuse) naming the address when the mock server to mint tokens is down', async () => {
    const down = await cli(['contract-check', '--base-url', DEAD_URL]);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`cannot reach the mock control API at ${DEAD_URL} to mint tokens`);
    const downMock = await cli(['contract-check', '--mock-url', DEAD_URL]);
    expect(downMock.code).toBe(1);
    expect(downMock.stderr).toContain(`cannot reach the mock control API at ${DEAD_URL}`);
  });

  it('fails clearly when the backend cannot be reached or refuses the token', async () => {
    const dead = await cli(['contract-check', '--base-url', 'http://127.0.0.1:1', '--token', 'abc']);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain('cannot reach the backend at http://127.0.0.1:1');
    const refused = await run('contract-check', '--base-url', mock.url, '--token', 'not-a-token');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('401');
  });
});

describe('portal contract-check against another host', () => {
  it('never sends tokens minted by the mock elsewhere unless asked; says in one line when every call fails alike; writes JUnit', async () => {
    const seen: (string | undefined)[] = [];
    const backend = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-check-'));
    const junit = path.join(dir, 'check.xml');
    try {
      const refused = await run('contract-check', '--base-url', address);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `--token is required: ${address} is not the mock server (${mock.url})`,
      );
      expect(seen).toEqual([]);

      const asked = await run(
        'contract-check',
        '--base-url',
        address,
        '--persona',
        'portal-admin',
        '--mint-from-mock',
        '--junit',
        junit,
      );
      expect(asked.code).toBe(1);
      expect(seen.length).toBeGreaterThan(0);
      // the diagnosis first, and not the failures of every endpoint before it
      expect(asked.stdout.split('\n')[0]).toBe('every call answered 404 text/html: wrong base URL?');
      expect(asked.stdout.trim().split('\n').length).toBeLessThan(5);
      const xml = await readFile(junit, 'utf8');
      expect(xml).toMatch(/<testsuites name="contract-check" tests="\d+" failures="[1-9]\d*"/);
      expect(xml).toContain('<testcase classname="contract-check" name="tokenCheck GET /api/token-check"');
      expect(xml).toContain('<failure message="404');
    } finally {
      backend.close();
    }
  });

  it('passes JUnit through for a healthy backend', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-check-'));
    const junit = path.join(dir, 'ok.xml');
    const result = await run(
      'contract-check',
      '--only',
      'listContracts',
      '--persona',
      'portal-admin',
      '--junit',
      junit,
    );
    expect(result.code, result.stderr).toBe(0);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('failures="0"');
    expect(xml).toContain('name="listContracts GET /api/contracts"');
  });
});
