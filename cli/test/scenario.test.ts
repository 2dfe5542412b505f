import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEAD_URL, cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { mock, api, run } = useMockServer();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-cli-'));
});

describe('portal scenario', () => {
  it('lists the scenarios and marks the loaded one', async () => {
    const human = await run('scenario', 'list');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/NAME\s+DESCRIPTION/);
    expect(human.stdout).toMatch(/^\*\s+default\s/m);
    expect(human.stdout).toMatch(/^\s+empty\s/m);
    expect(human.stdout).toMatch(/^\s+large\s/m);
    expect(human.stdout).toContain('Loaded: default');

    const list = json<{ name: string; current: boolean }[]>(await run('scenario', 'list', '--json'));
    expect(list.map((s) => s.name).sort()).toEqual(['default', 'empty', 'large']);
    expect(list.find((s) => s.current)?.name).toBe('default');
  });

  it('loads a scenario with a seed, and the server reports it', async () => {
    const result = await run('scenario', 'load', 'empty', '--seed', '5');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Loaded scenario empty \(seed 5\) in \d+ ms/);
    expect(await api.get('/__mock/health')).toMatchObject({ status: 'ok', scenario: 'empty', seed: 5 });

    const answer = json(await run('scenario', 'load', 'default', '--seed', '1', '--json'));
    expect(answer).toMatchObject({ name: 'default', seed: 1 });
    expect(typeof answer.loadMs).toBe('number');
    expect(await api.get('/__mock/health')).toMatchObject({ scenario: 'default', seed: 1 });
  });

  it('refuses an unknown scenario and a bad seed (exit 2), changing nothing', async () => {
    const unknown = await run('scenario', 'load', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('/__mock/scenarios/nope');
    expect(unknown.stderr).toMatch(/404/);
    const badSeed = await run('scenario', 'load', 'empty', '--seed', 'abc');
    expect(badSeed.code).toBe(2);
    expect(badSeed.stderr).toContain("option '--seed <n>' argument 'abc' is invalid");
    expect(await api.get('/__mock/health')).toMatchObject({ scenario: 'default', seed: 1 });
    expect((await run('scenario', 'load')).code).toBe(2);
  });

  it('reset undoes changes made since the scenario was loaded', async () => {
    await api.post('/__mock/personas', { id: 'cli-reset-probe', roles: ['ROLE_USER'], contractIds: [1] });
    expect(
      (await api.get<{ id: string }[]>('/__mock/personas')).some((p) => p.id === 'cli-reset-probe'),
    ).toBe(true);
    const result = await run('scenario', 'reset');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Reset scenario default (seed 1)');
    expect(
      (await api.get<{ id: string }[]>('/__mock/personas')).some((p) => p.id === 'cli-reset-probe'),
    ).toBe(false);
    expect(json(await run('scenario', 'reset', '--json'))).toMatchObject({ scenario: 'default', seed: 1 });
  });

  it('exports the state to a file and imports it back', async () => {
    const file = path.join(dir, 'state.json');
    const exported = await run('scenario', 'export', file);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/Exported the state to .*state\.json \(\d+(\.\d)? (B|kB|MB)\)/);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toEqual(await api.get('/__mock/state'));

    // change the state, then import the file: the change is gone
    await api.post('/__mock/personas', { id: 'cli-import-probe', roles: ['ROLE_USER'], contractIds: [1] });
    const imported = await run('scenario', 'import', file);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`Imported the state from ${file}`);
    expect(
      (await api.get<{ id: string }[]>('/__mock/personas')).some((p) => p.id === 'cli-import-probe'),
    ).toBe(false);
    expect(json(await run('scenario', 'import', file, '--json'))).toMatchObject({ file });
  });

  it('exports to stdout with no file', async () => {
    const result = await run('scenario', 'export');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await api.get('/__mock/state'));
  });

  it('refuses a file that is missing or not JSON, changing nothing', async () => {
    const before = await api.get('/__mock/state');
    // the same mistake, the same exit code as `stub import`: a misuse (2)
    const missing = await run('scenario', 'import', path.join(dir, 'nope.json'));
    expect(missing.code).toBe(2);
    expect((await run('stub', 'import', path.join(dir, 'nope.json'))).code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, '{ not json');
    const notJson = await run('scenario', 'import', bad);
    expect(notJson.code).toBe(2);
    expect((await run('stub', 'import', bad)).code).toBe(2);
    expect(notJson.stderr).toContain('is not valid JSON');
    expect(await api.get('/__mock/state')).toEqual(before);
  });

  it('says when the mock server cannot be reached, with the address tried', async () => {
    const commands = [
      ['scenario', 'list'],
      ['scenario', 'load', 'empty'],
      ['scenario', 'reset'],
      ['scenario', 'export'],
    ];
    const results = await Promise.all(commands.map((args) => cli([...args, '--mock-url', DEAD_URL])));
    results.forEach((result, i) => {
      expect(result.code, commands[i]!.join(' ')).toBe(1);
      expect(result.stderr).toContain(`cannot reach the mock server at ${DEAD_URL}`);
    });
  });

  it('reads the address from MOCK_URL', async () => {
    const result = await cli(['scenario', 'list', '--json'], { env: { MOCK_URL: mock.url } });
    expect(result.code).toBe(0);
    const dead = await cli(['scenario', 'list'], { env: { MOCK_URL: DEAD_URL } });
    expect(dead.stderr).toContain(DEAD_URL);
  });
});
