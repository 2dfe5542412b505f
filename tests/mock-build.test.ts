// The mock image starts `node mock-server/dist/main.mjs` (mock-server/Dockerfile): the build writes
// that file, and the file alone, run by Node without tsx, is a working mock server.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { exists, fromRoot, repoRoot } from './helpers.ts';

const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((child) => child.kill()));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the compiled mock server', () => {
  it('is built by `npm run build -w mock-server` and answers as the TypeScript one does', async () => {
    const build = spawnSync('npm', ['run', 'build', '-w', 'mock-server'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(exists('mock-server/dist/main.mjs')).toBe(true);

    const port = await freePort();
    const child = spawn(process.execPath, [fromRoot('mock-server/dist/main.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', MOCK_PORT: String(port), MOCK_HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    let health: { status?: string; scenario?: string } | null = null;
    for (let i = 0; i < 100 && !health; i++) {
      health = await fetch(`${base}/__mock/health`)
        .then((r) => r.json() as Promise<{ status: string; scenario: string }>)
        .catch(() => null);
      if (!health) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health).toMatchObject({ status: 'ok', scenario: 'default' });
    // a signed-in call through the bundled contract (routes, schemas, role checks)
    const minted = (await (
      await fetch(`${base}/__mock/personas/contract-admin/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { token: string };
    const list = await fetch(`${base}/api/contract/1/organization?q=ville`, {
      headers: { authorization: `Bearer ${minted.token}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBeGreaterThan(0);
    const refused = await fetch(`${base}/api/contract/1/organization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${minted.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: '' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errors: expect.arrayContaining([{ path: 'label', message: 'required' }]),
    });
  }, 60_000);
});
