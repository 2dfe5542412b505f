// A command answers in a fraction of a second of CPU: `portal` runs its bundle (bin/portal.mjs),
// not the TypeScript sources through a compiler on every call.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DEAD_URL, ROOT } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/portal.mjs', import.meta.url));

/** The CPU time (user + system, in seconds) of one `portal` call, measured inside its process. */
function cpuSeconds(args: readonly string[]): { seconds: number; stdout: string; stderr: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-speed-'));
  const probe = path.join(dir, 'cpu.mjs');
  writeFileSync(
    probe,
    "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\nCPU ${(u.user + u.system) / 1e6}\\n`); });\n",
  );
  const result = spawnSync(process.execPath, ['--import', probe, BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', MOCK_URL: '' },
  });
  const cpu = /CPU ([\d.]+)/.exec(result.stderr);
  if (!cpu) throw new Error(`no CPU figure (exit ${result.status}): ${result.stderr}`);
  return { seconds: Number(cpu[1]), stdout: result.stdout, stderr: result.stderr };
}

test('a command costs under a second of CPU (the bundle, built once)', () => {
  // the first call builds the bundle when the sources changed since the last one
  cpuSeconds(['--version']);
  const version = cpuSeconds(['--version']);
  expect(version.stdout.trim()).toBe('0.1.0');
  expect(version.seconds).toBeLessThan(1);
  const help = cpuSeconds(['stub', 'add', '--help']);
  expect(help.stdout).toContain('--path');
  expect(help.seconds).toBeLessThan(1);
  const failed = cpuSeconds(['stub', 'list', '--mock-url', DEAD_URL]);
  expect(failed.stderr).toContain('cannot reach the mock server');
  expect(failed.seconds).toBeLessThan(1);
});
