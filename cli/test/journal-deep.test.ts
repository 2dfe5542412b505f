/** The deeper journal: query strings, opt-in masked capture, answering rules, dropped calls, verify, --since, reconnection. */
import { afterEach, describe, expect, it } from 'vitest';
import { json, spawnCli } from './helpers.ts';
import { startMock, useMockServer } from './mock.ts';
import { sinceTime } from '../src/lib/since.ts';

const { mock, api, run } = useMockServer();

interface Entry {
  path: string;
  query: string;
  status: number | null;
  outcome: string;
  persona: string | null;
  rule?: { id: number; kind: string };
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

describe('portal journal, in depth', () => {
  afterEach(async () => {
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/faults');
    await api.put('/__mock/journal/capture', { headers: false, bodies: false });
    await api.delete('/__mock/journal');
  });

  it('keeps the query string and names the stub or fault that answered, and dropped calls', async () => {
    const stub = json(await run('stub', 'add', '--path', '/api/skill', '--body', '[]', '--json'));
    await run('fault', 'add', '--path', '/api/category', '--drop', '--times', '1');
    await api.api('/api/skill?q=pipe&currentPage=2', 'agent');
    await api.api('/api/category', 'agent').catch(() => undefined);
    await api.api('/api/token-check', 'agent');
    const entries = json<Entry[]>(await run('journal', '--path', '/api/**', '--json'));
    expect(entries.map((e) => [e.path, e.query, e.status, e.outcome])).toEqual([
      ['/api/skill', 'q=pipe&currentPage=2', 200, 'answered'],
      ['/api/category', '', null, 'dropped'],
      ['/api/token-check', '', 200, 'answered'],
    ]);
    expect(entries[0]?.rule).toEqual({ id: stub.id, kind: 'stub' });
    expect(entries[1]?.rule?.kind).toBe('fault');
    expect(entries[2]?.rule).toBeUndefined();

    const table = await run('journal', '--path', '/api/**');
    expect(table.stdout).toMatch(/TIME\s+METHOD\s+STATUS\s+MS\s+PERSONA\s+PATH\s+ANSWERED BY/);
    expect(table.stdout).toMatch(/200\s+\d+\s+agent\s+\/api\/skill\?q=pipe&currentPage=2\s+stub \d+/);
    expect(table.stdout).toMatch(/dropped\s+\d+\s+agent\s+\/api\/category\s+fault \d+/);
  });

  it('captures headers and bodies only when asked, with tokens and personal fields masked', async () => {
    await api.api('/api/token-check', 'agent');
    expect(json<Entry[]>(await run('journal', '--json'))[0]?.headers).toBeUndefined();

    const on = await run('journal', 'capture', 'headers,bodies');
    expect(on.stdout).toContain('The journal keeps request headers and request bodies');
    const token = await api.token('portal-admin');
    await fetch(`${mock.url}/api/contracts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-trace': 't1' },
      body: JSON.stringify({ name: 'Contrat', email: 'someone@portal.test', password: 'secret' }),
    });
    const [entry] = json<Entry[]>(await run('journal', '--method', 'POST', '--json'));
    expect(entry?.headers?.authorization).toBe('Bearer ***');
    expect(entry?.headers?.['x-trace']).toBe('t1');
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(entry?.body).toMatchObject({ name: 'Contrat', email: '***', password: '***' });

    expect((await run('journal', 'capture', 'off')).stdout).toContain('capture off');
    expect(json(await run('journal', 'capture', '--json'))).toEqual({ headers: false, bodies: false });
    expect((await run('journal', 'capture', 'everything')).code).toBe(2);
  });

  it('verify exits 0 when the count matches and 1 with the calls when it does not', async () => {
    await api.api('/api/token-check', 'agent');
    await api.api('/api/token-check', 'agent');
    const ok = await run(
      'journal',
      'verify',
      '--path',
      '/api/token-check',
      '--persona',
      'agent',
      '--count',
      '2',
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('✓ 2 calls match (expected exactly 2)');
    const wrong = await run('journal', 'verify', '--path', '/api/token-check', '--count', '3');
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('✗ expected exactly 3 matching call(s), found 2');
    const data = json(await run('journal', 'verify', '--path', '/api/skill', '--count', '0', '--json'));
    expect(data).toMatchObject({ ok: true, expected: 'exactly 0', count: 0 });
    expect((await run('journal', 'verify', '--path', '/api/**')).code).toBe(2);
  });

  it('reads --since as a duration back from now', async () => {
    const now = Date.parse('2026-01-31T10:00:00Z');
    expect(sinceTime('5m', now)).toBe('2026-01-31T09:55:00.000Z');
    expect(sinceTime('2h', now)).toBe('2026-01-31T08:00:00.000Z');
    expect(sinceTime('2026-01-30T00:00:00Z', now)).toBe('2026-01-30T00:00:00.000Z');
    await api.api('/api/token-check', 'agent');
    expect(json<Entry[]>(await run('journal', '--since', '5m', '--json'))).toHaveLength(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(json<Entry[]>(await run('journal', '--since', future, '--json'))).toHaveLength(0);
  });
});

describe('portal journal --follow', () => {
  it('names the address when the server goes away, and reconnects when it is back', async () => {
    const first = await startMock();
    const port = first.port;
    const child = spawnCli(['journal', '--follow', '--json', '--limit', '1', '--mock-url', first.url]);
    let stderr = '';
    let stdout = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    const waitFor = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => stderr.includes(text) && resolve();
        child.stderr?.on('data', (c: Buffer) => {
          stderr += c.toString();
          check();
        });
        check();
      });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await waitFor('Following the journal');
    await first.close();
    await waitFor(`The mock server at ${first.url}`);
    const second = await startMockOn(port);
    try {
      await waitFor(`Reconnected to ${first.url}`);
      await fetch(`${second.url}/api/token-check`);
      expect(await closed).toBe(0);
      expect(JSON.parse(stdout.trim())).toMatchObject({ path: '/api/token-check', status: 401 });
    } finally {
      child.kill();
      await second.close();
    }
  });
});

/** The mock server again on a port that was just freed (retried while the port is released). */
async function startMockOn(port: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      const { startMockServer } = await import('../../mock-server/src/server.ts');
      return await startMockServer({ port, host: '127.0.0.1', quiet: true });
    } catch (error) {
      if (attempt > 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
