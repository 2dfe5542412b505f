/** `portal stub` and the one ordered list of stubs and faults, against a real mock server. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { api, run } = useMockServer();

describe('portal stub', () => {
  afterEach(async () => {
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/faults');
  });

  it('answers matching calls with a status, headers and a body from a file, and counts its hits', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-stub-'));
    const file = path.join(dir, 'contracts.json');
    await writeFile(file, JSON.stringify([{ id: 99, name: 'Stubbed' }]));
    const added = await run(
      'stub',
      'add',
      '--method',
      'GET',
      '--path',
      '/api/contracts',
      '--body',
      `@${file}`,
      '--response-header',
      'x-pagination-total-count: 1',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/✓ Stub \d+: GET \/api\/contracts -> answer 200 \[\{"id":99/);
    const answer = await api.api('/api/contracts', 'portal-admin');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual([{ id: 99, name: 'Stubbed' }]);
    expect(answer.headers.get('x-pagination-total-count')).toBe('1');

    const listed = json(await run('stub', 'list', '--json'));
    expect(listed).toMatchObject([{ kind: 'stub', path: '/api/contracts', hits: 1, order: 1 }]);
    const table = await run('stub', 'list');
    expect(table.stdout).toMatch(/\/api\/contracts\s+answer 200 .*\s+5\s+1\s+always/);
  });

  it('matches query values and personas; others get the real answer', async () => {
    await run(
      'stub',
      'add',
      '--path',
      '/api/contracts',
      '--persona',
      'agent',
      '--status',
      '403',
      '--body',
      '{"message":"no"}',
    );
    expect((await api.api('/api/contracts', 'agent')).status).toBe(403);
    expect((await api.api('/api/contracts', 'portal-admin')).status).toBe(200);
    await run('stub', 'add', '--path', '/api/skill', '--query', 'q=zz', '--body', '[]');
    expect((await api.api('/api/skill?q=zz', 'agent')).text).toBe('[]');
    expect((await api.api('/api/skill', 'agent')).text).not.toBe('[]');
  });

  it('shows which rule hides which, and a path of no endpoint, as warnings', async () => {
    await run('stub', 'add', '--path', '/api/contracts', '--body', '[]');
    const wide = await run('fault', 'add', '--path', '/api/**', '--status', '503', '--priority', '1');
    expect(wide.code).toBe(0);
    expect(wide.stderr).toMatch(/warning: this rule now hides rule \d+ \(\* \/api\/contracts\)/);
    const table = await run('stub', 'list', '--all');
    expect(table.stdout).toMatch(/\/api\/contracts\s+answer 200 \[\]\s+5\s+0\s+always\s+rule \d+/);
    expect(table.stderr).toContain('1 rule is hidden by an earlier rule');
    expect((await api.api('/api/contracts', 'portal-admin')).status).toBe(503);

    const typo = await run('stub', 'add', '--path', '/api/contrats', '--body', '[]');
    expect(typo.code).toBe(0);
    expect(typo.stderr).toContain('/api/contrats matches no endpoint of the contract');
  });

  it('a delay over /api/** no longer hides an override: both apply', async () => {
    await run('fault', 'add', '--path', '/api/**', '--delay', '300');
    await run('stub', 'add', '--path', '/api/contracts', '--body', '[]');
    const answer = await api.api('/api/contracts', 'portal-admin');
    expect(answer.text).toBe('[]');
    expect(answer.ms).toBeGreaterThanOrEqual(280);
  });

  it('answers a sequence, then the real answer: a retry flow', async () => {
    const added = await run('fault', 'add', '--path', '/api/contracts', '--sequence', '503,503,200');
    expect(added.stdout).toContain('answer 503, then 503, then 200 (3 times)');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.api('/api/contracts', 'portal-admin')).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    // spent, and still listed with its hits
    expect(await api.get('/__mock/faults')).toMatchObject([{ spent: true, hits: 3, remaining: 0 }]);
  });

  it('removes one stub, clears them all, and refuses bad input with exit 2', async () => {
    const stub = json(await run('stub', 'add', '--path', '/api/contracts', '--body', '[]', '--json'));
    await run('stub', 'add', '--path', '/api/skill', '--body', '[]');
    expect((await run('stub', 'remove', String(stub.id))).stdout).toContain(`Removed stub ${stub.id}`);
    expect((await run('stub', 'remove', String(stub.id))).code).toBe(2);
    expect((await run('stub', 'clear')).stdout).toContain('Cleared 1 stub');
    expect(await api.get('/__mock/stubs')).toEqual([]);

    const [noAnswer, badHeader, badSequence, both] = await Promise.all([
      run('stub', 'add', '--path', '/api/contracts'),
      run('stub', 'add', '--path', '/api/contracts', '--body', '[]', '--response-header', 'nocolon'),
      run('stub', 'add', '--path', '/api/contracts', '--sequence', '503,abc'),
      run('stub', 'add', '--path', '/api/contracts', '--sequence', '503', '--times', '2'),
    ]);
    for (const result of [noAnswer, badHeader, badSequence, both]) expect(result.code).toBe(2);
    expect(badHeader.stderr).toContain('expected name:value');
    expect(await api.get('/__mock/stubs')).toEqual([]);
  });
});
