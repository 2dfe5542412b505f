/** The check's report in other forms: one line when every call failed alike, JUnit XML. */
import type { CheckReport, CheckResult } from './types.ts';

const LIKELY_CAUSE: Record<number, string> = {
  401: 'is the token valid for this backend?',
  403: 'do the tokens have the roles?',
  404: 'wrong base URL?',
  502: 'is the backend behind the gateway up?',
  503: 'is the backend up?',
};

/** When every call that was made failed the same way, that way in one line. */
export function diagnose(results: readonly CheckResult[]): string | undefined {
  const made = results.filter((r) => r.outcome !== 'skip');
  if (made.length < 2 || made.some((r) => r.outcome !== 'fail')) return undefined;
  const first = made[0] as CheckResult;
  if (first.status === undefined) {
    const problem = first.problems[0] ?? '';
    return made.every((r) => r.status === undefined && r.problems[0] === problem)
      ? `every call failed: ${problem}`
      : undefined;
  }
  if (!made.every((r) => r.status === first.status && r.contentType === first.contentType)) return undefined;
  const cause =
    first.contentType === 'text/html' && first.status === 200
      ? 'a web page, not the API: wrong base URL?'
      : (LIKELY_CAUSE[first.status] ?? (first.contentType === 'text/html' ? 'wrong base URL?' : ''));
  return `every call answered ${first.status} ${first.contentType ?? '(no content type)'}${cause ? `: ${cause}` : ''}`;
}

const xml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** The report as JUnit XML: one test case per endpoint, failures with their differences. */
export function junitReport(report: CheckReport): string {
  const { passed, failed, skipped } = report.summary;
  const total = passed + failed + skipped;
  const seconds = (ms?: number) => ((ms ?? 0) / 1000).toFixed(3);
  const cases = report.results.map((r) => {
    const open = `    <testcase classname="contract-check" name="${xml(`${r.id} ${r.method} ${r.path}`)}" time="${seconds(r.durationMs)}"`;
    if (r.outcome === 'skip')
      return `${open}>\n      <skipped message="${xml(r.reason ?? '')}"/>\n    </testcase>`;
    if (r.outcome === 'pass') return `${open}/>`;
    const message = `${r.status ?? 'no answer'}${r.url ? ` ${r.url}` : ''}`;
    return `${open}>\n      <failure message="${xml(message)}">${xml(r.problems.join('\n'))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract-check" tests="${total}" failures="${failed}" skipped="${skipped}">`,
    `  <testsuite name="${xml(`contract-check ${report.baseUrl}`)}" tests="${total}" failures="${failed}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
