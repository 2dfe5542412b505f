import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (the folder holding cli/, web/, mock-server/, e2e/). */
export const repoRoot = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));
export const e2eDir = path.join(repoRoot, 'e2e');
export const e2eTestsDir = path.join(e2eDir, 'tests');
const playwrightReport = path.join(e2eDir, 'playwright-report', 'index.html');

/**
 * The HTML report Playwright writes when run from e2e/: PLAYWRIGHT_HTML_OUTPUT_DIR (or the older
 * PLAYWRIGHT_HTML_REPORT) wins over the config's folder, as in Playwright itself.
 */
export function playwrightReportFile(env: NodeJS.ProcessEnv = process.env): string {
  const folder = env.PLAYWRIGHT_HTML_OUTPUT_DIR || env.PLAYWRIGHT_HTML_REPORT;
  return folder ? path.join(path.resolve(e2eDir, folder), 'index.html') : playwrightReport;
}
