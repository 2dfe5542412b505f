/** The smaller defects a QA review found in the CLI: what a scenario load keeps, said after the load. */
import { describe, expect, it } from 'vitest';
import { json } from './helpers.ts';
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
