/** Every bad value is refused with exit 2 and a message naming it; --json errors are JSON on stderr. */
import { describe, expect, it } from 'vitest';
import { cli, freePort, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { run } = useMockServer();

/** The JSON error object a command wrote on stderr with --json. */
function jsonError(stderr: string): { message: string; exitCode: number; hints: string[] } {
  return (JSON.parse(stderr.trim().split('\n').at(-1) ?? '') as { error: ReturnType<typeof jsonError> })
    .error;
}

describe('bad values exit 2 with a message', () => {
  it('names a bad environment variable, and an empty one means the default', async () => {
    const port = await cli(['serve', '--dry-run'], { env: { MOCK_PORT: 'abc' } });
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('MOCK_PORT=abc is not valid: expected a whole number');
    const portal = await cli(['serve', '--dry-run'], { env: { PORTAL_PORT: '70000' } });
    expect(portal.code).toBe(2);
    expect(portal.stderr).toContain('PORTAL_PORT=70000 is not valid');
    const mockUrl = await cli(['scenario', 'list'], { env: { MOCK_URL: 'localhost:3001' } });
    expect(mockUrl.code).toBe(2);
    expect(mockUrl.stderr).toContain('MOCK_URL=localhost:3001 is not valid: expected an http(s) address');
    const partition = await cli(['scenario', 'list'], { env: { MOCK_PARTITION: 'a b' } });
    expect(partition.code).toBe(2);
    expect(partition.stderr).toContain('MOCK_PARTITION=a b is not valid');
    const empty = json(await cli(['test', '--dry-run', '--json'], { env: { MOCK_URL: '' } }));
    expect(empty.env).toEqual({});
  });

  it('refuses unknown names and ids the mock server does not know', async () => {
    const scenario = await run('scenario', 'load', 'nope');
    expect(scenario.code).toBe(2);
    expect(scenario.stderr).toContain('Unknown scenario "nope"');
    const persona = await run('persona', 'login', 'nobody');
    expect(persona.code).toBe(2);
    const fault = await run('fault', 'clear', '999');
    expect(fault.code).toBe(2);
    expect(fault.stderr).toContain('999');
    const partition = await run('scenario', 'list', '--partition', 'no spaces');
    expect(partition.code).toBe(2);
    expect(partition.stderr).toContain('expected a partition name');
    const grep = await cli(['test', '--dry-run', '--grep', '[a-']);
    expect(grep.code).toBe(2);
    expect(grep.stderr).toContain('is not a valid regular expression');
  });

  it('help names an unknown command', async () => {
    const result = await cli(['help', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "nope"');
    expect(result.stderr).toMatch(/commands: serve, scenario/);
  });
});

describe('--json errors and causes', () => {
  it('writes a JSON object on stderr, for commander errors and for failures', async () => {
    const usage = await cli(['fault', 'add', '--path', 'api', '--status', '500', '--json']);
    expect(usage.code).toBe(2);
    expect(usage.stdout).toBe('');
    expect(jsonError(usage.stderr)).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('--path'),
    });
    const unknown = await run('scenario', 'load', 'nope', '--json');
    expect(jsonError(unknown.stderr)).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('Unknown scenario "nope"'),
    });
  });

  it('keeps the cause of an unreachable server (ECONNREFUSED, not "fetch failed")', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const result = await cli(['scenario', 'list', '--mock-url', dead, '--json']);
    expect(result.code).toBe(1);
    const error = jsonError(result.stderr);
    expect(error.message).toContain(`cannot reach the mock server at ${dead}`);
    expect(error.message).toContain('ECONNREFUSED');
  });
});
