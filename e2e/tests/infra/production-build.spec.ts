// The portal's production build (web/dist, built by playwright.config.ts before the run) ships
// nothing of the mock: no file holds the control API's prefix, nor the summary of one of its rows,
// which would mean its table (and the contract's whole endpoint table with it) was bundled.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTROL_PREFIX, controlEndpointList } from '@portal/mock-server/control';
import { externalPortal } from '../../fixtures/env.ts';
import { test, expect } from '../../fixtures/index.ts';

test.skip(process.env.E2E_WEB === 'dev', 'E2E_WEB=dev serves the Vite dev server, not the production build');
test.skip(externalPortal, 'E2E_BASE_URL: the portal served is not the build of this checkout');

const DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Every file of the build, as a path below web/dist. */
function buildFiles(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? buildFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

test('no file of the production build holds a control API path or summary', () => {
  const files = buildFiles();
  // the reading itself works: the build has its scripts
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
  const marks = [CONTROL_PREFIX, ...new Set(controlEndpointList.map((row) => row.summary))];
  expect(marks.length).toBeGreaterThan(20);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return marks
      .filter((mark) => text.includes(mark))
      .map((mark) => `${file.slice(DIST.length + 1)}: ${mark}`);
  });
  expect(found).toEqual([]);
});
