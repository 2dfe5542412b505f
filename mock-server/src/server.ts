/** startMockServer: the programmatic API used by the CLI, the tests and the end-to-end harness. */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createApp, httpClasses } from './app.ts';
import { MockRuntime } from './runtime/mock-runtime.ts';
import { DEFAULT_PARTITION } from './runtime/partitions.ts';
import { listPersonas } from './runtime/personas.ts';
import { loadStubFolder } from './runtime/rule-sets.ts';

const DEFAULT_HOST = '127.0.0.1';

export interface StartOptions {
  /** 0 = a random free port; default 3001 */
  port?: number;
  host?: string;
  scenario?: string;
  seed?: number;
  stateFile?: string;
  quiet?: boolean;
  today?: string;
  corsOrigins?: string[];
  proxy?: { target: string; paths?: string[]; unknown?: boolean; token?: string };
  /** host names the control API answers besides the loopback ones and `host` (MOCK_ALLOWED_HOSTS) */
  allowedHosts?: string[];
  /** state partitions kept at most (MOCK_MAX_PARTITIONS, default 500) */
  maxPartitions?: number;
  /**
   * live validation of the traffic against the contract, where every partition starts
   * (MOCK_VALIDATE=1, or MOCK_VALIDATE=strict: also the query's wire form and the answers' extra fields)
   */
  validate?: boolean | 'strict';
  /** a folder of stub files loaded at start into the default partition, in name order (MOCK_STUBS_DIR) */
  stubsDir?: string;
}

export interface RunningMockServer {
  url: string;
  port: number;
  /** the address it listens on (127.0.0.1 unless a host was given) */
  address: string;
  close(): Promise<void>;
}

/** Node answers an over-long header or request line itself, with an empty body: a JSON 431 instead, like every error. */
function jsonClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify({
      message: tooLarge
        ? 'Request header fields too large (the headers or the address are too long)'
        : 'Malformed HTTP request',
    });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

function envNumber(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A comma-separated list of the environment. */
function envList(name: string): string[] {
  return (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The stub files of a folder, each all or nothing; an invalid one stops the start, named. */
async function loadStubs(runtime: MockRuntime, dir: string): Promise<void> {
  const main = runtime.partitions.get(DEFAULT_PARTITION);
  const personas = listPersonas(main.db).flatMap((u) => (u.personaId ? [u.personaId] : []));
  for (const { file, added } of await loadStubFolder(main.rules, dir, personas)) {
    runtime.log(`Loaded ${added.length} stub${added.length === 1 ? '' : 's'} from ${file}`);
    for (const rule of added)
      for (const warning of rule.warnings) runtime.log(`warning: ${file}: stub ${rule.id}: ${warning}`);
  }
}

/** MOCK_VALIDATE: strict, on (1, true) or off. */
function validateFromEnv(value: string | undefined): boolean | 'strict' {
  if (value === 'strict') return 'strict';
  return ['1', 'true'].includes(value ?? '');
}

export async function startMockServer(opts: StartOptions = {}): Promise<RunningMockServer> {
  const maxPartitions = opts.maxPartitions ?? envNumber('MOCK_MAX_PARTITIONS');
  // the local machine only unless told otherwise (docker compose sets MOCK_HOST=0.0.0.0 in its container):
  // the control API resets and rewrites the state for everyone who reaches it
  const host = opts.host ?? (process.env.MOCK_HOST || DEFAULT_HOST);
  // the control API answers the host it was told to listen on (a name, not "every interface")
  const ownHost = ['0.0.0.0', '::'].includes(host) ? [] : [host.includes(':') ? `[${host}]` : host];
  const runtime = new MockRuntime({
    ...(opts.scenario !== undefined ? { scenario: opts.scenario } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.stateFile !== undefined ? { stateFile: opts.stateFile } : {}),
    ...(opts.today !== undefined ? { today: opts.today } : {}),
    ...(opts.proxy !== undefined ? { proxy: opts.proxy } : {}),
    quiet: opts.quiet ?? false,
    corsOrigins: opts.corsOrigins ?? envList('MOCK_CORS_ORIGINS'),
    allowedHosts: [...ownHost, ...(opts.allowedHosts ?? envList('MOCK_ALLOWED_HOSTS'))],
    ...(maxPartitions !== undefined ? { maxPartitions } : {}),
    validate: opts.validate ?? validateFromEnv(process.env.MOCK_VALIDATE),
  });
  const stubsDir = opts.stubsDir ?? (process.env.MOCK_STUBS_DIR || undefined);
  if (stubsDir) await loadStubs(runtime, stubsDir);
  const app = createApp(runtime);
  // every call goes through express (app.ts), its objects made with express's prototypes
  const server: Server = await new Promise((resolve, reject) => {
    const s = createServer(httpClasses(app), app);
    s.once('error', reject);
    s.listen(opts.port ?? 3001, host, () => resolve(s));
  });
  server.keepAliveTimeout = 5000;
  jsonClientErrors(server);
  const port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '127.0.0.1' || host === '::' ? 'localhost' : host;
  const url = `http://${shownHost}:${port}`;
  return {
    url,
    port,
    address: (server.address() as AddressInfo).address,
    close: () =>
      new Promise<void>((resolve) => {
        runtime.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
