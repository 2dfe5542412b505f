import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/program.ts';
import { cli } from './helpers.ts';

/** Every command of the program, with its path: [['scenario'], ['scenario', 'list'], ...]. */
function commandPaths(command: Command, prefix: string[] = []): { path: string[]; command: Command }[] {
  return command.commands
    .filter((c) => c.name() !== 'help')
    .flatMap((c) => [{ path: [...prefix, c.name()], command: c }, ...commandPaths(c, [...prefix, c.name()])]);
}

/** The help a person sees for a command (commander's text plus the examples block). */
function helpOf(command: Command): string {
  let out = '';
  command.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (out += s) });
  command.outputHelp();
  return out;
}

const GROUPS = ['scenario', 'persona', 'role', 'stub', 'fault', 'partition'];
/** Commands that print no data: a shell script. */
const NO_DATA = ['completion'];

describe('portal conventions', () => {
  const all = commandPaths(buildProgram());

  it('has every command of the issue', () => {
    expect(all.map((c) => c.path.join(' '))).toEqual(
      expect.arrayContaining([
        'serve',
        'scenario list',
        'scenario load',
        'scenario reset',
        'scenario export',
        'scenario import',
        'persona list',
        'persona login',
        'persona create',
        'role show',
        'role add',
        'role remove',
        'role set',
        'stub add',
        'stub list',
        'stub remove',
        'stub import',
        'stub clear',
        'fault add',
        'fault list',
        'fault clear',
        'latency',
        'record',
        'journal',
        'journal verify',
        'journal capture',
        'test',
        'test matrix',
        'test report',
        'test trace',
        'contract-check',
        'partition list',
        'partition delete',
        'doctor',
        'completion',
      ]),
    );
  });

  it('every command has help with examples', () => {
    for (const { path, command } of all) {
      const help = helpOf(command);
      expect(help, path.join(' ')).toContain(`Usage: portal ${path.join(' ')}`);
      expect(help, path.join(' ')).toContain('Examples:');
      expect(help, path.join(' ')).toContain(`$ portal ${path[0]}`);
    }
  });

  it('every command that prints data offers --json', () => {
    const printing = all.filter(
      ({ path }) => !(path.length === 1 && (GROUPS.includes(path[0]!) || NO_DATA.includes(path[0]!))),
    );
    for (const { path, command } of printing) {
      expect(
        command.options.map((o) => o.long),
        path.join(' '),
      ).toContain('--json');
    }
  });

  it('--help exits 0 from the binary, at every level', async () => {
    const results = await Promise.all(
      [['--help'], ['scenario', '--help'], ['fault', 'add', '--help'], ['help', 'journal']].map((args) =>
        cli(args),
      ),
    );
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: portal');
      expect(result.stdout).toContain('Examples:');
    }
  });

  it('misuse exits 2 with a message: unknown command, unknown option, no command', async () => {
    const [unknown, option, none, group, badUrl] = await Promise.all([
      cli(['scenarios']),
      cli(['persona', 'list', '--colour']),
      cli([]),
      cli(['fault']),
      cli(['scenario', 'list', '--mock-url', 'localhost']),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'scenarios'");
    expect(unknown.stderr).toContain('(Did you mean scenario?)');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--colour'");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: portal');
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('Usage: portal fault');
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('expected an http(s) address');
  });

  it('--version prints the version', async () => {
    const result = await cli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
