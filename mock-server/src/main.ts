/**
 * tsx mock-server/src/main.ts [--port N] [--host H] [--scenario NAME] [--seed N] [--state-file PATH]
 *   [--proxy URL [--proxy-path GLOB]... [--backend-token TOKEN]] [--validate [--strict]] [--stubs DIR]
 * Env: MOCK_PORT, MOCK_HOST, MOCK_SCENARIO, MOCK_SEED, MOCK_STATE_FILE, MOCK_CORS_ORIGINS, MOCK_JWT_SECRET,
 * MOCK_ALLOWED_HOSTS, MOCK_PROXY, MOCK_PROXY_PATHS, MOCK_PROXY_TOKEN, MOCK_VALIDATE, MOCK_STUBS_DIR.
 */
import { parseArgs } from 'node:util';
import { startMockServer } from './server.ts';

function fail(message: string): never {
  console.error(`mock-server: ${message}`);
  process.exit(2);
}

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) fail(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

let values: Record<string, string | string[] | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      'state-file': { type: 'string' },
      proxy: { type: 'string' },
      'proxy-path': { type: 'string', multiple: true },
      'backend-token': { type: 'string' },
      quiet: { type: 'boolean' },
      validate: { type: 'boolean' },
      strict: { type: 'boolean' },
      stubs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}

if (values.help) {
  console.log(
    'Usage: tsx mock-server/src/main.ts [--port N] [--host H] [--scenario default|empty|large] [--seed N] [--state-file PATH] [--quiet]\n' +
      '  [--proxy URL [--proxy-path GLOB]... [--backend-token TOKEN]]   (the token is better given as MOCK_PROXY_TOKEN)\n' +
      '  [--validate]     check every call and answer against the contract, in every partition (MOCK_VALIDATE=1)\n' +
      "  [--strict]       with --validate: also the wire form of the query and the answers' extra fields (MOCK_VALIDATE=strict)\n" +
      '  [--stubs DIR]    load the stub files of DIR (*.json, in name order) at start (MOCK_STUBS_DIR)',
  );
  process.exit(0);
}

const port = integer((values.port as string | undefined) ?? process.env.MOCK_PORT, 'port') ?? 3001;
const seed = integer((values.seed as string | undefined) ?? process.env.MOCK_SEED, 'seed');
const scenario = (values.scenario as string | undefined) ?? process.env.MOCK_SCENARIO;
const stateFile = (values['state-file'] as string | undefined) ?? process.env.MOCK_STATE_FILE;
const host = (values.host as string | undefined) ?? process.env.MOCK_HOST;
const proxyTarget = (values.proxy as string | undefined) ?? process.env.MOCK_PROXY;
const proxyPaths =
  (values['proxy-path'] as unknown as string[] | undefined) ??
  process.env.MOCK_PROXY_PATHS?.split(',').filter(Boolean);
// the backend's own bearer token: the portal's mock token is never forwarded
const backendToken = (values['backend-token'] as string | undefined) ?? process.env.MOCK_PROXY_TOKEN;
if (proxyTarget && !/^https?:\/\/[^/]/.test(proxyTarget))
  fail(`--proxy must be an http(s) address, got "${proxyTarget}"`);
if (backendToken && !proxyTarget) fail('--backend-token goes with --proxy URL');

try {
  const server = await startMockServer({
    port,
    ...(host ? { host } : {}),
    ...(scenario ? { scenario } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(stateFile ? { stateFile } : {}),
    // --proxy alone: every call no route answers goes to the backend
    ...(proxyTarget
      ? {
          proxy: {
            target: proxyTarget.replace(/\/+$/, ''),
            paths: proxyPaths ?? [],
            unknown: !proxyPaths?.length,
            ...(backendToken ? { token: backendToken } : {}),
          },
        }
      : {}),
    quiet: Boolean(values.quiet),
    ...(values.validate ? { validate: values.strict ? ('strict' as const) : true } : {}),
    ...(values.stubs ? { stubsDir: values.stubs as string } : {}),
  });
  console.log(`Mock server listening on ${server.url}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  fail(e.code === 'EADDRINUSE' ? `port ${port} is already in use` : (e.message ?? String(error)));
}
