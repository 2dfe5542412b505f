/** `portal test`: runs the suites, then says the outcome, the report and the run's contract violations. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { ViolationEntry } from '@portal/mock-server/control';
import { ControlClient } from '../../lib/control-client.ts';
import { CliError, UsageError } from '../../lib/errors.ts';
import { violationLine } from '../../lib/journal-lines.ts';
import { explicitMockUrlOf } from '../../lib/options.ts';
import { note, printJson } from '../../lib/output.ts';
import { e2eDir } from '../../lib/paths.ts';
import { planLine, printPlan, runPlaywright, type PlaywrightPlan } from '../../lib/playwright.ts';
import { listenerGroups, portFree } from '../../lib/ports.ts';
import { listTestsJson } from './list.ts';
import { MATRIX_SPEC, playwrightPlan, runBefore, type TestOptions } from './plan.ts';
import { reportLine, reportWrittenSince } from './report.ts';

/** The suites that read --persona (E2E_PERSONA); the others sign in as each test chooses. */
const PERSONA_SUITES = ['tests/smoke/persona.spec.ts', MATRIX_SPEC];

export async function runTests(
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
  const client = ControlClient.of(command);
  // the rules added to the mock for this run reach its tests: each test's partition joins the run
  // partition (the one --partition names, else 'default')
  const run = mockUrl ? { partition: client.partition ?? 'default', id: runId() } : undefined;
  const plan = playwrightPlan(opts, files, { mockUrl, run }, passthrough);
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
  // a --partition that does not exist is a typo: refused (exit 2) before anything runs
  if (run && !opts.list) await client.call('health');
  runBefore(plan);
  note(`Running: ${planLine(plan)}`);
  if (opts.list && opts.json) return listTestsJson(plan);
  const startedAt = Date.now();
  const watch = opts.failOnViolations && !opts.list && run ? await watchViolations(client, run.id) : null;
  const ports = await portsToStart(plan);
  let code: number;
  let violations: ViolationEntry[];
  try {
    const ran = await runPlaywright(plan, opts.json ? 'stderr' : 'inherit');
    code = ran.code;
    if (ran.interrupted) await stopLeftServers(ports);
  } finally {
    violations = watch ? await watch() : [];
  }
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
 * The ports of the servers the suites start (the mock unless E2E_MOCK_URL, the portal unless
 * E2E_BASE_URL) that are free before the run: a server found there after a cancelled run is one
 * this run started.
 */
async function portsToStart(plan: PlaywrightPlan): Promise<number[]> {
  const env = { ...process.env, ...plan.env };
  const ports = [
    env.E2E_MOCK_URL ? undefined : Number(env.E2E_MOCK_PORT || 3101),
    env.E2E_BASE_URL ? undefined : Number(env.E2E_PORTAL_PORT || 5174),
  ].filter((p): p is number => p !== undefined && Number.isInteger(p) && p > 0);
  const free = await Promise.all(ports.map((p) => portFree(p)));
  return ports.filter((_, i) => free[i]);
}

/**
 * After a cancelled run: a server Playwright started and left listening (it quits at once on a
 * second signal) is stopped with its whole process group, SIGTERM then SIGKILL.
 */
async function stopLeftServers(ports: readonly number[]): Promise<void> {
  for (const port of ports) {
    const groups = listenerGroups(port);
    if (!groups.length) continue;
    note(`Stopping the server this run started on port ${port}`);
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      for (const group of listenerGroups(port)) {
        try {
          process.kill(-group, signal);
        } catch {
          // gone already
        }
      }
      for (let wait = 0; wait < 25 && listenerGroups(port).length; wait++)
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A run's id: the start of its tests' partition names (`r1a2b3c-w0-…`), unlike any other run's. */
function runId(): string {
  return `r${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * `--fail-on-violations`: live validation turned on in the run partition (each test's partition
 * validates its own calls already); the returned function puts the setting back as it was and lists
 * the violations of the run's own partitions since the start: another user's calls never count.
 */
async function watchViolations(client: ControlClient, id: string): Promise<() => Promise<ViolationEntry[]>> {
  const since = new Date().toISOString();
  const was = await client.call('getValidation');
  const now = await client.call('setValidation', { body: { enabled: true } });
  if (!now.enabled) throw new CliError('the mock server did not turn live validation on');
  return async () => {
    if (!was.enabled) await client.call('setValidation', { body: { enabled: false } });
    const all = await client.call('journalViolations', { query: { all: 'true', since } });
    return all.filter((entry) => entry.partition.startsWith(`${id}-`));
  };
}
