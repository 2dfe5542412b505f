/** Starts the real mock server on a random port for one test file. */
import { afterAll, beforeAll } from 'vitest';
import { startMockServer } from '../../mock-server/src/server.ts';
import { cli, control } from './helpers.ts';

export interface RunningMock {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startMock(options: { scenario?: string; seed?: number } = {}): Promise<RunningMock> {
  return startMockServer({ port: 0, host: '127.0.0.1', quiet: true, ...options });
}

/**
 * One mock server for the test file (started before its tests, closed after them): `mock.url`,
 * `api` (the control client, to check a command's effect) and `run(...args)` (the CLI against it).
 */
export function useMockServer(options: { timeoutMs?: number } = {}) {
  let running: RunningMock | undefined;
  beforeAll(async () => {
    running = await startMock();
  });
  afterAll(() => running?.close());
  const url = (): string => {
    if (!running) throw new Error('the mock server of this test file is not started yet');
    return running.url;
  };
  return {
    mock: {
      get url() {
        return url();
      },
    },
    api: control(url),
    run: (...args: string[]) => cli([...args, '--mock-url', url()], { timeoutMs: options.timeoutMs }),
  };
}
