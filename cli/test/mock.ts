/** Starts the real mock server on a random port for one test file. */
import { startMockServer } from '../../mock-server/src/server.ts';

export interface RunningMock {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startMock(options: { scenario?: string; seed?: number } = {}): Promise<RunningMock> {
  return startMockServer({ port: 0, host: '127.0.0.1', quiet: true, ...options });
}
