/** `portal test --list --json`: the tests Playwright would run, read from its JSON listing. */
import { CliError } from '../../lib/errors.ts';
import { printJson } from '../../lib/output.ts';
import { runPlaywright, type PlaywrightPlan } from '../../lib/playwright.ts';

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

export async function listTestsJson(plan: PlaywrightPlan): Promise<void> {
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
