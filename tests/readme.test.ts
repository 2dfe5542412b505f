// The README's examples name what exists: every test file it tells a newcomer to run, every
// e2e suite (each folder of e2e/tests), and every npm script it quotes.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { fromRoot, readPackage, readText } from './helpers.ts';

const readme = readText('README.md');

describe('README examples', () => {
  it('names test files that exist', () => {
    const files = [...readme.matchAll(/npx vitest run ([\w./-]+\.test\.tsx?)/g)].map(
      (match) => match[1] ?? '',
    );
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !existsSync(fromRoot(file)))).toEqual([]);
  });

  it('lists every e2e suite, and only those', () => {
    const row = readme.split('\n').find((line) => line.startsWith('| end to end |')) ?? '';
    const listed = [...row.matchAll(/`(\w+)`/g)].map((match) => match[1]).filter((name) => name !== 'npm');
    const suites = readdirSync(fromRoot('e2e/tests'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...listed].sort()).toEqual([...suites].sort());
  });

  it('quotes npm scripts that the root package defines', () => {
    const scripts = readPackage('.').scripts ?? {};
    const quoted = [...readme.matchAll(/`npm run ([\w:-]+)/g)].map((match) => match[1] ?? '');
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.filter((name) => !(name in scripts))).toEqual([]);
  });
});
