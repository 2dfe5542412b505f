/** `portal partition`, `portal completion` and `serve --watch`, against a real mock server. */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATENCY_DISTRIBUTIONS } from '@portal/mock-server/control';
import { PERSONAS, scenarioNames } from '@portal/fixtures';
import { ROOT, cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { api, run } = useMockServer();

describe('portal partition', () => {
  it('lists the partitions, the most recent first, and deletes one (never the default one)', async () => {
    await run('scenario', 'load', 'empty', '--partition', 'qa-1');
    await run('stub', 'add', '--path', '/api/contracts', '--body', '[]', '--partition', 'qa-1');
    const listed = json<{ name: string; scenario: string; rules: number }[]>(
      await run('partition', 'list', '--json'),
    );
    expect(listed[0]).toMatchObject({ name: 'qa-1', scenario: 'empty', rules: 1 });
    expect(listed.map((p) => p.name)).toContain('default');
    const table = await run('partition', 'list');
    expect(table.stdout).toMatch(/NAME\s+SCENARIO\s+SEED\s+RULES\s+LAST USED/);
    expect(table.stdout).toMatch(/qa-1\s+empty\s+\d+\s+1\s+\d{4}-/);

    const deleted = await run('partition', 'delete', 'qa-1');
    expect(deleted.stdout).toContain('Deleted partition qa-1');
    expect((await api.get<{ name: string }[]>('/__mock/partitions')).map((p) => p.name)).not.toContain(
      'qa-1',
    );
    const again = await run('partition', 'delete', 'qa-1');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('qa-1');
    const main = await run('partition', 'delete', 'default');
    expect(main.code).toBe(2);
    expect(main.stderr).toContain('The default partition cannot be deleted');
    expect((await run('partition', 'delete', 'bad name')).code).toBe(2);
  });
});

/** `complete(...words)`: what bash completes for `portal words...` with the generated script. */
async function bashCompleter(): Promise<(...words: string[]) => string> {
  const result = await cli(['completion', 'bash']);
  expect(result.code).toBe(0);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-completion-'));
  const script = path.join(dir, 'portal.bash');
  await writeFile(script, result.stdout);
  return (...words: string[]) =>
    execFileSync(
      'bash',
      [
        '-c',
        `source ${script}; COMP_WORDS=(portal ${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length}; _portal; echo "\${COMPREPLY[@]}"`,
      ],
      { encoding: 'utf8' },
    ).trim();
}

describe('portal completion', () => {
  it('bash completes commands, subcommands and options from the program itself', async () => {
    const complete = await bashCompleter();
    expect(complete('st')).toBe('stub');
    expect(complete('journal', 've')).toBe('verify');
    expect(complete('stub', 'add', '--seq')).toBe('--sequence');
    expect(complete('partition', '')).toBe('list delete --help');
  });

  it('bash completes option and argument values from the fixtures, the contract and e2e/tests', async () => {
    const complete = await bashCompleter();
    const personas = PERSONAS.map((p) => p.id);
    // persona ids: of --persona everywhere, of the argument of persona login and role
    expect(complete('journal', '--persona', '').split(' ')).toEqual(personas);
    expect(complete('persona', 'login', 'portal-')).toBe('portal-admin');
    expect(complete('role', 'add', 'agent', 'ROLE_SIGNAL_')).toBe('ROLE_SIGNAL_NOTIFY ROLE_SIGNAL_OPERATOR');
    expect(complete('role', 'add', 'agent', 'ROLE_HYDRO', 'ROLE_SIGNAL_N')).toBe('ROLE_SIGNAL_NOTIFY');
    // scenario names: of scenario load, serve and test --scenario; not of a rule's --scenario
    expect(complete('scenario', 'load', '').split(' ')).toEqual(expect.arrayContaining(scenarioNames));
    expect(complete('serve', '--scenario', '').split(' ')).toEqual(scenarioNames);
    expect(complete('test', '--persona', 'agent', '--scenario', 'em')).toBe('empty');
    expect(complete('stub', 'add', '--scenario', '')).toBe('');
    // suites: the folders of e2e/tests
    const suites = readdirSync(path.join(ROOT, 'e2e', 'tests'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(complete('test', '--suite', '').split(' ')).toEqual(suites);
    // choices: latency profiles and distributions, serve --only
    expect(complete('latency', '--distribution', '')).toBe(LATENCY_DISTRIBUTIONS.join(' '));
    expect(complete('latency', 'fl')).toBe('flaky');
    expect(complete('serve', '--only', '')).toBe('mock portal');
    // after an option's value, the options again
    expect(complete('latency', '--distribution', 'lognormal', '--me')).toBe('--median');
  });

  it('zsh and fish scripts, and an unknown shell is refused', async () => {
    expect((await cli(['completion', 'zsh'])).stdout).toContain('bashcompinit');
    const fish = (await cli(['completion', 'fish'])).stdout;
    expect(fish).toContain(
      "complete -c portal -n '__fish_use_subcommand' -a 'serve scenario persona role stub fault",
    );
    expect(fish).toContain("complete -c portal -n '__fish_seen_subcommand_from verify' -l count");
    expect(fish).toContain(
      "complete -c portal -n '__fish_seen_subcommand_from serve' -l scenario -x -a 'default empty large'",
    );
    expect(fish).toContain(
      "complete -c portal -n '__fish_seen_subcommand_from latency' -a 'none fast slow flaky'",
    );
    const bad = await cli(['completion', 'powershell']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are bash, zsh, fish');
  });
});

describe('portal serve --watch', () => {
  it('runs the mock under tsx watch, and refuses --watch without a mock', async () => {
    const plan = json<{ name: string; command: string }[]>(
      await cli(['serve', '--only', 'mock', '--watch', '--dry-run', '--json']),
    );
    expect(plan[0]?.command).toMatch(
      /node_modules\/tsx\/dist\/cli\.mjs watch --clear-screen=false mock-server\/src\/main\.ts/,
    );
    const noMock = await cli(['serve', '--watch', '--api-url', 'https://api.example.org', '--dry-run']);
    expect(noMock.code).toBe(2);
    expect(noMock.stderr).toContain('--watch restarts the mock server');
  });
});
