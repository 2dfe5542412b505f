/** Runs the real `portal` binary as a child process, the way a person or a script does. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MockControl } from '@portal/mock-server/control';

const BIN = fileURLToPath(new URL('../bin/portal.mjs', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A clean environment: no MOCK_URL or colours leaking in from the developer's shell. */
function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of [
    'MOCK_URL',
    'MOCK_PARTITION',
    'PORTAL_URL',
    'E2E_CHROMIUM_PATH',
    'CHROMIUM_PATH',
    'FORCE_COLOR',
  ])
    delete env[key];
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export function spawnCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export function cli(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, options.env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`portal ${args.join(' ')} did not end in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}

/** The JSON a command printed on stdout. */
export function json<T = any>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr: ${result.stderr}`);
  }
}

/** A port nothing listens on (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The control client (the one of @portal/mock-server/control), to check a command's effect on the server. */
export function control(baseUrl: string | (() => string)) {
  const client = () => new MockControl(typeof baseUrl === 'function' ? baseUrl() : baseUrl);
  return {
    get: <T = any>(path: string) => client().request<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => client().request<T>('POST', path, { body }),
    put: <T = any>(path: string, body: unknown) => client().request<T>('PUT', path, { body }),
    delete: (path: string) => client().request<unknown>('DELETE', path),
    token: async (persona: string) => (await client().token(persona)).token,
    /** a backend call as a persona (or without a token) */
    api: async (path: string, persona?: string) => {
      const headers = persona ? await client().bearer(persona) : {};
      const started = performance.now();
      const response = await fetch(`${client().baseUrl}${path}`, { headers });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - started, headers: response.headers };
    },
  };
}

/** The unreachable address used by the error tests: nothing listens on port 1. */
export const DEAD_URL = 'http://127.0.0.1:1';

/** Reads a child's output until a text shows up (or the time runs out). */
export function waitForOutput(
  child: ReturnType<typeof spawnCli>,
  text: string | RegExp,
  timeoutMs = 60_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "${String(text)}" in:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (typeof text === 'string' ? seen.includes(text) : text.test(seen)) {
        clearTimeout(timer);
        resolve(seen);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}
