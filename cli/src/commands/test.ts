/**
 * `portal test`: the Playwright suites (all, or by suite, tag or file; for a persona or scenario;
 * headed or headless), and `portal test matrix`: every route against every persona.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { compileGlob, type ViolationEntry } from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { CliError, UsageError } from '../lib/errors.ts';
import { examples, explicitMockUrlOf, integer, port, url, wordList } from '../lib/options.ts';
import { note, print, printJson } from '../lib/output.ts';
import { violationLine } from './journal.ts';
import { e2eDir, e2eTestsDir, playwrightReportFile } from '../lib/paths.ts';
import { registerMerge } from './test-merge.ts';
import { planLine, printPlan, runPlaywright, type PlaywrightPlan } from '../lib/playwright.ts';
import { commandLine } from '../lib/shell.ts';
import {
  LIVE_EXCLUDED,
  computeMatrix,
  matrixTable,
  type Matrix,
  type MatrixObservation,
  type MatrixPersona,
} from '../lib/matrix.ts';

const MATRIX_SPEC = 'tests/matrix/role-matrix.spec.ts';

interface TestOptions {
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

interface MatrixOptions {
  live?: boolean;
  persona?: string[];
  route?: string;
  headed?: boolean;
  baseUrl?: string;
  json?: boolean;
  dryRun?: boolean;
}

/** The suites: the folders under e2e/tests (what --suite takes). */
export function suites(): string[] {
  if (!existsSync(e2eTestsDir)) return [];
  return readdirSync(e2eTestsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** A spec file given as a path from here, from e2e/ or from e2e/tests/: its path from e2e/. */
function specPath(file: string): string {
  const candidates = [path.resolve(file), path.join(e2eDir, file), path.join(e2eTestsDir, file)];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!found) throw new UsageError(`no spec file ${file} (looked in ., e2e/ and e2e/tests/)`);
  return path.relative(e2eDir, found);
}

/** The stack the tests run against: what the user said, nothing else. */
interface TestTarget {
  /** --mock-url or MOCK_URL when given: the suites use that mock server and start none */
  mockUrl?: string;
  /** the --partition of `portal test matrix --live`: the personas it printed live there */
  partition?: string;
}

/** The suites that read --persona (E2E_PERSONA); the others sign in as each test chooses. */
const PERSONA_SUITES = ['tests/smoke/persona.spec.ts', MATRIX_SPEC];

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

function playwrightPlan(
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

/** Runs the checks before Playwright (the browser); a failure stops with its output (exit 1). */
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

/**
 * The HTML report if this run wrote it (modified after `startedAt`), else null: a report left by
 * an earlier run says nothing about this one. Times are compared to the second, as some file
 * systems keep no finer modification time.
 */
export function reportWrittenSince(startedAt: number, file = playwrightReportFile()): string | null {
  if (!existsSync(file)) return null;
  return statSync(file).mtimeMs >= Math.floor(startedAt / 1000) * 1000 ? file : null;
}

function reportLine(startedAt: number): void {
  const report = reportWrittenSince(startedAt);
  if (report) {
    print(`HTML report: ${report}`);
    print(`  open it with: npx playwright show-report ${path.dirname(report)}`);
  } else note(`This run wrote no HTML report (${playwrightReportFile()}).`);
}

/** One test of a `--list --json` listing. */
export interface ListedTest {
  file: string;
  /** describe titles and the test title, joined by " › " */
  title: string;
  tags: string[];
  line: number;
  project: string;
}

interface JsonSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tags?: string[];
    tests?: { projectName?: string }[];
  }[];
  suites?: JsonSuite[];
}

