/** `portal test report` and `portal test trace`: Playwright's viewers. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../lib/errors.ts';
import { examples, port } from '../../lib/options.ts';
import { note } from '../../lib/output.ts';
import { e2eDir, playwrightReportFile } from '../../lib/paths.ts';
import { printPlan, runPlaywright, type PlaywrightPlan } from '../../lib/playwright.ts';
import type { TestOptions } from './plan.ts';

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

export /** `portal test report` and `portal test trace`: Playwright's viewers. */
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
