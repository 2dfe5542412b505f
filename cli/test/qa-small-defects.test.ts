/** The smaller defects a QA review found in the CLI: scenario loads, evictions, fault clear and --path. */
import { describe, expect, it, vi } from 'vitest';
import { startMockServer } from '../../mock-server/src/server.ts';
import { cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { run } = useMockServer();

describe('a scenario load or reset says what it keeps', () => {
  it('counts the stubs, faults and latency still in force, and the commands that remove them', async () => {
    expect((await run('stub', 'add', '--path', '/api/contracts', '--body', '[]')).code).toBe(0);
    expect((await run('stub', 'add', '--path', '/api/skill', '--status', '404')).code).toBe(0);
    expect((await run('fault', 'add', '--path', '/api/contracts', '--status', '503')).code).toBe(0);
    expect((await run('latency', '--min', '5', '--max', '10', '--seed', '3')).code).toBe(0);

    const loaded = await run('scenario', 'load', 'default', '--seed', '1');
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain(
      'Kept 2 stubs, 1 fault, latency 5-10 ms, uniform, seed 3 (a scenario load replaces the data only): `portal stub clear`, `portal fault clear`, `portal latency none` removes them',
    );
    const reset = json(await run('scenario', 'reset', '--json'));
    expect(reset.kept).toMatchObject({ stubs: 2, faults: 1, latency: { minMs: 5, maxMs: 10 } });

    expect((await run('stub', 'clear')).code).toBe(0);
    expect((await run('fault', 'clear')).code).toBe(0);
    expect((await run('latency', 'none')).code).toBe(0);
    const clean = await run('scenario', 'reset');
    expect(clean.code).toBe(0);
    expect(clean.stdout).not.toContain('Kept');
    expect(json(await run('scenario', 'load', 'default', '--json')).kept).toEqual({
      stubs: 0,
      faults: 0,
      latency: null,
    });
  });
});

describe('partition list warns of the partitions the mock evicted', () => {
  it('names an idle partition evicted to make room, on stderr', async () => {
    const small = await startMockServer({ port: 0, host: '127.0.0.1', quiet: true, maxPartitions: 3 });
    const call = (partition: string) =>
      fetch(`${small.url}/__mock/health`, { headers: { 'x-mock-partition': partition } });
    try {
      await call('qa-a');
      await call('qa-b');
      const before = await cli(['partition', 'list', '--mock-url', small.url]);
      expect(before.stderr).not.toContain('evicted');
      // six minutes later (the mock runs in this process): both are idle, the older one goes
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect((await call('qa-c')).status).toBe(200);
      vi.useRealTimers();
      const after = await cli(['partition', 'list', '--mock-url', small.url]);
      expect(after.code).toBe(0);
      expect(after.stdout).not.toMatch(/^qa-a\s/m);
      expect(after.stderr).toMatch(
        /warning: partition qa-a was evicted at \S+ \(idle since \S+; the mock keeps at most MOCK_MAX_PARTITIONS\)/,
      );
    } finally {
      vi.useRealTimers();
      await small.close();
    }
  });
});

describe('fault clear and --path do what docs/cli.md says', () => {
  it('fault clear removes every fault rule and keeps the stubs; a stub id names stub clear', async () => {
    const fault = json(await run('fault', 'add', '--path', '/api/skill', '--status', '503', '--json'));
    const stub = json(await run('stub', 'add', '--path', '/api/skill', '--body', '[]', '--json'));
    const wrong = await run('fault', 'clear', String(stub.id));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      `Fault rule ${stub.id} not found: rule ${stub.id} is a stub (portal stub clear ${stub.id} removes it)`,
    );
    const cleared = await run('fault', 'clear');
    expect(cleared.stdout).toContain('Cleared 1 fault rule');
    const left = json<{ id: number }[]>(await run('stub', 'list', '--json'));
    expect(left.map((r) => r.id)).toEqual([stub.id]);
    expect(json<unknown[]>(await run('fault', 'list', '--json'))).toEqual([]);
    expect(fault.id).not.toBe(stub.id);
    expect((await run('stub', 'clear')).code).toBe(0);
  });

  it('--path refuses a query and a path without /, in rules and in the journal', async () => {
    const query = await run('fault', 'add', '--path', '/api/contracts?q=1', '--status', '503');
    expect(query.code).toBe(2);
    expect(query.stderr).toContain(
      'expected a path without a query ("?q=1"): the path is matched without it; match the query with --query name=value',
    );
    const journal = await run('journal', '--path', 'api/contracts');
    expect(journal.code).toBe(2);
    expect(journal.stderr).toContain('expected a path starting with /');
    const verify = await run('journal', 'verify', '--path', '/api/contracts?q=1', '--at-least', '0');
    expect(verify.code).toBe(2);
    // the documented way to match every call
    const every = await run('fault', 'add', '--path', '/**', '--delay', '1', '--times', '1');
    expect(every.code).toBe(0);
    expect(json<unknown[]>(await run('fault', 'list', '--json'))).toHaveLength(1);
    expect((await run('fault', 'clear')).code).toBe(0);
  });
});
