/**
 * The stack a bench run measures: the portal's production build served by web/scripts/serve-dist.mjs
 * and the mock server started in process with startMockServer. Every port is chosen by the system.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startMockServer, type RunningMockServer } from '../../mock-server/src/server.ts';
import { MockControl } from '@portal/mock-server/control';
import { RESULTS_DIR, ROOT } from './env.ts';

const BENCH_DIST = resolve(RESULTS_DIR, 'dist');
const WEB_DIST = resolve(ROOT, 'web', 'dist');

/** Runs a command with its output shown on stderr (stdout is kept for the table). */
function run(command: string, args: string[], cwd = ROOT): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', process.stderr, process.stderr] });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export interface BuildInfo {
  dir: string;
  /** true when the chunks have their (hidden) source maps next to them */
  sourceMaps: boolean;
  built: boolean;
}

/**
 * The production build to measure. `npm run build -w web` into bench-results/dist with hidden
 * source maps (the chunks are byte for byte those of a plain build; the maps are only read by the
 * attribution, never referenced by the chunks). BENCH_SKIP_BUILD=1 reuses bench-results/dist, or
 * web/dist when there is none.
 */
export async function productionBuild(env = process.env): Promise<BuildInfo> {
  if (env.BENCH_SKIP_BUILD === '1') {
    const dir = existsSync(resolve(BENCH_DIST, 'index.html')) ? BENCH_DIST : WEB_DIST;
    if (!existsSync(resolve(dir, 'index.html'))) {
      throw new Error(`BENCH_SKIP_BUILD=1 but there is no build in ${BENCH_DIST} nor ${WEB_DIST}`);
    }
    return { dir, sourceMaps: dir === BENCH_DIST, built: false };
  }
  await run('npm', [
    'run',
    'build',
    '-w',
    'web',
    '--',
    '--outDir',
    BENCH_DIST,
    '--emptyOutDir',
    '--sourcemap',
    'hidden',
  ]);
  return { dir: BENCH_DIST, sourceMaps: true, built: true };
}

export interface RunningPortal {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface ServeDist {
  startPortalServer(options: {
    port?: number;
    host?: string;
    distDir?: string;
    env?: Record<string, string | undefined>;
  }): Promise<RunningPortal>;
}

/** Serves a build with the production server script, its runtime configuration pointing at the mock. */
export async function startPortal(distDir: string, mockUrl: string): Promise<RunningPortal> {
  const serveDist = (await import(resolve(ROOT, 'web/scripts/serve-dist.mjs'))) as ServeDist;
  return serveDist.startPortalServer({
    port: 0,
    host: '127.0.0.1',
    distDir,
    env: {
      ...process.env,
      PORTAL_API_URL: mockUrl,
      PORTAL_TILE_URL: `${mockUrl}/tiles/{z}/{x}/{y}.png`,
      PORTAL_DOCUMENT_URL: `${mockUrl}/documents`,
      PORTAL_TRACKER_URL: '',
      PORTAL_RUM_APPLICATION_ID: '',
    },
  });
}

export interface Stack {
  mock: RunningMockServer;
  portal: RunningPortal;
  build: BuildInfo;
  close(): Promise<void>;
}

export async function startStack(build: BuildInfo): Promise<Stack> {
  const mock = await startMockServer({ port: 0, host: '127.0.0.1', scenario: 'default', quiet: true });
  // one origin spelling everywhere (the portal's CSP names the API origin)
  const mockUrl = `http://127.0.0.1:${mock.port}`;
  let portal: RunningPortal;
  try {
    portal = await startPortal(build.dir, mockUrl);
  } catch (error) {
    await mock.close();
    throw error;
  }
  const portalUrl = `http://127.0.0.1:${portal.port}`;
  return {
    mock: { ...mock, url: mockUrl },
    portal: { ...portal, url: portalUrl },
    build,
    close: async () => {
      await portal.close();
      await mock.close();
    },
  };
}

export interface Session {
  token: string;
  refreshToken: string;
}

/** A persona's token minted through the control API, in a partition (default: 'default'). */
export async function mintToken(mockUrl: string, personaId: string, partition = 'default'): Promise<Session> {
  const minted = await new MockControl(mockUrl, partition).token(personaId);
  return { token: minted.token, refreshToken: minted.refreshToken };
}

export { MockControl };
