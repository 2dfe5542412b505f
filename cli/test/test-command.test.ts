/** `portal test`: a JUnit file whatever the reporter, the mock it targets, the matrix's --route. */
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { run } = useMockServer();

/** A folder with an `npx` that runs no test and writes nothing (the stand-in for Playwright). */
let fakeBin: string;
beforeAll(async () => {
  fakeBin = await mkdtemp(path.join(os.tmpdir(), 'portal-npx-'));
  await writeFile(path.join(fakeBin, 'npx'), '#!/bin/sh\necho "fake playwright $*"\nexit 0\n');
  await chmod(path.join(fakeBin, 'npx'), 0o755);
});

describe('portal test --junit', () => {
  it('adds junit to a reporter given after -- (both spellings), and keeps one already there', async () => {
    const inline = json(
      await cli(['test', '--dry-run', '--json', '--junit', 'j.xml', '--', '--reporter=dot']),
    );
    expect(inline.args).toContain('--reporter=dot,junit');
    expect(inline.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE).toMatch(/j\.xml$/);
    const split = json(
      await cli(['test', '--dry-run', '--json', '--junit', 'j.xml', '--', '--reporter', 'line,html']),
    );
    expect(split.args.slice(-2)).toEqual(['--reporter', 'line,html,junit']);
    const already = json(
      await cli(['test', '--dry-run', '--json', '--junit', 'j.xml', '--', '--reporter=junit']),
    );
    expect(already.args).toContain('--reporter=junit');
  });

  it('fails (exit 1) when the run wrote no JUnit file, instead of passing silently', async () => {
    const file = path.join(fakeBin, 'never-written.xml');
    const result = await cli(['test', '--junit', file, '--', '--reporter=dot'], {
      env: { PATH: `${fakeBin}:${process.env.PATH ?? ''}` },
    });
    expect(result.stdout).toContain('fake playwright');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Playwright wrote no JUnit report at ${file}`);
  });
});

describe('portal test: the mock server it targets', () => {
  it('refuses --mock-port when MOCK_URL names a mock server (exit 2), naming both', async () => {
    const result = await cli(['test', '--dry-run', '--mock-port', '3131'], {
      env: { MOCK_URL: 'http://localhost:3999' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--mock-port 3131');
    expect(result.stderr).toContain('http://localhost:3999');
  });
});

describe('portal test --matrix', () => {
  it('takes --route like `portal test matrix`, and refuses it without --matrix', async () => {
    const filtered = json(await run('test', '--matrix', '--route', '/travaux/**', '--json'));
    expect(filtered.routes.map((r: { path: string }) => r.path)).toEqual([
      // `/travaux/**` takes `/travaux` itself too
      '/travaux',
      '/travaux/nouveau',
      '/travaux/:workId',
      '/travaux/edition/:workId',
    ]);
    const alone = await cli(['test', '--route', '/travaux/**', '--dry-run']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--route goes with --matrix');
  });
});

describe('portal serve: the ports', () => {
  it('refuses port 0 and a port another server holds, before saying anything is ready', async () => {
    const zero = await cli(['serve', '--only', 'mock', '--mock-port', '0', '--dry-run']);
    expect(zero.code).toBe(2);
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const held = (holder.address() as AddressInfo).port;
    try {
      const result = await cli(['serve', '--only', 'mock', '--mock-port', String(held)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${held} (mock server) is in use by another server`);
      expect(result.stdout + result.stderr).not.toContain('Mock server ready');
    } finally {
      holder.close();
    }
  });
});
