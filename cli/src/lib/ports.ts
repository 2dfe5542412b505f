/** Ports of the servers the commands start: whether one is taken. */
import { createServer } from 'node:net';

/** Whether nothing listens on the port (on any address). */
export function portFree(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port: portNumber, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
