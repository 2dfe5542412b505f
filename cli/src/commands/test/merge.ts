/**
 * `portal test merge DIR...`: the blob reports of sharded runs (`-- --shard i/n --reporter blob`,
 * one folder per CI machine) merged into one HTML report and, with --junit, one JUnit file, by
 * Playwright's own `merge-reports`.
 */
import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { CliError, UsageError } from '../../lib/errors.ts';
import { examples } from '../../lib/options.ts';
import { note, print, printJson } from '../../lib/output.ts';
import { e2eDir, playwrightReportFile } from '../../lib/paths.ts';
import { planLine, printPlan, runPlaywright, type PlaywrightPlan } from '../../lib/playwright.ts';

interface MergeOptions {
  html?: string;
  junit?: string;
  dryRun?: boolean;
  json?: boolean;
}

/** The blob reports (`*.zip`) of each folder given; a folder that is missing or holds none is refused. */
async function blobReports(dirs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    const full = path.resolve(dir);
    if (!existsSync(full) || !statSync(full).isDirectory())
      throw new UsageError(`no folder ${dir}`, ['give the folders the shards wrote their blob reports to']);
    const zips = (await readdir(full)).filter((name) => name.endsWith('.zip')).sort();
    if (!zips.length)
      throw new UsageError(`no blob report (*.zip) in ${dir}`, [
        'run each shard with: portal test -- --shard 1/2 --reporter blob   (PLAYWRIGHT_BLOB_OUTPUT_DIR sets the folder)',
      ]);
    found.push(...zips.map((name) => path.join(full, name)));
  }
  return found;
}

/** The `npx playwright merge-reports` call: html always, junit when asked, into the given places. */
function mergePlan(folder: string, opts: MergeOptions): PlaywrightPlan {
  const htmlDir = opts.html ? path.resolve(opts.html) : path.dirname(playwrightReportFile());
  const env: Record<string, string> = {
    PLAYWRIGHT_HTML_OUTPUT_DIR: htmlDir,
    PLAYWRIGHT_HTML_OPEN: 'never',
  };
  if (opts.junit) env.PLAYWRIGHT_JUNIT_OUTPUT_FILE = path.resolve(opts.junit);
  return {
    cwd: e2eDir,
    before: [],
    command: 'npx',
    args: ['playwright', 'merge-reports', '--reporter', opts.junit ? 'html,junit' : 'html', folder],
    env,
  };
}

async function merge(dirs: string[], opts: MergeOptions): Promise<void> {
  const reports = await blobReports(dirs);
  // merge-reports reads one folder: the shards' reports are copied side by side, each under a
  // name of its own (two machines both write report-1.zip when their folders are merged by hand)
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-merge-'));
  try {
    await Promise.all(
      reports.map((file, index) => copyFile(file, path.join(work, `${index + 1}-${path.basename(file)}`))),
    );
    const plan = mergePlan(work, opts);
    if (opts.dryRun) return printPlan(plan, opts.json);
    note(`Merging ${reports.length} blob reports: ${planLine(plan)}`);
    const startedAt = Date.now();
    const { code } = await runPlaywright(plan, opts.json ? 'stderr' : 'inherit');
    const html = path.join(plan.env.PLAYWRIGHT_HTML_OUTPUT_DIR as string, 'index.html');
    const junit = plan.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE;
    const written = (file: string) => existsSync(file) && statSync(file).mtimeMs >= startedAt - 1000;
    if (code !== 0 || !written(html) || (junit && !written(junit)))
      throw new CliError(`Playwright's merge-reports did not write the merged report (exit ${code})`, 1);
    if (opts.json) return printJson({ reports, html, junit: junit ?? null });
    print(`HTML report: ${html}`);
    if (junit) print(`JUnit report: ${junit}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** `portal test merge`: sharded runs' blob reports into one HTML report and one JUnit file. */
export function registerMerge(test: Command): void {
  test
    .command('merge')
    .description(
      "merge the blob reports of sharded runs into one HTML report (and one JUnit file): Playwright's merge-reports",
    )
    .argument('<dirs...>', 'folders holding the blob reports (*.zip) of the shards')
    .option('--html <dir>', 'folder of the merged HTML report (default: e2e/playwright-report)')
    .option('--junit <file>', 'also write the merged JUnit XML report there')
    .option('--dry-run', 'print the merge command and stop')
    .option('--json', 'print JSON (the plan with --dry-run, the reports written otherwise)')
    .addHelpText(
      'after',
      examples(
        'portal test --suite admin -- --shard 1/2 --reporter blob   # each CI machine: its shard, a blob report',
        'portal test merge shard-1/blob-report shard-2/blob-report --html merged-report --junit junit.xml',
        "portal test merge all-blob-reports --junit junit.xml      # one folder holding every shard's zip",
      ),
    )
    .action((dirs: string[], own: MergeOptions, command: Command) => {
      const inherited = (command.parent?.opts() ?? {}) as MergeOptions;
      return merge(dirs, {
        ...own,
        junit: own.junit ?? inherited.junit,
        dryRun: own.dryRun ?? inherited.dryRun,
        json: own.json ?? inherited.json,
      });
    });
}
