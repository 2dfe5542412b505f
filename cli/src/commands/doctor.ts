/** `portal doctor`: is this machine ready to run the portal, the mock server and the e2e suites? */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Command } from 'commander';
import { MockControl } from '@portal/mock-server/control';
import { healthUrl } from '../lib/control-client.ts';
import { examples, explicitMockUrlOf, fromEnv, mockUrlOf, port } from '../lib/options.ts';
import { KO, OK, green, print, printJson, red } from '../lib/output.ts';
import { repoRoot } from '../lib/paths.ts';

const MIN_NODE = '20.19.0';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  /** the browser check: the executable it found */
  path?: string;
}

function nodeAtLeast(version: string, minimum = MIN_NODE): boolean {
  const parse = (v: string) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const [a = 0, b = 0, c = 0] = parse(version);
  const [x = 0, y = 0, z = 0] = parse(minimum);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

function checkNode(): Check {
  const ok = nodeAtLeast(process.version);
  return {
    name: 'Node.js',
    ok,
    detail: `${process.version} (needs >= ${MIN_NODE})`,
    fix: ok ? undefined : `install Node.js ${MIN_NODE} or newer (20 LTS), then run npm install again`,
  };
}

function checkBrowser(): Check {
  const configured = process.env.E2E_CHROMIUM_PATH || process.env.CHROMIUM_PATH;
  const candidate = configured || '/usr/bin/chromium';
  const source = process.env.E2E_CHROMIUM_PATH
    ? 'E2E_CHROMIUM_PATH'
    : process.env.CHROMIUM_PATH
      ? 'CHROMIUM_PATH'
      : 'default';
  let ok = false;
  try {
    accessSync(candidate, constants.X_OK);
    ok = true;
  } catch {
    ok = false;
  }
  return {
    name: 'Browser for the e2e tests',
    ok,
    ...(ok ? { path: candidate } : {}),
    detail: ok ? `${candidate} (${source})` : `no executable at ${candidate} (${source})`,
    fix: ok
      ? undefined
      : configured
        ? `${source} points at ${candidate}, which is not an executable: fix the variable or unset it to use /usr/bin/chromium`
        : 'apt-get install -y chromium   (or set E2E_CHROMIUM_PATH to a Chromium executable)',
  };
}

function checkInstall(): Check {
  const needed = ['commander', 'tsx', '@playwright/test', 'concurrently'];
  const missing = needed.filter((name) => !existsSync(path.join(repoRoot, 'node_modules', name)));
  return {
    name: 'Dependencies',
    ok: missing.length === 0,
    detail: missing.length ? `missing in node_modules: ${missing.join(', ')}` : 'installed',
    fix: missing.length ? `run npm install (or npm ci) in ${repoRoot}` : undefined,
  };
}

/** Whether nothing listens on the port (on any address). */
export function portFree(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port: portNumber, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function answers(url: string, check: (body: unknown) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return false;
    return check(await response.json());
  } catch {
    return false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

async function checkPort(
  label: string,
  portNumber: number,
  envName: string,
  ours: { url: string; what: string; check: (body: unknown) => boolean },
): Promise<Check> {
  const name = `Port ${portNumber} (${label})`;
  if (await portFree(portNumber)) return { name, ok: true, detail: 'free' };
  if (await answers(ours.url, ours.check)) return { name, ok: true, detail: `in use by the ${ours.what}` };
  return {
    name,
    ok: false,
    detail: 'in use by another program',
    fix: `stop the program listening on ${portNumber} (lsof -i :${portNumber}), or choose another port with ${envName}`,
  };
}

/** The major version in "Chromium 156.0.8078.79 built on Debian" or "159.0.8154.6". */
function majorVersion(text: string): number | undefined {
  const match = /(\d+)\.\d+\.\d+/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** How far apart Chromium majors may be for Playwright to drive it (its protocol changes slowly). */
const CHROMIUM_MAJOR_SLACK = 3;

function checkBrowserVersion(browser: string): Check {
  const name = 'Playwright and Chromium versions';
  let playwright: string;
  let expected: string | undefined;
  try {
    const read = (file: string): unknown =>
      JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', file), 'utf8')) as unknown;
    playwright = (read('@playwright/test/package.json') as { version: string }).version;
    const browsers = read('playwright-core/browsers.json') as {
      browsers: { name: string; browserVersion?: string }[];
    };
    expected = browsers.browsers.find((b) => b.name === 'chromium')?.browserVersion;
  } catch {
    return { name, ok: false, detail: 'Playwright is not installed', fix: `run npm install in ${repoRoot}` };
  }
  const result = spawnSync(browser, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const found = majorVersion(result.stdout ?? '');
  const wanted = expected ? majorVersion(expected) : undefined;
  if (found === undefined || wanted === undefined)
    return {
      name,
      ok: false,
      detail: `cannot read the version of ${browser} (${(result.stdout || result.stderr || '').trim() || 'no output'})`,
      fix: 'check the browser with `chromium --version`',
    };
  const ok = Math.abs(found - wanted) <= CHROMIUM_MAJOR_SLACK;
  return {
    name,
    ok,
    detail: `Playwright ${playwright} is built for Chromium ${wanted}; ${browser} is Chromium ${found}${ok ? '' : ` (more than ${CHROMIUM_MAJOR_SLACK} versions apart)`}`,
    fix: ok
      ? undefined
      : found < wanted
        ? 'update the browser (apt-get install --only-upgrade chromium) or pin an older @playwright/test'
        : 'update @playwright/test (npm install -D @playwright/test@latest -w e2e)',
  };
}

async function checkMock(mockUrl: string, explicit: boolean): Promise<Check> {
  const name = 'Mock server';
  try {
    const response = await new MockControl(mockUrl).open('health', {}, { timeoutMs: 3000 });
    const body = (await response.json().catch(() => null)) as {
      status?: string;
      scenario?: string;
      seed?: number;
    } | null;
    if (response.ok && body?.status === 'ok') {
      return { name, ok: true, detail: `${mockUrl} healthy, scenario ${body.scenario} (seed ${body.seed})` };
    }
    return {
      name,
      ok: false,
      detail: `${healthUrl(mockUrl)} answered ${response.status}`,
      fix: `is ${mockUrl} really the mock server? Check --mock-url / MOCK_URL, or restart it with npx portal serve`,
    };
  } catch {
    // at the default address, a mock that is not started is a state, not a failure
    if (!explicit)
      return {
        name,
        ok: true,
        detail: `not running at ${mockUrl}: start it with npm start (or npx portal serve)`,
      };
    return {
      name,
      ok: false,
      detail: `cannot reach ${mockUrl}`,
      fix: 'start it with `npx portal serve` (or `npm run start:mock`), or give its address with --mock-url / MOCK_URL',
    };
  }
}

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('check Node, the e2e browser, the ports and the mock server, and say what to fix')
    .option('--mock-port <port>', 'mock server port to check (env MOCK_PORT)', port)
    .option('--portal-port <port>', 'portal port to check (env PORTAL_PORT)', port)
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal doctor',
        'portal doctor --json',
        'MOCK_URL=http://localhost:3101 portal doctor --mock-port 3101',
      ),
    )
    .action(async (opts: { mockPort?: number; portalPort?: number; json?: boolean }, command: Command) => {
      const mockUrl = mockUrlOf(command);
      const mockPort = opts.mockPort ?? fromEnv('MOCK_PORT', port) ?? 3001;
      const portalPort = opts.portalPort ?? fromEnv('PORTAL_PORT', port) ?? 5173;
      const e2eMockPort = fromEnv('E2E_MOCK_PORT', port) ?? 3101;
      const e2ePortalPort = fromEnv('E2E_PORTAL_PORT', port) ?? 5174;
      const browser = checkBrowser();
      const checks: Check[] = [
        checkNode(),
        checkInstall(),
        browser,
        ...(browser.ok && browser.path ? [checkBrowserVersion(browser.path)] : []),
        await checkPort('mock server', mockPort, 'MOCK_PORT', {
          url: healthUrl(`http://localhost:${mockPort}`),
          what: 'mock server',
          check: (b) => isObject(b) && b.status === 'ok',
        }),
        await checkPort('portal', portalPort, 'PORTAL_PORT', {
          url: `http://localhost:${portalPort}/runtime-config.json`,
          what: 'portal',
          check: (b) => isObject(b) && 'apiBaseUrl' in b,
        }),
        await checkPort('end-to-end mock server', e2eMockPort, 'E2E_MOCK_PORT', {
          url: healthUrl(`http://localhost:${e2eMockPort}`),
          what: 'mock server (reused by the e2e run)',
          check: (b) => isObject(b) && b.status === 'ok',
        }),
        await checkPort('end-to-end portal', e2ePortalPort, 'E2E_PORTAL_PORT', {
          url: `http://localhost:${e2ePortalPort}/__nothing__`,
          what: 'nothing: the e2e run starts its own production portal there',
          check: () => false,
        }),
        await checkMock(mockUrl, explicitMockUrlOf(command) !== undefined),
      ];
      const ok = checks.every((c) => c.ok);
      if (opts.json) printJson({ ok, checks });
      else {
        for (const c of checks) {
          print(`${c.ok ? green(OK) : red(KO)} ${c.name}: ${c.detail}`);
          if (c.fix) print(`    fix: ${c.fix}`);
        }
        print(ok ? '\nEverything is ready.' : `\n${checks.filter((c) => !c.ok).length} problem(s) to fix.`);
      }
      if (!ok) process.exitCode = 1;
    });
}
