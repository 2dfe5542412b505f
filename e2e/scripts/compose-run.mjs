#!/usr/bin/env node
// Entry point of the e2e container (docker compose --profile e2e run --rm e2e).
// The portal's runtime configuration tells browsers to call the backend at
// http://localhost:3001, which is right for a browser on the developer's machine. Inside the
// e2e container, this script makes localhost:3001 and localhost:8080 reach the `mock` and
// `portal` services (plain TCP forwarding), so the suites see the stack exactly as a user does,
// then runs Playwright with the arguments it was given and exits with its status.
//
// Env: E2E_FORWARD (default "3001=mock:3001 8080=portal:8080").
import { createServer, connect } from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

/** Parses "3001=mock:3001 8080=portal:8080" into forwarding rules. */
export function parseForwards(spec) {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => {
      const match = /^(\d+)=([^:\s]+):(\d+)$/.exec(item);
      if (!match) throw new Error(`E2E_FORWARD: "${item}" is not LOCALPORT=HOST:PORT`);
      return { localPort: Number(match[1]), host: match[2], port: Number(match[3]) };
    });
}

function forward({ localPort, host, port }) {
  return new Promise((resolvePromise, reject) => {
    const server = createServer((client) => {
      const upstream = connect(port, host);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close);
      upstream.on('error', close);
    });
    server.once('error', reject);
    server.listen(localPort, '127.0.0.1', () => resolvePromise(server));
  });
}

const here = dirname(fileURLToPath(import.meta.url));
const rules = parseForwards(process.env.E2E_FORWARD ?? '3001=mock:3001 8080=portal:8080');
const servers = await Promise.all(rules.map(forward));
for (const rule of rules)
  console.log(`[compose-run] localhost:${rule.localPort} -> ${rule.host}:${rule.port}`);

const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: resolve(here, '..'),
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code, signal) => {
  for (const server of servers) server.close();
  process.exit(code ?? (signal ? 1 : 0));
});