/** The tests of Playwright's JSON report (`--list --reporter=json`), in file order. */
export function listedTests(report: { suites?: JsonSuite[] }): ListedTest[] {
  const out: ListedTest[] = [];
  const walk = (suite: JsonSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const title = [...titles, spec.title].join(' › ');
      const tags = [
        ...new Set([
          ...(spec.tags ?? []).map((t) => (t.startsWith('@') ? t : `@${t}`)),
          ...(title.match(/@[\w-]+/g) ?? []),
        ]),
      ];
      for (const test of spec.tests ?? [{}]) {
        out.push({ file: spec.file, title, tags, line: spec.line, project: test.projectName ?? '' });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // the top suites are the files: their title is the path, not part of the test's title
  for (const file of report.suites ?? []) walk(file, []);
  return out;
}

async function listTestsJson(plan: PlaywrightPlan): Promise<void> {
  const { code, stdout } = await runPlaywright(plan, 'capture');
  let report: { suites?: JsonSuite[]; errors?: { message?: string }[] };
  try {
    report = JSON.parse(stdout) as typeof report;
  } catch {
    throw new CliError(
      `Playwright exited with ${code} without a JSON listing`,
      1,
      stdout.trim() ? [stdout.trim().slice(0, 2000)] : [],
    );
  }
  const tests = listedTests(report);
  const errors = (report.errors ?? []).map((e) => e.message ?? String(e));
  printJson({ exitCode: code, passed: code === 0, count: tests.length, tests, errors });
  if (code !== 0) process.exitCode = 1;
}

async function runTests(
  files: string[],
  opts: TestOptions,
  command: Command,
  passthrough: readonly string[],
): Promise<void> {
  const mockUrl = explicitMockUrlOf(command);
  if (mockUrl && opts.mockPort !== undefined)
    throw new UsageError(
      `--mock-port ${opts.mockPort} starts a mock server, but --mock-url or MOCK_URL (${mockUrl}) says to use that one`,
      ['give one of them: unset MOCK_URL to start a mock on --mock-port, or drop --mock-port'],
    );
  if (opts.failOnViolations && !mockUrl)
    throw new UsageError(
      '--fail-on-violations reads the violations from a mock server that outlives the run: give its address with --mock-url (or MOCK_URL)',
      [
        'start one with `portal serve --only mock --validate --mock-port 3101`, then `portal test --mock-url http://localhost:3101 --fail-on-violations`',
      ],
    );
  const plan = playwrightPlan(opts, files, { mockUrl }, passthrough);
  if (opts.persona) {
    const selected = plan.args.filter((a) => a.startsWith('tests/'));
    const reading = selected.length
      ? PERSONA_SUITES.filter((spec) => selected.some((s) => spec.startsWith(s) || s === spec))
      : PERSONA_SUITES;
    note(
      reading.length
        ? `--persona ${opts.persona} is read by ${reading.join(' and ')}; the other specs sign in as each test says.`
        : `--persona ${opts.persona} is read by ${PERSONA_SUITES.join(' and ')} only: none of them is selected here.`,
    );
  }
  if (opts.dryRun) return printPlan(plan, opts.json);
  if (!existsSync(path.join(e2eDir, 'playwright.config.ts'))) {
    throw new CliError(`no Playwright config at ${path.join(e2eDir, 'playwright.config.ts')}`);
  }
  runBefore(plan);
  note(`Running: ${planLine(plan)}`);
  if (opts.list && opts.json) return listTestsJson(plan);
  const startedAt = Date.now();
  const watch = opts.failOnViolations && !opts.list ? await watchViolations(ControlClient.of(command)) : null;
  const { code } = await runPlaywright(plan, opts.json ? 'stderr' : 'inherit');
  const violations = watch ? await watch() : [];
  // a JUnit file asked for and not written: CI would read an old one, or none, as a success
  if (opts.junit && !opts.list && !reportWrittenSince(startedAt, path.resolve(opts.junit)))
    throw new CliError(`Playwright wrote no JUnit report at ${path.resolve(opts.junit)}`, 1, [
      `Playwright exited with ${code}`,
    ]);
  if (opts.json)
    printJson({
      exitCode: code,
      passed: code === 0 && violations.length === 0,
      report: opts.list ? null : reportWrittenSince(startedAt),
      ...(watch ? { violations } : {}),
    });
  else if (!opts.list) reportLine(startedAt);
  if (violations.length) {
    note(`${violations.length} call${violations.length === 1 ? '' : 's'} of this run broke the contract:`);
    for (const entry of violations.slice(0, 20)) note(`  ${violationLine(entry, true)}`);
    if (violations.length > 20)
      note(`  … and ${violations.length - 20} more: portal journal violations --all-partitions`);
  }
  if (code !== 0 || violations.length) process.exitCode = 1;
}

/**
 * `--fail-on-violations`: live validation turned on in the mock for the run (every partition: the
 * suites use one per worker); the returned function lists the violations since the start.
 */
async function watchViolations(client: ControlClient): Promise<() => Promise<ViolationEntry[]>> {
  const since = new Date().toISOString();
  const before = await client.call('setValidation', { body: { enabled: true } });
  if (!before.enabled) throw new CliError('the mock server did not turn live validation on');
  return () => client.call('journalViolations', { query: { all: 'true', since } });
}

async function runMatrix(opts: MatrixOptions, command: Command): Promise<void> {
  const client = ControlClient.of(command);
  // the live check visits the same server and partition the personas came from
  const target: TestTarget = { mockUrl: client.baseUrl, partition: client.partition };
  let personas: MatrixPersona[] = await client.call('listPersonas');
  if (opts.persona?.length) {
    const unknown = opts.persona.filter((id) => !personas.some((p) => p.id === id));
    if (unknown.length)
      throw new UsageError(`unknown persona ${unknown.join(', ')}`, [
        `personas: ${personas.map((p) => p.id).join(', ')}`,
      ]);
    personas = personas.filter((p) => opts.persona?.includes(p.id));
  }
  let matrix = computeMatrix(personas);
  if (opts.route) {
    const pattern = compileGlob(opts.route);
    matrix = { ...matrix, routes: matrix.routes.filter((r) => pattern.test(r.path)) };
    if (!matrix.routes.length) throw new UsageError(`no route matches ${opts.route}`);
  }
  if (!opts.live) {
    if (opts.json) return printJson(matrix);
    return print(matrixTable(matrix));
  }
  const startedAt = Date.now();
  const observed = await liveMatrix(matrix, opts, target);
  if (!observed) return;
  const wrong = observed.filter((o) => o.actual !== o.expected);
  if (opts.json) printJson({ ...matrix, observed, mismatches: wrong });
  else {
    print(matrixTable(matrix, observed));
    print(
      `\nChecked ${observed.length} route visits in the browser: ${wrong.length} disagree with the route table.`,
    );
    for (const o of wrong)
      print(
        `  ! ${o.persona} ${o.route}: expected ${o.expected}, got ${o.actual} (ended on ${o.finalPath}${o.alert ? ' with an alert' : ''})${o.detail ? ` ${o.detail}` : ''}`,
      );
    reportLine(startedAt);
  }
  if (wrong.length) process.exitCode = 1;
}

/** Runs the matrix spec in the browser; returns what it saw. */
async function liveMatrix(
  matrix: Matrix,
  opts: MatrixOptions,
  target: TestTarget,
): Promise<MatrixObservation[] | undefined> {
  if (!existsSync(path.join(e2eDir, MATRIX_SPEC)))
    throw new CliError(`the matrix spec e2e/${MATRIX_SPEC} is missing`);
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-matrix-'));
  const matrixFile = path.join(work, 'matrix.json');
  const resultDir = path.join(work, 'results');
  const live: Matrix = { ...matrix, routes: matrix.routes.filter((r) => !LIVE_EXCLUDED.has(r.path)) };
  await writeFile(matrixFile, JSON.stringify(live));
  const plan = playwrightPlan({ headed: opts.headed, baseUrl: opts.baseUrl }, [MATRIX_SPEC], target);
  plan.env.E2E_MATRIX_FILE = matrixFile;
  plan.env.E2E_MATRIX_RESULTS = resultDir;
  if (opts.dryRun) {
    // the matrix file stays, so that the printed command can be run as it is
    printPlan(plan, opts.json);
    return undefined;
  }
  note(
    `Checking ${live.routes.length} routes x ${live.personas.length} personas in the browser (skipping ${[...LIVE_EXCLUDED].join(', ')})`,
  );
  runBefore(plan);
  const { code } = await runPlaywright(plan, opts.json ? 'stderr' : 'inherit');
  const observed: MatrixObservation[] = [];
  if (existsSync(resultDir)) {
    for (const name of await readdir(resultDir)) {
      observed.push(
        ...(JSON.parse(await readFile(path.join(resultDir, name), 'utf8')) as MatrixObservation[]),
      );
    }
  }
  await rm(work, { recursive: true, force: true });
  if (code !== 0 && observed.length === 0)
    throw new CliError(`Playwright exited with ${code} before checking any route`);
  return observed;
}

interface ViewerOptions {
  port?: number;
  host?: string;
  dryRun?: boolean;
  json?: boolean;
}

/** --dry-run and --json are options of `test` too, which reads them first: merge them back. */
function withParent(own: ViewerOptions, command: Command): ViewerOptions {
  const inherited = (command.parent?.opts() ?? {}) as TestOptions;
  return { ...own, dryRun: own.dryRun ?? inherited.dryRun, json: own.json ?? inherited.json };
}

/** `npx playwright show-report DIR` or `show-trace FILE`, with --dry-run to print it. */
async function showInPlaywright(
  what: 'show-report' | 'show-trace',
  target: string,
  opts: ViewerOptions,
): Promise<void> {
  const args = ['playwright', what, target];
  if (opts.host) args.push('--host', opts.host);
  if (opts.port !== undefined) args.push('--port', String(opts.port));
  const plan: PlaywrightPlan = { cwd: e2eDir, before: [], command: 'npx', args, env: {} };
  if (opts.dryRun) return printPlan(plan, opts.json);
  note(`Opening ${target} (Ctrl-C to stop)`);
  const { code } = await runPlaywright(plan, opts.json ? 'stderr' : 'inherit');
  if (code !== 0) process.exitCode = 1;
}

/** The options of `portal test` that choose the tests and the stack they run against. */
function testOptions(command: Command): Command {
  return command
    .argument('[files...]', 'spec files (from here, e2e/ or e2e/tests/)')
    .option('--suite <name>', 'a folder under e2e/tests (repeatable)', (v: string, prev: string[] = []) => [
      ...prev,
      v,
    ])
    .option('--grep <regexp>', 'only tests whose title matches')
    .option('--tag <tag>', 'only tests tagged @tag, such as smoke (repeatable, comma-separated)', wordList)
    .option('--file <path>', 'a spec file (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option(
      '--persona <id>',
      'persona of the tests that let you choose, such as the persona smoke test (env E2E_PERSONA)',
    )
    .option('--scenario <name>', 'scenario each test starts from (env E2E_SCENARIO)')
    .option('--headed', 'show the browser')
    .option('--project <name>', 'Playwright project')
    .option('--workers <n>', 'parallel workers', integer(1, 64))
    .option(
      '--base-url <url>',
      'test an already running portal (with the mock at --mock-url) instead of starting one',
      url,
    )
    .option(
      '--mock-port <port>',
      'port of the mock server the suites start (env E2E_MOCK_PORT, default 3101)',
      port,
    )
    .option(
      '--portal-port <port>',
      'port of the production portal the suites start (env E2E_PORTAL_PORT, default 5174)',
      port,
    )
    .option('--junit <file>', 'also write a JUnit XML report there (CI writes test-results/junit.xml)')
    .option('--list', 'list the tests without running them')
    .option('--matrix', 'print the role matrix instead (same as `portal test matrix`)')
    .option('--live', 'with --matrix: check every cell in the browser')
    .option('--route <glob>', 'with --matrix: only routes matching this pattern, such as "/admin/**"')
    .option('--dry-run', 'print the Playwright command and its environment, and stop')
    .option(
      '--fail-on-violations',
      'with --mock-url: turn live validation on in that mock and fail (exit 1) when a call of the run broke the contract, listing them',
    )
    .option(
      '--json',
      'print JSON on stdout (the plan with --dry-run, the tests with --list, the outcome otherwise); Playwright writes to stderr',
    );
}

export function registerTest(program: Command, passthrough: readonly string[] = []): void {
  const test = testOptions(
    program.command('test').description('run the Playwright suites (e2e/tests), or the role matrix'),
  )
    .addHelpText(
      'after',
      examples(
        'portal test',
        'portal test --suite shell --headed',
        "portal test --suite admin -- --shard 1/2 --retries 2 --trace on   # after --: Playwright's options",
        'portal test --grep "contract" -- --reporter=junit,html --last-failed',
        'portal test --mock-url http://localhost:3001                      # that mock server, a fresh portal build',
        'portal test --mock-port 3131 --portal-port 5183 --junit junit.xml',
        'portal test report                                                # the last HTML report',
        'portal test merge shard-1 shard-2 --html merged-report --junit junit.xml   # sharded runs, one report',
        'portal test trace test-results/some-test/trace.zip',
        'portal test --tag smoke --scenario empty --persona portal-admin   # the empty scenario has this persona only',
        'portal test --tag smoke --persona works-planner   # quick checks, routes opened as this persona',
        'portal test --tag smoke --list --json',
        'portal test --file tests/admin/contracts.spec.ts --persona portal-admin',
        'portal test --grep "signal" --workers 1',
        'portal test --base-url http://localhost:8080 --mock-url http://localhost:3001   # against docker compose',
        'portal test --mock-url http://localhost:3101 --fail-on-violations   # exit 1 if a call broke the contract',
        'portal test --matrix',
        'portal test matrix --live --persona agent,portal-admin',
      ),
    )
    .action(async (files: string[], opts: TestOptions, command: Command) => {
      // the words after `--` never reach commander (see splitPassthrough): they are Playwright's
      if (opts.route && !opts.matrix)
        throw new UsageError('--route goes with --matrix (or use `portal test matrix --route`)');
      if (opts.live && !opts.matrix)
        throw new UsageError('--live goes with --matrix (or use `portal test matrix --live`)');
      if (opts.matrix) {
        return runMatrix(
          {
            live: opts.live,
            headed: opts.headed,
            baseUrl: opts.baseUrl,
            json: opts.json,
            dryRun: opts.dryRun,
            persona: opts.persona ? wordList(opts.persona) : undefined,
            route: opts.route,
          },
          command,
        );
      }
      if (passthrough.length && opts.matrix)
        throw new UsageError('the words after -- go to Playwright: not with --matrix');
      return runTests(files, opts, command, passthrough);
    });
  registerMatrix(test);
  registerViewers(test);
  registerMerge(test);
}

/** `portal test matrix`: the role matrix, printed or checked live. */
function registerMatrix(test: Command): void {
  test
    .command('matrix')
    .description('every route of the route table against every persona: granted ✓ or refused ✗')
    .option('--live', 'check every cell in the browser (e2e/tests/matrix/role-matrix.spec.ts)')
    .option('--persona <ids>', 'only these personas (comma-separated)', wordList)
    .option('--route <glob>', 'only routes matching this pattern, such as "/admin/**"')
    .option('--headed', 'with --live: show the browser')
    .option('--base-url <url>', 'with --live: an already running portal', url)
    .option('--dry-run', 'with --live: print the Playwright command and stop')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal test matrix',
        'portal test matrix --route "/admin/**" --json',
        'portal test matrix --live --persona agent,org-admin',
      ),
    )
    .action((own: MatrixOptions, command: Command) => {
      // options `test` also has (--persona, --json, --live...) are parsed by `test` itself: merge them
      const inherited = (command.parent?.opts() ?? {}) as TestOptions;
      const persona = own.persona ?? (inherited.persona ? wordList(inherited.persona) : undefined);
      return runMatrix(
        {
          live: own.live ?? inherited.live,
          headed: own.headed ?? inherited.headed,
          baseUrl: own.baseUrl ?? inherited.baseUrl,
          dryRun: own.dryRun ?? inherited.dryRun,
          json: own.json ?? inherited.json,
          route: own.route ?? inherited.route,
          persona,
        },
        command,
      );
    });
}

