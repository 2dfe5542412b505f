import { chmod, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_URL, ROOT, cli, control, freePort, json, spawnCli } from './helpers.ts';
import { listedTests } from '../src/commands/test/list.ts';
import { reportWrittenSince } from '../src/commands/test/report.ts';
import { playwrightReportFile } from '../src/lib/paths.ts';
import { startMock, type RunningMock } from './mock.ts';

let mock: RunningMock;
let fakeBrowser: string;
const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  cli([...args, '--mock-url', mock.url], { env });

beforeAll(async () => {
  mock = await startMock();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-doctor-'));
  fakeBrowser = path.join(dir, 'chromium');
  // the Chromium version Playwright is built for, so that the versions agree
  const browsers = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules/playwright-core/browsers.json'), 'utf8'),
  ) as { browsers: { name: string; browserVersion: string }[] };
  const version = browsers.browsers.find((b) => b.name === 'chromium')?.browserVersion;
  await writeFile(fakeBrowser, `#!/bin/sh\necho Chromium ${version} built for the tests\n`);
  await chmod(fakeBrowser, 0o755);
});
afterAll(() => mock?.close());

describe('portal doctor', () => {
  it('passes when Node, the browser, the ports and the mock server are fine', async () => {
    const portalPort = await freePort();
    // the end-to-end ports on free ones: other runs on this machine may hold 3101 and 5174
    const e2ePorts = { E2E_MOCK_PORT: String(await freePort()), E2E_PORTAL_PORT: String(await freePort()) };
    const result = await run(
      ['doctor', '--mock-port', String(mock.port), '--portal-port', String(portalPort)],
      { E2E_CHROMIUM_PATH: fakeBrowser, ...e2ePorts },
    );
    expect(result.stdout).toMatch(/^✓ Node\.js: v\d+/m);
    expect(result.stdout).toContain(`✓ Browser for the e2e tests: ${fakeBrowser} (E2E_CHROMIUM_PATH)`);
    expect(result.stdout).toContain(`✓ Port ${mock.port} (mock server): in use by the mock server`);
    expect(result.stdout).toContain(`✓ Port ${portalPort} (portal): free`);
    expect(result.stdout).toMatch(/✓ Mock server: .* healthy, scenario default/);
    expect(result.stdout).toContain('Everything is ready.');
    expect(result.code).toBe(0);

    const data = json(
      await run(['doctor', '--mock-port', String(mock.port), '--portal-port', String(portalPort), '--json'], {
        E2E_CHROMIUM_PATH: fakeBrowser,
        ...e2ePorts,
      }),
    );
    expect(data.ok).toBe(true);
    expect(data.checks.map((c: { name: string }) => c.name)).toEqual([
      'Node.js',
      'Dependencies',
      'Browser for the e2e tests',
      'Playwright and Chromium versions',
      `Port ${mock.port} (mock server)`,
      `Port ${portalPort} (portal)`,
      expect.stringMatching(/^Port \d+ \(end-to-end mock server\)$/),
      expect.stringMatching(/^Port \d+ \(end-to-end portal\)$/),
      'Mock server',
    ]);
  });

  it('says a mock that is not started at the default address is not running, not a failure; and checks versions', async () => {
    const dead = String(await freePort());
    const result = await cli(['doctor', '--json'], {
      env: {
        E2E_CHROMIUM_PATH: fakeBrowser,
        MOCK_PORT: dead,
        PORTAL_PORT: String(await freePort()),
        E2E_MOCK_PORT: String(await freePort()),
        E2E_PORTAL_PORT: String(await freePort()),
      },
    });
    const checks = json(result).checks as { name: string; ok: boolean; detail: string }[];
    const mockCheck = checks.find((c) => c.name === 'Mock server');
    expect(mockCheck).toMatchObject({
      ok: true,
      detail: expect.stringContaining('not running at http://localhost:3001: start it with npm start'),
    });
    expect(checks.find((c) => c.name === 'Playwright and Chromium versions')?.ok).toBe(true);

    const old = path.join(path.dirname(fakeBrowser), 'old-chromium');
    await writeFile(old, '#!/bin/sh\necho Chromium 90.0.1.2\n');
    await chmod(old, 0o755);
    const mismatch = await cli(['doctor'], { env: { E2E_CHROMIUM_PATH: old } });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stdout).toMatch(
      /✗ Playwright and Chromium versions: Playwright [\d.]+ is built for Chromium \d+; .* is Chromium 90 \(more than 3 versions apart\)/,
    );
  });

  it('says what to fix: a missing browser, a busy port, an unreachable mock server', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, resolve));
    const busyPort = (busy.address() as { port: number }).port;
    try {
      const result = await cli(
        [
          'doctor',
          '--mock-url',
          DEAD_URL,
          '--mock-port',
          String(busyPort),
          '--portal-port',
          String(await freePort()),
        ],
        {
          env: {
            CHROMIUM_PATH: '/nonexistent/chromium',
            E2E_MOCK_PORT: String(await freePort()),
            E2E_PORTAL_PORT: String(await freePort()),
          },
        },
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        '✗ Browser for the e2e tests: no executable at /nonexistent/chromium (CHROMIUM_PATH)',
      );
      expect(result.stdout).toContain('fix: CHROMIUM_PATH points at /nonexistent/chromium');
      expect(result.stdout).toContain(`✗ Port ${busyPort} (mock server): in use by another program`);
      expect(result.stdout).toContain('choose another port with MOCK_PORT');
      expect(result.stdout).toContain(`✗ Mock server: cannot reach ${DEAD_URL}`);
      expect(result.stdout).toContain('fix: start it with `npx portal serve`');
      expect(result.stdout).toContain('3 problem(s) to fix.');
    } finally {
      busy.close();
    }
  });

  it('suggests installing Chromium when the default path is missing', async () => {
    const result = await run(['doctor', '--json'], {
      E2E_CHROMIUM_PATH: undefined,
      CHROMIUM_PATH: undefined,
    });
    const browser = json(result).checks.find((c: { name: string }) => c.name === 'Browser for the e2e tests');
    if (browser.ok) expect(browser.detail).toBe('/usr/bin/chromium (default)');
    else expect(browser.fix).toContain('apt-get install -y chromium');
  });

  it('refuses a bad port with exit 2', async () => {
    const result = await run(['doctor', '--mock-port', '70000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected a number from 0 to 65535');
  });
});

