/** The HTML report a run wrote, and the line that says where it is. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { note, print } from '../../lib/output.ts';
import { playwrightReportFile } from '../../lib/paths.ts';

/**
 * The HTML report if this run wrote it (modified after `startedAt`), else null: a report left by
 * an earlier run says nothing about this one. Times are compared to the second, as some file
 * systems keep no finer modification time.
 */
export function reportWrittenSince(startedAt: number, file = playwrightReportFile()): string | null {
  if (!existsSync(file)) return null;
  return statSync(file).mtimeMs >= Math.floor(startedAt / 1000) * 1000 ? file : null;
}

export function reportLine(startedAt: number): void {
  const report = reportWrittenSince(startedAt);
  if (report) {
    print(`HTML report: ${report}`);
    print(`  open it with: npx playwright show-report ${path.dirname(report)}`);
  } else note(`This run wrote no HTML report (${playwrightReportFile()}).`);
}