/** `portal test report` and `portal test trace`: Playwright's viewers. */
function registerViewers(test: Command): void {
  const viewer = (name: string) =>
    test
      .command(name)
      .option('--port <port>', "port of the viewer (default: Playwright's choice)", port)
      .option('--host <host>', 'host of the viewer (0.0.0.0 to reach it from another machine)')
      .option('--dry-run', 'print the command and stop')
      .option('--json', 'with --dry-run: print JSON');

  viewer('report')
    .description('open the last HTML report (npx playwright show-report)')
    .argument('[folder]', 'report folder (default: e2e/playwright-report, or PLAYWRIGHT_HTML_OUTPUT_DIR)')
    .addHelpText('after', examples('portal test report', 'portal test report --port 9323 --host 0.0.0.0'))
    .action((folder: string | undefined, own: ViewerOptions, command: Command) => {
      const opts = withParent(own, command);
      const dir = folder ? path.resolve(folder) : path.dirname(playwrightReportFile());
      if (!existsSync(path.join(dir, 'index.html')))
        throw new UsageError(`no HTML report in ${dir}`, [
          'run `npx portal test` first, or give the report folder',
        ]);
      return showInPlaywright('show-report', dir, opts);
    });

  viewer('trace')
    .description('open a trace recorded by a test (npx playwright show-trace)')
    .argument('<file>', 'trace.zip of a test, such as e2e/test-results/<test>/trace.zip')
    .addHelpText(
      'after',
      examples(
        'portal test --grep "contract" -- --trace on   # record traces',
        'portal test trace e2e/test-results/admin-contracts-chromium/trace.zip',
      ),
    )
    .action((file: string, own: ViewerOptions, command: Command) => {
      const opts = withParent(own, command);
      const candidates = [path.resolve(file), path.join(e2eDir, file)];
      const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
      if (!found) throw new UsageError(`no trace file ${file} (looked here and in e2e/)`);
      return showInPlaywright('show-trace', found, opts);
    });
}
