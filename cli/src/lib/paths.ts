import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (the folder holding cli/, web/, mock-server/, e2e/). */
export const repoRoot = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));
export const e2eDir = path.join(repoRoot, 'e2e');
export const e2eTestsDir = path.join(e2eDir, 'tests');
export const playwrightReport = path.join(e2eDir, 'playwright-report', 'index.html');
