import { describe, expect, it } from 'vitest';
import { cli } from './helpers.ts';

const commands = [
  ['serve'],
  ['scenario'],
  ['scenario', 'list'],
  ['scenario', 'load'],
  ['scenario', 'reset'],
  ['scenario', 'export'],
  ['scenario', 'import'],
  ['persona'],
  ['persona', 'list'],
  ['persona', 'login'],
  ['persona', 'create'],
  ['role'],
  ['role', 'show'],
  ['role', 'add'],
  ['role', 'remove'],
  ['role', 'set'],
  ['fault'],
  ['fault', 'add'],
  ['fault', 'list'],
  ['fault', 'clear'],
  ['latency'],
  ['journal'],
  ['test'],
  ['test', 'matrix'],
  ['contract-check'],
  ['doctor'],
];

describe('portal conventions', () => {
  it('every command has --help with examples (exit 0)', async () => {
    const results = await Promise.all(commands.map((c) => cli([...c, '--help'])));
    results.forEach((result, i) => {
      const name = commands[i]!.join(' ');
      expect(result.code, name).toBe(0);
      expect(result.stdout, name).toContain(`Usage: portal ${name}`);
      expect(result.stdout, name).toContain('Examples:');
      expect(result.stdout, name).toContain(`$ portal ${commands[i]![0]}`);
    });
  }, 120_000);

  it('every command that prints data offers --json', async () => {
    const printing = commands.filter((c) => c.length === 2 || ['latency', 'journal', 'test', 'contract-check', 'doctor'].includes(c[0]!));
    const results = await Promise.all(printing.map((c) => cli([...c, '--help'])));
    results.forEach((result, i) => expect(result.stdout, printing[i]!.join(' ')).toContain('--json'));
  }, 120_000);

  it('misuse exits 2 with a message: unknown command, unknown option, no command', async () => {
    const unknown = await cli(['scenarios']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'scenarios'");
    expect(unknown.stderr).toContain('(Did you mean scenario?)');
    const option = await cli(['persona', 'list', '--colour']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--colour'");
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: portal');
    const group = await cli(['fault']);
    expect(group.code).toBe(2);
    const badUrl = await cli(['scenario', 'list', '--mock-url', 'localhost']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('expected an http(s) address');
  });

  it('--version prints the version', async () => {
    const result = await cli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
