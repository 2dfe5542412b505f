/**
 * `portal serve`: the mock server and the portal together (what `npm start` runs), with prefixed
 * output; Ctrl-C stops both.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { concurrently } from 'concurrently';
import { healthUrl } from '../lib/control-client.ts';
import { portFree } from '../lib/ports.ts';
import { CliError, UsageError, describeError } from '../lib/errors.ts';
import { printable, readStubFiles, StubFileError } from '@portal/mock-server/stub-files';
import { examples, fromEnv, integer, url } from '../lib/options.ts';
import { OK, note, print, printJson } from '../lib/output.ts';
import { repoRoot } from '../lib/paths.ts';
import { quote } from '../lib/shell.ts';

/** A port to listen on: 0 (any free port) would leave the portal and the CLI without the address. */
const listenPort = integer(1, 65535);

interface ServeOptions {
  mockPort: number;
  portalPort: number;
  scenario?: string;
  seed?: number;
  stateFile?: string;
  apiUrl?: string;
  prod?: boolean;
  watch?: boolean;
  proxy?: string;
  proxyPath?: string[];
  backendToken?: string;
  only?: 'mock' | 'portal';
  validate?: boolean;
  strict?: boolean;
  stubs?: string;
  dryRun?: boolean;
  json?: boolean;
}

interface ServeProcess {
  name: 'mock' | 'portal';
  command: string;
  cwd: string;
  prefixColor: string;
  env: Record<string, string>;
}

/** The processes `serve` starts, with their environment: also printed by --dry-run. */
function servePlan(opts: ServeOptions, env: NodeJS.ProcessEnv = process.env): ServeProcess[] {
  if (opts.apiUrl && opts.only === 'mock')
    throw new UsageError('--api-url means "do not start the mock server": it cannot go with --only mock');
  const startMock = !opts.apiUrl && opts.only !== 'portal';
  const startPortal = opts.only !== 'mock';
  const mockUrl = `http://localhost:${opts.mockPort}`;
  const plan: ServeProcess[] = [];
  if (startMock) {
    const args = ['--port', String(opts.mockPort)];
    if (opts.scenario) args.push('--scenario', opts.scenario);
    if (opts.seed !== undefined) args.push('--seed', String(opts.seed));
    if (opts.stateFile) args.push('--state-file', path.resolve(opts.stateFile));
    if (opts.proxy) args.push('--proxy', opts.proxy);
    for (const glob of opts.proxyPath ?? []) args.push('--proxy-path', glob);
    if (opts.validate) args.push('--validate', ...(opts.strict ? ['--strict'] : []));
    if (opts.stubs) args.push('--stubs', path.resolve(opts.stubs));
    plan.push({
      name: 'mock',
      // --watch: tsx restarts the mock when one of the files it loaded changes (its sources,
      // the contract, the fixtures)
      command: [
        quote(process.execPath),
        ...(opts.watch
          ? ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false']
          : ['--import', 'tsx']),
        'mock-server/src/main.ts',
        ...args.map(quote),
      ].join(' '),
      cwd: repoRoot,
      prefixColor: 'magenta',
      // the backend token goes in the environment, not the command line (ps shows that one)
      env: {
        MOCK_PORT: String(opts.mockPort),
        ...(opts.backendToken ? { MOCK_PROXY_TOKEN: opts.backendToken } : {}),
      },
    });
  }
  if (startPortal) {
    const apiUrl = opts.apiUrl ?? env.PORTAL_API_URL ?? mockUrl;
    const portalEnv: Record<string, string> = {
      PORTAL_PORT: String(opts.portalPort),
      PORTAL_API_URL: apiUrl,
    };
    // offline by default: with our own mock server, map tiles come from its /tiles and the maps'
    // address search from its offline geocoder (as compose and the e2e suites do)
    if (startMock && !env.PORTAL_TILE_URL) portalEnv.PORTAL_TILE_URL = `${mockUrl}/tiles/{z}/{x}/{y}.png`;
    if (startMock && !env.PORTAL_GEOCODER_URL) portalEnv.PORTAL_GEOCODER_URL = `${mockUrl}/geocoder`;
    plan.push({
      name: 'portal',
      command: opts.prod ? 'npm run build -w web && node web/scripts/serve-dist.mjs' : 'npm run dev -w web',
      cwd: repoRoot,
      prefixColor: 'cyan',
      env: portalEnv,
    });
  }
  return plan;
}

