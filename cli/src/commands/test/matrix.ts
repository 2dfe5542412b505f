/** `portal test matrix` (and `portal test --matrix`): every route against every persona, printed or checked live. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { compileGlob } from '@portal/mock-server/control';
import { ControlClient } from '../../lib/control-client.ts';
import { CliError, UsageError } from '../../lib/errors.ts';
import { examples, url, wordList } from '../../lib/options.ts';
import { note, print, printJson } from '../../lib/output.ts';
import { e2eDir } from '../../lib/paths.ts';
import { printPlan, runPlaywright } from '../../lib/playwright.ts';
import {
  LIVE_EXCLUDED,
  computeMatrix,
  matrixTable,
  type Matrix,
  type MatrixObservation,
  type MatrixPersona,
} from '../../lib/matrix.ts';
import { MATRIX_SPEC, playwrightPlan, runBefore, type TestOptions, type TestTarget } from './plan.ts';
import { reportLine } from './report.ts';

export interface MatrixOptions {
  live?: boolean;
  persona?: string[];
  route?: string;
  headed?: boolean;
  baseUrl?: string;
  json?: boolean;
  dryRun?: boolean;
}

export async function runMatrix(opts: MatrixOptions, command: Command): Promise<void> {
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

export /** `portal test matrix`: the role matrix, printed or checked live. */
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
