/**
 * The end-to-end specs keep to the house rules of docs/contributing.md, whatever the linter is told:
 * a spec (and its helpers under e2e/tests) reaches the portal through the page objects of e2e/pages
 * and ARIA roles, labels and text (no `locator(`, no `$`/`$$`), never waits a fixed time anywhere in
 * e2e (`waitForTimeout`), and reads the mock by endpoint id, never by a hand-written path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot, repoRoot } from './helpers.ts';

/** Folders left out: dependencies, and the probes lint-boundaries.test.ts writes for one run. */
const skipped = (name: string) => name === 'node_modules' || name.startsWith('lint-probe-');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped(entry.name) ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: text` of every line of these files that matches. */
function hits(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) ? [`${relative(repoRoot, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

const specs = sources(fromRoot('e2e/tests'));
const everything = [...specs, ...sources(fromRoot('e2e/pages')), ...sources(fromRoot('e2e/fixtures'))];

describe('end-to-end specs', () => {
  it('are found', () => {
    expect(specs.filter((file) => file.endsWith('.spec.ts')).length).toBeGreaterThan(50);
  });

  it('use no raw selector: page objects, roles, labels and text instead', () => {
    expect(hits(specs, /\.(locator|frameLocator|\$|\$\$|\$eval|\$\$eval)\(/)).toEqual([]);
  });

  it('never wait a fixed time', () => {
    expect(hits(everything, /\bwaitForTimeout\(/)).toEqual([]);
  });

  it('read the mock by endpoint id, never by a path', () => {
    expect(hits(specs, /\.(totalAs|getAs|callAs|pageAs|sendAs)\(\s*[^,]+,\s*[`'"]\//)).toEqual([]);
  });
});
