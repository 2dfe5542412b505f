#!/usr/bin/env node
// Finds the Chromium the end-to-end suites drive; Playwright's own browser download is not
// available here. Order: E2E_CHROMIUM_PATH or CHROMIUM_PATH (if set and executable), then
// /usr/bin/chromium, then (as root, with apt-get) Debian's `chromium` package is installed.
// Otherwise it stops with a message saying exactly what to install or set.
// Prints the path it settled on; exit 0 when a browser is usable, 1 otherwise.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Decide where Chromium is, without side effects.
 * @returns {{ path: string, source: string } | { path: null, problem: string }}
 */
export function locateChromium(env = process.env, { executable = isExecutable } = {}) {
  for (const name of ['E2E_CHROMIUM_PATH', 'CHROMIUM_PATH']) {
    const value = env[name];
    if (value) {
      if (executable(value)) return { path: value, source: name };
      return {
        path: null,
        problem: `${name} is set to "${value}", which is not an executable file. Point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}.`,
      };
    }
  }
  if (executable(DEFAULT_CHROMIUM)) return { path: DEFAULT_CHROMIUM, source: 'default' };
  return { path: null, problem: `no Chromium at ${DEFAULT_CHROMIUM}` };
}

export function missingBrowserMessage() {
  return [
    'The end-to-end suites need Chromium, and none was found.',
    'Do one of these:',
    '  - on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
    '    (it installs /usr/bin/chromium, which the suites use by default);',
    '  - or set E2E_CHROMIUM_PATH (or CHROMIUM_PATH) to an executable Chromium or Chrome binary,',
    '    e.g. E2E_CHROMIUM_PATH=/usr/bin/google-chrome npm test -w e2e.',
    "Playwright's own browser download (npx playwright install) is not used by this project.",
  ].join('\n');
}

function installWithApt() {
  console.log(
    '[ensure-browser] Chromium missing: installing Debian\'s "chromium" package with apt-get (running as root).',
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

export function ensureBrowser(env = process.env) {
  const found = locateChromium(env);
  if (found.path) return found;
  // An explicit but wrong env var is a configuration mistake: say so instead of installing.
  if (env.E2E_CHROMIUM_PATH || env.CHROMIUM_PATH) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get') && installWithApt()) {
    const again = locateChromium(env);
    if (again.path) return { path: again.path, source: 'apt-get install chromium' };
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = ensureBrowser();
  if (result.path) {
    console.log(`[ensure-browser] using Chromium at ${result.path} (${result.source})`);
    process.exit(0);
  }
  console.error(`[ensure-browser] ${result.problem}\n\n${missingBrowserMessage()}`);
  process.exit(1);
}
