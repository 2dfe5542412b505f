// The browser finder of the e2e package (e2e/scripts/ensure-browser.mjs).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
// @ts-expect-error -- plain ESM module without type declarations
import { DEFAULT_CHROMIUM, locateChromium, missingBrowserMessage } from '../e2e/scripts/ensure-browser.mjs';
import { fromRoot } from './helpers.ts';

type Locate = (
  env: Record<string, string>,
  o: { executable: (p: string) => boolean },
) => {
  path: string | null;
  source?: string;
  problem?: string;
};
const locate = locateChromium as Locate;
const only = (...paths: string[]) => ({ executable: (p: string) => paths.includes(p) });

describe('locateChromium', () => {
  it('prefers E2E_CHROMIUM_PATH, then CHROMIUM_PATH, then /usr/bin/chromium', () => {
    expect(
      locate(
        { E2E_CHROMIUM_PATH: '/opt/a', CHROMIUM_PATH: '/opt/b' },
        only('/opt/a', '/opt/b', DEFAULT_CHROMIUM),
      ).path,
    ).toBe('/opt/a');
    expect(locate({ CHROMIUM_PATH: '/opt/b' }, only('/opt/b', DEFAULT_CHROMIUM)).path).toBe('/opt/b');
    expect(locate({}, only(DEFAULT_CHROMIUM))).toEqual({ path: '/usr/bin/chromium', source: 'default' });
  });

  it('names a variable that points at nothing executable instead of silently falling back', () => {
    const result = locate({ E2E_CHROMIUM_PATH: '/nope/chrome' }, only(DEFAULT_CHROMIUM));
    expect(result.path).toBeNull();
    expect(result.problem).toContain('E2E_CHROMIUM_PATH is set to "/nope/chrome"');
  });

  it('finds nothing when no browser is there', () => {
    expect(locate({}, only()).path).toBeNull();
  });

  it('says exactly what to install or set', () => {
    const text = missingBrowserMessage() as string;
    expect(text).toContain('apt-get install -y chromium');
    expect(text).toContain('E2E_CHROMIUM_PATH');
    expect(text).toContain('/usr/bin/chromium');
  });
});

describe('ensure-browser.mjs as a command', () => {
  it('exits 1 with the message when the configured browser is missing (no install attempted)', () => {
    const run = spawnSync(process.execPath, [fromRoot('e2e/scripts/ensure-browser.mjs')], {
      env: { PATH: process.env.PATH ?? '', E2E_CHROMIUM_PATH: '/nope/chrome' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('E2E_CHROMIUM_PATH is set to "/nope/chrome"');
    expect(run.stderr).toContain('apt-get install -y chromium');
  });

  it('exits 0 and prints the path when the browser is executable', () => {
    // Any executable stands in for Chromium here: only the lookup is under test.
    const run = spawnSync(process.execPath, [fromRoot('e2e/scripts/ensure-browser.mjs')], {
      env: { PATH: process.env.PATH ?? '', E2E_CHROMIUM_PATH: process.execPath },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`using Chromium at ${process.execPath} (E2E_CHROMIUM_PATH)`);
  });
});