describe('portal serve', () => {
  it('--dry-run shows the mock server and portal commands with their options', async () => {
    const result = await cli([
      'serve',
      '--dry-run',
      '--mock-port',
      '3101',
      '--portal-port',
      '5174',
      '--scenario',
      'empty',
      '--seed',
      '3',
      '--state-file',
      'state.json',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^mock: MOCK_PORT=3101 .*mock-server\/src\/main\.ts --port 3101 --scenario empty --seed 3 --state-file \/.*state\.json$/m,
    );
    expect(result.stdout).toMatch(
      /^portal: PORTAL_PORT=5174 PORTAL_API_URL=http:\/\/localhost:3101 .*npm run dev -w web$/m,
    );

    const plan = json<{ name: string; env: Record<string, string>; command: string }[]>(
      await cli(['serve', '--dry-run', '--json', '--api-url', 'https://api.example.org', '--prod']),
    );
    expect(plan.map((p) => p.name)).toEqual(['portal']);
    expect(plan[0]?.env.PORTAL_API_URL).toBe('https://api.example.org');
    expect(plan[0]?.command).toBe('npm run build -w web && node web/scripts/serve-dist.mjs');
  });

  it('uses MOCK_PORT and PORTAL_PORT from the environment', async () => {
    const plan = json<{ name: string; env: Record<string, string> }[]>(
      await cli(['serve', '--dry-run', '--json'], { env: { MOCK_PORT: '3999', PORTAL_PORT: '5999' } }),
    );
    expect(plan.find((p) => p.name === 'mock')?.env.MOCK_PORT).toBe('3999');
    expect(plan.find((p) => p.name === 'portal')?.env).toMatchObject({
      PORTAL_PORT: '5999',
      PORTAL_API_URL: 'http://localhost:3999',
    });
  });

  it('points the maps at the mock: offline tiles and geocoder, unless given', async () => {
    const plan = json<{ name: string; env: Record<string, string> }[]>(
      await cli(['serve', '--dry-run', '--json', '--mock-port', '3998'], {
        env: { PORTAL_TILE_URL: undefined, PORTAL_GEOCODER_URL: undefined },
      }),
    );
    expect(plan.find((p) => p.name === 'portal')?.env).toMatchObject({
      PORTAL_TILE_URL: 'http://localhost:3998/tiles/{z}/{x}/{y}.png',
      PORTAL_GEOCODER_URL: 'http://localhost:3998/geocoder',
    });
    const printed = await cli(['serve', '--dry-run', '--mock-port', '3998'], {
      env: { PORTAL_GEOCODER_URL: undefined },
    });
    expect(printed.stdout).toMatch(/^portal: .*PORTAL_GEOCODER_URL=http:\/\/localhost:3998\/geocoder /m);

    const given = json<{ name: string; env: Record<string, string> }[]>(
      await cli(['serve', '--dry-run', '--json'], {
        env: { PORTAL_GEOCODER_URL: 'https://geo.example.org' },
      }),
    );
    expect(given.find((p) => p.name === 'portal')?.env.PORTAL_GEOCODER_URL).toBeUndefined();
  });

  it('starts the mock server with the scenario and seed asked, and stops on Ctrl-C', async () => {
    const port = await freePort();
    const child = spawnCli([
      'serve',
      '--only',
      'mock',
      '--mock-port',
      String(port),
      '--scenario',
      'empty',
      '--seed',
      '9',
    ]);
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const deadline = Date.now() + 60_000;
      let health: { scenario?: string; seed?: number } | undefined;
      while (!health && Date.now() < deadline) {
        health = await control(`http://127.0.0.1:${port}`)
          .get('/__mock/health')
          .catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 300));
      }
      expect(health, output).toMatchObject({ status: 'ok', scenario: 'empty', seed: 9 });
      await expect
        .poll(() => output, { timeout: 10_000 })
        .toContain(`Mock server ready: http://localhost:${port}`);
      expect(output).toMatch(/\[mock\]/);
    } finally {
      child.kill('SIGINT');
    }
    expect(await closed).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/__mock/health`)).rejects.toThrow();
  }, 90_000);

  it('refuses contradictory options with exit 2', async () => {
    expect((await cli(['serve', '--only', 'mock', '--api-url', 'http://x.test'])).code).toBe(2);
    expect((await cli(['serve', '--only', 'web'])).code).toBe(2);
    expect((await cli(['serve', '--mock-port', 'abc'])).code).toBe(2);
  });
});

describe('portal test', () => {
  it('--dry-run shows the Playwright command for a selection, persona and scenario', async () => {
    const result = await cli([
      'test',
      '--dry-run',
      '--json',
      '--grep',
      'signal',
      '--tag',
      'smoke',
      '--headed',
      '--persona',
      'agent',
      '--scenario',
      'empty',
      '--workers',
      '1',
    ]);
    expect(result.code).toBe(0);
    const plan = json(result);
    expect(plan.cwd).toMatch(/e2e$/);
    expect(plan.args).toEqual([
      'playwright',
      'test',
      '--grep',
      '^(?=.*(?:signal))(?=.*(?:@smoke)(?![\\w-]))',
      '--headed',
      '--workers',
      '1',
    ]);
    expect(plan.env).toEqual({ E2E_PERSONA: 'agent', E2E_SCENARIO: 'empty' });
    expect(plan.before).toEqual([['node', 'scripts/ensure-browser.mjs']]);
    expect(result.stderr).toContain('--persona agent is read by tests/smoke/persona.spec.ts');

    const stack = json(
      await cli([
        'test',
        '--dry-run',
        '--json',
        '--base-url',
        'http://localhost:8080',
        '--mock-url',
        'http://localhost:3001',
      ]),
    );
    // a mock server that outlives the run: the tests' partitions join its run partition
    expect(stack.env).toEqual({
      E2E_BASE_URL: 'http://localhost:8080',
      E2E_MOCK_URL: 'http://localhost:3001',
      E2E_RUN_PARTITION: 'default',
      E2E_RUN_ID: expect.stringMatching(/^r[a-z0-9]+$/),
    });
  });

  it('passes the words after -- to Playwright, not as spec files', async () => {
    const forPlaywright = [
      '--shard',
      '1/2',
      '--reporter=junit,html',
      '--trace',
      'on',
      '--retries',
      '2',
      '--last-failed',
    ];
    const plan = json(
      await cli(['test', '--dry-run', '--json', '--suite', 'matrix', '--', ...forPlaywright]),
    );
    expect(plan.args).toEqual(['playwright', 'test', 'tests/matrix/', ...forPlaywright]);
    const line = await cli([
      'test',
      '--dry-run',
      'tests/matrix/role-matrix.spec.ts',
      '--grep',
      'a b',
      '--',
      '--ui',
    ]);
    expect(line.code).toBe(0);
    expect(line.stdout.trim()).toMatch(
      /^\(cd \S+e2e && node scripts\/ensure-browser\.mjs && npx playwright test tests\/matrix\/role-matrix\.spec\.ts --grep 'a b' --ui\)$/,
    );
    const elsewhere = await cli(['scenario', 'list', '--', '--shard', '1/2']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('only `portal test` takes arguments after --');
  });

  it('targets what the user said: MOCK_URL or --mock-url, the ports, a JUnit file', async () => {
    const fromEnv = json(
      await cli(['test', '--dry-run', '--json'], { env: { MOCK_URL: 'http://localhost:3999' } }),
    );
    expect(fromEnv.env).toEqual({
      E2E_MOCK_URL: 'http://localhost:3999',
      E2E_RUN_PARTITION: 'default',
      E2E_RUN_ID: expect.stringMatching(/^r[a-z0-9]+$/),
    });
    const ports = json(
      await cli([
        'test',
        '--dry-run',
        '--json',
        '--mock-port',
        '3131',
        '--portal-port',
        '5183',
        '--junit',
        'out.xml',
      ]),
    );
    expect(ports.env).toEqual({
      E2E_MOCK_PORT: '3131',
      E2E_PORTAL_PORT: '5183',
      E2E_JUNIT_FILE: path.join(ROOT, 'out.xml'),
      PLAYWRIGHT_JUNIT_OUTPUT_FILE: path.join(ROOT, 'out.xml'),
    });
    const badRegExp = await cli(['test', '--dry-run', '--grep', '(']);
    expect(badRegExp.code).toBe(2);
    expect(badRegExp.stderr).toContain('--grep "(" is not a valid regular expression');
  });

  it('opens the HTML report and a trace with Playwright, and says when there is none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-report-'));
    await writeFile(path.join(dir, 'index.html'), '<html></html>');
    const report = json(await cli(['test', 'report', dir, '--port', '9400', '--dry-run', '--json']));
    expect(report.args).toEqual(['playwright', 'show-report', dir, '--port', '9400']);
    // a report or a trace that is not there: the same usage error (exit 2)
    const none = await cli(['test', 'report', os.tmpdir()]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`no HTML report in ${os.tmpdir()}`);

    const trace = path.join(dir, 'trace.zip');
    await writeFile(trace, 'zip');
    const shown = json(await cli(['test', 'trace', trace, '--dry-run', '--json']));
    expect(shown.args).toEqual(['playwright', 'show-trace', trace]);
    const missing = await cli(['test', 'trace', 'nope.zip']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no trace file nope.zip');
  });

  it('selects a suite folder or a spec file, and refuses unknown ones with exit 2', async () => {
    const suite = json(await cli(['test', '--dry-run', '--json', '--suite', 'matrix']));
    expect(suite.args).toContain('tests/matrix/');
    const file = json(
      await cli(['test', '--dry-run', '--json', '--file', 'tests/matrix/role-matrix.spec.ts']),
    );
    expect(file.args).toContain(path.join('tests', 'matrix', 'role-matrix.spec.ts'));

    const unknownSuite = await cli(['test', '--suite', 'nope']);
    expect(unknownSuite.code).toBe(2);
    expect(unknownSuite.stderr).toContain('no suite "nope" under e2e/tests');
    expect(unknownSuite.stderr).toMatch(/suites: .*matrix/);
    const unknownFile = await cli(['test', 'nope.spec.ts']);
    expect(unknownFile.code).toBe(2);
    expect(unknownFile.stderr).toContain('no spec file nope.spec.ts');
    expect((await cli(['test', '--live'])).code).toBe(2);
  });

  it('prints the role matrix from the route table and the personas', async () => {
    const data = json(await run(['test', 'matrix', '--json']));
    expect(data.personas).toContain('portal-admin');
    const cell = (route: string, persona: string) =>
      data.routes.find((r: { path: string }) => r.path === route)?.granted[persona];
    expect(cell('/admin/contrat', 'portal-admin')).toBe(true);
    expect(cell('/admin/contrat', 'contract-admin')).toBe(false);
    expect(cell('/gestion-territoriale', 'org-admin')).toBe(true);
    expect(cell('/travaux', 'works-planner')).toBe(true);
    expect(cell('/travaux', 'agent')).toBe(false);
    expect(cell('/mon-profil', 'read-only')).toBe(true);
    expect(data.routes.some((r: { path: string }) => r.path === '/error/oops')).toBe(false);

    const table = await run(['test', '--matrix']);
    expect(table.code).toBe(0);
    const index = data.personas.indexOf('portal-admin') + 1;
    expect(table.stdout).toMatch(new RegExp(`^\\s+${index}\\s+portal-admin$`, 'm'));
    expect(table.stdout).toMatch(/^\/admin\/contrat\s+[✓✗ ]+$/m);
    expect(table.stdout).toContain('✓ granted  ✗ refused');

    const filtered = json(
      await run(['test', 'matrix', '--persona', 'agent,works-planner', '--route', '/travaux/**', '--json']),
    );
    expect(filtered.personas).toEqual(['agent', 'works-planner']);
    expect(filtered.routes.map((r: { path: string }) => r.path)).toEqual([
      // `/travaux/**` takes `/travaux` itself too
      '/travaux',
      '/travaux/nouveau',
      '/travaux/:workId',
      '/travaux/edition/:workId',
    ]);
  });

  it('the live matrix runs the matrix spec with the matrix in a file', async () => {
    // the partition named must exist: a typo is refused rather than made
    expect((await run(['test', 'matrix', '--partition', 'qa-1'])).code).toBe(2);
    expect((await run(['scenario', 'load', 'default', '--partition', 'qa-1'])).code).toBe(0);
    const plan = json(
      await run([
        'test',
        'matrix',
        '--live',
        '--dry-run',
        '--json',
        '--persona',
        'agent',
        '--partition',
        'qa-1',
      ]),
    );
    expect(plan.args).toContain('tests/matrix/role-matrix.spec.ts');
    // the same server and partition as the personas it printed
    expect(plan.env.E2E_MOCK_URL).toBe(mock.url);
    expect(plan.env.E2E_PARTITION).toBe('qa-1');
    expect(plan.env.E2E_MATRIX_FILE).toMatch(/matrix\.json$/);
    expect(plan.env.E2E_MATRIX_RESULTS).toBeTruthy();
  });

  it('refuses an unknown persona (exit 2) and reports an unreachable server (exit 1)', async () => {
    const unknown = await run(['test', 'matrix', '--persona', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown persona nobody');
    const dead = await cli(['test', 'matrix', '--mock-url', DEAD_URL]);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain(`cannot reach the mock server at ${DEAD_URL}`);
  });
});

describe('portal test --list --json and the report', () => {
  it('lists the @smoke tests as JSON on stdout, one per persona, without running them', async () => {
    const result = await cli(['test', '--tag', 'smoke', '--list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const listing = json(result);
    expect(listing.passed).toBe(true);
    expect(listing.count).toBe(listing.tests.length);
    expect(listing.tests.length).toBeGreaterThanOrEqual(2);
    for (const t of listing.tests) {
      expect(t.tags).toContain('@smoke');
      expect(t.file).toMatch(/persona\.spec\.ts$/);
    }
    expect(listing.tests.map((t: { title: string }) => t.title)).toContain(
      'contract-admin: signs in and opens each page it is granted',
    );
  });

  it('reads the tests, titles and tags of a Playwright JSON listing', () => {
    const tests = listedTests({
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs: [
            {
              title: 'top @fast',
              file: 'a.spec.ts',
              line: 3,
              tags: ['fast'],
              tests: [{ projectName: 'chromium' }],
            },
          ],
          suites: [
            {
              title: 'group',
              specs: [
                {
                  title: 'inner',
                  file: 'a.spec.ts',
                  line: 9,
                  tags: ['@smoke'],
                  tests: [{ projectName: 'chromium' }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(tests).toEqual([
      { file: 'a.spec.ts', title: 'top @fast', tags: ['@fast'], line: 3, project: 'chromium' },
      { file: 'a.spec.ts', title: 'group › inner', tags: ['@smoke'], line: 9, project: 'chromium' },
    ]);
  });

  it('names the HTML report only when this run wrote it, where PLAYWRIGHT_HTML_OUTPUT_DIR says', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-report-'));
    const file = path.join(dir, 'index.html');
    expect(playwrightReportFile({ PLAYWRIGHT_HTML_OUTPUT_DIR: dir })).toBe(file);
    expect(playwrightReportFile({})).toMatch(/e2e[\\/]playwright-report[\\/]index\.html$/);
    expect(reportWrittenSince(Date.now(), file)).toBeNull();
    await writeFile(file, '<html></html>');
    const written = Date.now();
    expect(reportWrittenSince(written - 2000, file)).toBe(file);
    await utimes(file, new Date(written - 60_000), new Date(written - 60_000));
    expect(reportWrittenSince(written - 2000, file)).toBeNull();
  });
});
