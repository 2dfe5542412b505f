/**
 * The Playwright command of `portal test`: the specs, --grep and --tag, the workers and the
 * environment the suites read (stack addresses, persona, scenario, JUnit file).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError, UsageError } from '../../lib/errors.ts';
import { e2eDir, e2eTestsDir } from '../../lib/paths.ts';
import type { PlaywrightPlan } from '../../lib/playwright.ts';
import { commandLine } from '../../lib/shell.ts';
import { suites } from '../../lib/suites.ts';

export const MATRIX_SPEC = 'tests/matrix/role-matrix.spec.ts';

export interface TestOptions {
  mockPort?: number;
  portalPort?: number;
  junit?: string;
  suite?: string[];
  grep?: string;
  tag?: string[];
  file?: string[];
  persona?: string;
  scenario?: string;
  headed?: boolean;
  project?: string;
  workers?: number;
  baseUrl?: string;
  list?: boolean;
  matrix?: boolean;
  live?: boolean;
  dryRun?: boolean;
  json?: boolean;
  route?: string;
  failOnViolations?: boolean;
}

/** A spec file given as a path from here, from e2e/ or from e2e/tests/: its path from e2e/. */
function specPath(file: string): string {
  const candidates = [path.resolve(file), path.join(e2eDir, file), path.join(e2eTestsDir, file)];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!found) throw new UsageError(`no spec file ${file} (looked in ., e2e/ and e2e/tests/)`);
  return path.relative(e2eDir, found);
}

export /** The stack the tests run against: what the user said, nothing else. */
interface TestTarget {
  /** --mock-url or MOCK_URL when given: the suites use that mock server and start none */
  mockUrl?: string;
  /** the --partition of `portal test matrix --live`: the personas it printed live there */
  partition?: string;
  /**
   * With a mock server that outlives the run: the partition whose stubs, faults and latency the
   * tests inherit and whose journal gets their calls (--partition, else 'default'), and the run's
   * id, which starts the name of every test's partition
   */
  run?: { partition: string; id: string };
}

/** A --grep value: a regular expression, else a usage error (exit 2). */
function checkedRegExp(value: string): string {
  try {
    new RegExp(value);
  } catch (error) {
    throw new UsageError(`--grep "${value}" is not a valid regular expression: ${(error as Error).message}`);
  }
  return value;
}

/**
 * Playwright's --grep for --grep and --tag together: a test must match both (tags among
 * themselves: any of them). A tag matches whole (`@smoke` not `@smoke-extra`).
 */
function combinedGrep(grep: string | undefined, tags: readonly string[]): string | undefined {
  const tagPattern = tags.length
    ? `(?:${tags
        .map((t) => (t.startsWith('@') ? t : `@${t}`))
        .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|')})(?![\\w-])`
    : undefined;
  if (grep && tagPattern) return `^(?=.*(?:${grep}))(?=.*${tagPattern})`;
  return grep ?? tagPattern;
}

export function playwrightPlan(
  opts: TestOptions,
  files: readonly string[],
  target: TestTarget = {},
  passthrough: readonly string[] = [],
): PlaywrightPlan {
  const args = ['playwright', 'test'];
  const known = suites();
  for (const suite of opts.suite ?? []) {
    if (!known.includes(suite)) {
      throw new UsageError(`no suite "${suite}" under e2e/tests`, [
        `suites: ${known.join(', ') || '(none yet)'}`,
      ]);
    }
    args.push(`tests/${suite}/`);
  }
  for (const file of [...(opts.file ?? []), ...files]) args.push(specPath(file));
  const grep = combinedGrep(opts.grep === undefined ? undefined : checkedRegExp(opts.grep), opts.tag ?? []);
  if (grep) args.push('--grep', grep);
  if (opts.headed) args.push('--headed');
  if (opts.project) args.push('--project', opts.project);
  if (opts.workers) args.push('--workers', String(opts.workers));
  // listing only: a reporter that writes no HTML report, so the last run's report stays; with
  // --json, Playwright's JSON listing, which `portal` reads and summarises
  if (opts.list) args.push('--list', opts.json ? '--reporter=json' : '--reporter=list');
  args.push(...withJunitReporter(passthrough, opts.junit));
  const env: Record<string, string> = {};
  if (opts.persona) env.E2E_PERSONA = opts.persona;
  if (opts.scenario) env.E2E_SCENARIO = opts.scenario;
  if (opts.junit) {
    env.E2E_JUNIT_FILE = path.resolve(opts.junit);
    // read by Playwright's junit reporter when a --reporter after -- replaces the config's list
    env.PLAYWRIGHT_JUNIT_OUTPUT_FILE = path.resolve(opts.junit);
  }
  if (opts.baseUrl) env.E2E_BASE_URL = opts.baseUrl;
  else if (opts.portalPort !== undefined) env.E2E_PORTAL_PORT = String(opts.portalPort);
  if (target.mockUrl) env.E2E_MOCK_URL = target.mockUrl;
  else if (opts.mockPort !== undefined) env.E2E_MOCK_PORT = String(opts.mockPort);
  if (target.partition) env.E2E_PARTITION = target.partition;
  if (target.run) {
    env.E2E_RUN_PARTITION = target.run.partition;
    env.E2E_RUN_ID = target.run.id;
  }
  const before = opts.list ? [] : [['node', 'scripts/ensure-browser.mjs']];
  return { cwd: e2eDir, before, command: 'npx', args, env };
}

/**
 * Playwright's words with a `--reporter` after `--` that replaces the config's reporters (its junit
 * among them): junit is added to that list when --junit asks for the file, so it is written whatever
 * reporter is passed.
 */
function withJunitReporter(passthrough: readonly string[], junit: string | undefined): string[] {
  const words = [...passthrough];
  if (!junit) return words;
  const at = words.findIndex((w) => w === '--reporter' || w.startsWith('--reporter='));
  if (at < 0) return words;
  const word = words[at] as string;
  const inline = word.startsWith('--reporter=');
  const list = inline ? word.slice('--reporter='.length) : (words[at + 1] ?? '');
  if (list.split(',').includes('junit')) return words;
  if (inline) words[at] = `--reporter=${list},junit`;
  else words[at + 1] = `${list},junit`;
  return words;
}

export /** Runs the checks before Playwright (the browser); a failure stops with its output (exit 1). */
function runBefore(plan: PlaywrightPlan): void {
  for (const [command = '', ...args] of plan.before) {
    const result = spawnSync(command, args, {
      cwd: plan.cwd,
      encoding: 'utf8',
      env: { ...process.env, ...plan.env },
    });
    if (result.status !== 0) {
      throw new CliError(`${commandLine(command, args)} failed: no browser for the end-to-end tests`, 1, [
        ...`${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').filter(Boolean),
        'run `npx portal doctor` for the details',
      ]);
    }
  }
}
