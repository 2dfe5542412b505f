/** The end-to-end suites: the folders under e2e/tests (what `portal test --suite` takes). */
import { existsSync, readdirSync } from 'node:fs';
import { e2eTestsDir } from './paths.ts';

export function suites(): string[] {
  if (!existsSync(e2eTestsDir)) return [];
  return readdirSync(e2eTestsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}
