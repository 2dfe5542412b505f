// A cancelled run leaves nothing behind: SIGTERM or SIGINT to `portal test` stops Playwright and
// the servers it started, and their ports are free again.
import { readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ROOT, freePort } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/portal.mjs', import.meta.url));

/** Whether a server listens on the port (a connection is accepted). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The processes whose command line holds this text (read from /proc). */
function processesWith(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (command.includes(text)) found.push(`${pid}: ${command}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const CASES = [
  { name: 'SIGTERM to portal', signal: 'SIGTERM', group: false },
  { name: 'SIGINT to portal', signal: 'SIGINT', group: false },
  // what a terminal does: every process of the foreground group gets it at once
  { name: 'Ctrl-C in a terminal (SIGINT to the whole group)', signal: 'SIGINT', group: true },
] as const;

for (const { name, signal, group } of CASES) {
  it(`${name} stops Playwright and the mock server it started, and frees its port`, async () => {
    const port = await freePort();
    // a portal that is not started (--base-url): the mock server is the one server of the run
    const child = spawn(
      process.execPath,
      [
        BIN,
        'test',
        'tests/infra/control-api.spec.ts',
        '--mock-port',
        String(port),
        '--base-url',
        'http://127.0.0.1:9',
        // long enough to be running still when the signal comes
        '--',
        '--repeat-each',
        '200',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1', MOCK_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await until(() => listening(port), 90_000, `the mock server on port ${port}\n${output}`);
    // the tests running: Playwright's workers and browser are up too
    await until(async () => /Running \d+ tests? using/.test(output), 60_000, `the run started\n${output}`);
    expect(processesWith(`--port ${port}`).length).toBeGreaterThan(0);

    if (group && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
    const code = await Promise.race([
      closed,
      new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 40_000)),
    ]);
    expect(code, output).not.toBe('running');
    expect(code).not.toBe(0);
    await until(async () => !(await listening(port)), 10_000, `port ${port} freed`);
    // the server's parents (npm, tsx) end once it has
    await until(
      async () => processesWith(`--port ${port}`).length === 0,
      10_000,
      'the server processes gone',
    );
    expect(processesWith('playwright test tests/infra/control-api.spec.ts')).toEqual([]);
  }, 180_000);
}