/** `--stubs DIR`: a folder whose *.json files are each a JSON array (the mock checks each stub). */
function checkStubFolder(dir: string): void {
  try {
    if (!statSync(dir).isDirectory()) throw new StubFileError(`${printable(dir)} is not a folder`);
    readStubFiles(dir, 'allowed');
  } catch (error) {
    throw new UsageError(`--stubs: ${describeError(error)}`);
  }
}

async function waitFor(url: string, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !signal.aborted) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the mock server and the portal together (npm start); Ctrl-C stops both')
    .option('--mock-port <port>', 'mock server port (env MOCK_PORT)', listenPort)
    .option('--portal-port <port>', 'portal port (env PORTAL_PORT)', listenPort)
    .option('--scenario <name>', 'scenario the mock server loads: default, empty, large')
    .option('--seed <n>', 'seed of the scenario', integer(0, 2 ** 31 - 1))
    .option('--state-file <path>', 'keep the mock state in this file across restarts')
    .option('--api-url <url>', 'backend the portal should use; the mock server is then not started', url)
    .option('--prod', 'build the portal and serve the production build (web/scripts/serve-dist.mjs)')
    .option(
      '--proxy <url>',
      'hybrid mode: a real backend for the calls of --proxy-path (default: every call the mock does not answer)',
      url,
    )
    .option(
      '--proxy-path <glob>',
      'with --proxy: calls to send to the backend (repeatable)',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option(
      '--backend-token <token>',
      "with --proxy: the backend's bearer token (env PORTAL_BACKEND_TOKEN; the portal's mock token is never sent)",
    )
    .option(
      '--validate',
      'check every call and answer against the contract (stubs and proxied answers too), in every partition as it starts: each violation is printed and marked in the journal (env MOCK_VALIDATE=1)',
    )
    .option(
      '--strict',
      'with --validate: also the wire form of the query (lists as the contract declares them) and the fields of the answers the contract does not name (env MOCK_VALIDATE=strict)',
    )
    .option(
      '--stubs <dir>',
      'load the stub files of this folder at start (every *.json, in name order, each all or nothing; env MOCK_STUBS_DIR)',
    )
    .option('--watch', 'restart the mock server when its sources (or the contract, the fixtures) change')
    .addOption(new Option('--only <part>', 'start only one of the two').choices(['mock', 'portal']))
    .option('--dry-run', 'print what would run, with its environment, and stop')
    .option('--json', 'with --dry-run: print JSON')
    .addHelpText(
      'after',
      examples(
        'portal serve',
        'portal serve --scenario empty --seed 3 --mock-port 3101 --portal-port 5174',
        'portal serve --state-file .mock-state.json',
        'portal serve --api-url https://api.example.org      # the portal against a real backend',
        'portal serve --prod',
        'portal serve --only mock --scenario large',
        'portal serve --proxy https://backend.example.org --proxy-path "/api/signal/**"   # hybrid: those calls go to the backend',
        'portal serve --only mock --watch                     # restarts the mock on every change of its sources',
        'portal serve --validate                              # every call and answer checked against the contract',
        'portal serve --only mock --validate --strict         # as the e2e suites run it',
        'portal serve --stubs stubs/                          # stubs/*.json loaded at start, in name order',
      ),
    )
    .action(async (raw: Partial<ServeOptions>) => {
      const opts: ServeOptions = {
        ...raw,
        mockPort: raw.mockPort ?? fromEnv('MOCK_PORT', listenPort) ?? 3001,
        portalPort: raw.portalPort ?? fromEnv('PORTAL_PORT', listenPort) ?? 5173,
      };
      if (opts.proxyPath && !opts.proxy) throw new UsageError('--proxy-path goes with --proxy URL');
      if (opts.strict && !opts.validate) throw new UsageError('--strict goes with --validate');
      opts.backendToken ??= process.env.PORTAL_BACKEND_TOKEN || undefined;
      if (opts.backendToken && !opts.proxy) throw new UsageError('--backend-token goes with --proxy URL');
      if (opts.watch && opts.apiUrl)
        throw new UsageError('--watch restarts the mock server: with --api-url none is started');
      if (opts.only === 'mock' && opts.prod)
        throw new UsageError('--prod is about the portal: it cannot go with --only mock');
      for (const flag of ['validate', 'stubs'] as const)
        if (opts[flag] && (opts.apiUrl || opts.only === 'portal'))
          throw new UsageError(
            `--${flag} is about the mock server: it cannot go with --api-url or --only portal`,
          );
      // a folder with a file that is not a JSON array of stubs: said now, with its name, before starting
      if (opts.stubs) checkStubFolder(opts.stubs);
      const plan = servePlan(opts);
      if (opts.dryRun) {
        // a token is never printed
        const shown = plan.map((p) => ({
          ...p,
          env: Object.fromEntries(
            Object.entries(p.env).map(([k, v]) => [k, k.endsWith('_TOKEN') ? '***' : v]),
          ),
        }));
        if (opts.json) return printJson(shown);
        for (const p of shown)
          print(
            `${p.name}: ${Object.entries(p.env)
              .map(([k, v]) => `${k}=${quote(String(v))}`)
              .join(' ')} ${p.command}`,
          );
        return;
      }
      if (opts.prod && !existsSync(path.join(repoRoot, 'web/scripts/serve-dist.mjs'))) {
        throw new CliError(
          'web/scripts/serve-dist.mjs is missing: the production server is not in this checkout',
        );
      }
      // a port another server holds: say so now, not "ready" (that server answers) and then fail
      for (const [name, held] of [
        ['mock', opts.mockPort],
        ['portal', opts.portalPort],
      ] as const)
        if (plan.some((p) => p.name === name) && !(await portFree(held)))
          throw new CliError(
            `port ${held} (${name === 'mock' ? 'mock server' : 'portal'}) is in use by another server`,
            1,
            [`stop it, or choose another port with --${name}-port (npx portal doctor shows what holds it)`],
          );
      const { result } = concurrently(plan, {
        prefix: 'name',
        killOthersOn: ['failure', 'success'],
        handleInput: false,
      });
      const ready = new AbortController();
      void (async () => {
        const mock = plan.find((p) => p.name === 'mock');
        const portal = plan.find((p) => p.name === 'portal');
        if (mock && (await waitFor(healthUrl(`http://localhost:${opts.mockPort}`), 120_000, ready.signal))) {
          note(
            `${OK} Mock server ready: http://localhost:${opts.mockPort} (control API /__mock, docs /__mock/docs)`,
          );
        }
        if (portal && (await waitFor(`http://localhost:${opts.portalPort}/`, 300_000, ready.signal))) {
          const login = [
            'npx portal persona login dashboard-all --open',
            ...(opts.portalPort === 5173 ? [] : [`--portal-url http://localhost:${opts.portalPort}`]),
            ...(mock && opts.mockPort !== 3001 ? [`--mock-url http://localhost:${opts.mockPort}`] : []),
          ].join(' ');
          note(`${OK} Portal ready: http://localhost:${opts.portalPort}  (sign in: ${login})`);
        }
      })();
      try {
        await result;
      } catch (events) {
        const failed = Array.isArray(events)
          ? (events as { command: { name: string }; exitCode: string | number; killed: boolean }[]).filter(
              (e) => !e.killed && e.exitCode !== 0 && e.exitCode !== 'SIGINT' && e.exitCode !== 'SIGTERM',
            )
          : [];
        if (failed.length) {
          throw new CliError(
            `${failed.map((e) => `${e.command.name} exited with ${e.exitCode}`).join(', ')}`,
          );
        }
      } finally {
        ready.abort();
      }
    });
}
