/**
 * `portal test merge`: two shards of a tiny Playwright suite (no browser), each run with
 * `--shard i/2 --reporter blob`, merged into one HTML report and one JUnit file; and the JUnit file
 * `portal test --junit` asks for, written whatever reporter follows `--`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, cli, json } from './helpers.ts';

const run = promisify(execFile);
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const TITLES = ['adds', 'subtracts', 'multiplies', 'divides'];

/** A folder holding a four-test suite that needs no browser, and Playwright to run it. */
let suite: string;
beforeAll(async () => {
  suite = await mkdtemp(path.join(os.tmpdir(), 'portal-shards-'));
  await mkdir(path.join(suite, 'node_modules'));
  await symlink(
    path.join(ROOT, 'node_modules', '@playwright'),
    path.join(suite, 'node_modules', '@playwright'),
  );
  await writeFile(
    path.join(suite, 'shards.config.ts'),
    "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', testMatch: 'sums.spec.ts', fullyParallel: true, workers: 1 });\n",
  );
  await writeFile(
    path.join(suite, 'sums.spec.ts'),
    "import { expect, test } from '@playwright/test';\n" +
      TITLES.map((title, i) => `test('${title}', () => expect(${i} + 1).toBe(${i + 1}));`).join('\n'),
  );
}, 30_000);

/** Runs Playwright on the suite, with these words and environment. */
function playwright(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [PLAYWRIGHT, 'test', '-c', 'shards.config.ts', ...args], {
    cwd: suite,
    env: { ...process.env, CI: '', ...env },
  });
}

/** The test names of a JUnit file. */
async function junitNames(file: string): Promise<string[]> {
  const xml = await readFile(file, 'utf8');
  return [...xml.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1] as string).sort();
}

describe('portal test merge', () => {
  it("merges two shards' blob reports into one HTML report and one JUnit file", async () => {
    const shards = [path.join(suite, 'machine-1'), path.join(suite, 'machine-2')];
    const perShard: string[][] = [];
    for (const [index, dir] of shards.entries()) {
      const own = path.join(dir, 'own.xml');
      await playwright(['--shard', `${index + 1}/2`, '--reporter', 'blob,junit'], {
        PLAYWRIGHT_BLOB_OUTPUT_DIR: dir,
        PLAYWRIGHT_JUNIT_OUTPUT_FILE: own,
      });
      perShard.push(await junitNames(own));
    }
    // each machine ran part of the suite only
    expect(perShard.map((names) => names.length)).toEqual([2, 2]);
    const html = path.join(suite, 'merged-report');
    const junit = path.join(suite, 'merged.xml');
    const merged = await cli(['test', 'merge', ...shards, '--html', html, '--junit', junit], {
      timeoutMs: 120_000,
    });
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toContain(`HTML report: ${path.join(html, 'index.html')}`);
    expect(merged.stdout).toContain(`JUnit report: ${junit}`);
    expect(existsSync(path.join(html, 'index.html'))).toBe(true);
    expect(await junitNames(junit)).toEqual([...TITLES].sort());
    expect(await readFile(junit, 'utf8')).toContain('tests="4" failures="0"');
  }, 180_000);

  it('refuses a folder that is missing or holds no blob report (exit 2); --dry-run shows the call', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'portal-no-blob-'));
    const [missing, none] = await Promise.all([
      cli(['test', 'merge', path.join(empty, 'nope')]),
      cli(['test', 'merge', empty]),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no folder');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`no blob report (*.zip) in ${empty}`);

    await writeFile(path.join(empty, 'report-1.zip'), 'zip');
    const plan = json(await cli(['test', 'merge', empty, '--junit', 'j.xml', '--dry-run', '--json']));
    expect(plan.args.slice(0, 4)).toEqual(['playwright', 'merge-reports', '--reporter', 'html,junit']);
    expect(plan.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE).toBe(path.resolve(ROOT, 'j.xml'));
  });
});

describe('portal test --junit, whatever the reporter after --', () => {
  it('the words and environment it gives Playwright write the JUnit file beside a dot reporter', async () => {
    const file = path.join(suite, 'dot-run.xml');
    const plan = json(await cli(['test', '--dry-run', '--json', '--junit', file, '--', '--reporter=dot']));
    const reporter = (plan.args as string[]).find((a) => a.startsWith('--reporter='));
    expect(reporter).toBe('--reporter=dot,junit');
    await playwright([reporter as string], {
      PLAYWRIGHT_JUNIT_OUTPUT_FILE: plan.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE,
    });
    expect(await junitNames(file)).toEqual([...TITLES].sort());
  }, 60_000);
});
