/**
 * The smaller defects of the QA review, each as a user meets it: a typo'd partition, a file saved
 * with a byte-order mark, the lost-answer fault from the CLI, `/api/x/**` taking `/api/x`.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { api, run } = useMockServer();

describe('review defects', () => {
  it("a typo'd partition is refused (exit 2) and not made; scenario load makes one", async () => {
    const typo = await run(
      'stub',
      'add',
      '--path',
      '/api/contracts',
      '--body',
      '[]',
      '--partition',
      'qa-tpyo',
    );
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('No partition "qa-tpyo"');
    const names = (await api.get<{ name: string }[]>('/__mock/partitions')).map((p) => p.name);
    expect(names).not.toContain('qa-tpyo');
    expect((await run('scenario', 'load', 'default', '--partition', 'qa-made')).code).toBe(0);
    expect((await run('stub', 'list', '--partition', 'qa-made')).code).toBe(0);
    await api.delete('/__mock/partitions/qa-made');
  });

  it('reads stub and state files that start with a byte-order mark', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bom-'));
    const stubs = path.join(dir, 'stubs.json');
    await writeFile(stubs, `\uFEFF${JSON.stringify([{ method: 'GET', path: '/api/contracts', body: [] }])}`);
    const imported = await run('stub', 'import', stubs);
    expect(imported.code, imported.stderr).toBe(0);
    await api.delete('/__mock/stubs');
    const body = path.join(dir, 'body.json');
    await writeFile(body, '\uFEFF[{"id": 1}]');
    const added = await run('stub', 'add', '--path', '/api/contracts', '--body', `@${body}`);
    expect(added.code, added.stderr).toBe(0);
    await api.delete('/__mock/stubs');
    const state = path.join(dir, 'state.json');
    await writeFile(state, `\uFEFF${(await run('scenario', 'export')).stdout}`);
    const restored = await run('scenario', 'import', state);
    expect(restored.code, restored.stderr).toBe(0);
  });

  it('the lost-answer fault: the call is made, its answer never arrives', async () => {
    const added = json(
      await run(
        'fault',
        'add',
        '--method',
        'DELETE',
        '--path',
        '/api/contracts/*',
        '--drop-answer',
        '--json',
      ),
    );
    expect(added.dropAnswer).toBe(true);
    expect(
      (await run('fault', 'add', '--path', '/api/contracts', '--drop-answer', '--status', '500')).code,
    ).toBe(2);
    await api.delete('/__mock/faults');
  });

  it('a path pattern ending in /** takes the path itself', async () => {
    await api.post('/__mock/stubs', { method: 'GET', path: '/api/contracts/**', body: [{ id: 42 }] });
    const bare = await api.api('/api/contracts', 'portal-admin');
    expect(JSON.parse(bare.text)).toEqual([{ id: 42 }]);
    await api.delete('/__mock/stubs');
  });
});
