/** startMockServer: the programmatic API used by the CLI, the tests and the end-to-end harness. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { MockRuntime } from './runtime.ts';

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
  proxy?: { target: string; paths?: string[]; unknown?: boolean };
}

export interface RunningMockServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startMockServer(opts: StartOptions = {}): Promise<RunningMockServer> {
  const runtime = new MockRuntime({
    ...(opts.scenario !== undefined ? { scenario: opts.scenario } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.stateFile !== undefined ? { stateFile: opts.stateFile } : {}),
    ...(opts.today !== undefined ? { today: opts.today } : {}),
    ...(opts.proxy !== undefined ? { proxy: opts.proxy } : {}),
    quiet: opts.quiet ?? false,
    corsOrigins:
      opts.corsOrigins ??
      (process.env.MOCK_CORS_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
  });
  const app = createApp(runtime);
  // no host: every interface (IPv6 and IPv4 where available), so that it also works inside a container
  const host = opts.host ?? (process.env.MOCK_HOST || undefined);
  const server: Server = await new Promise((resolve, reject) => {
    const done = (error?: Error) => (error ? reject(error) : resolve(s));
    const s =
      host === undefined ? app.listen(opts.port ?? 3001, done) : app.listen(opts.port ?? 3001, host, done);
    s.on('error', reject);
  });
  server.keepAliveTimeout = 5000;
  const port = (server.address() as AddressInfo).port;
  const shownHost =
    host === undefined || host === '0.0.0.0' || host === '127.0.0.1' || host === '::' ? 'localhost' : host;
  const url = `http://${shownHost}:${port}`;
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        runtime.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
