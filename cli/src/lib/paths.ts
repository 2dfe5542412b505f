import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * The repository root (the folder holding cli/, web/, mock-server/, e2e/): the first folder up
 * from this module that holds cli/package.json, whether it runs from src/ or from the bundle.
 */
function findRoot(from: string): string {
  let dir = path.dirname(fileURLToPath(from));
  while (!existsSync(path.join(dir, 'cli', 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no repository root above ${fileURLToPath(from)}`);
    dir = up;
  }
  return dir;
}

export const repoRoot = findRoot(import.meta.url);
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
