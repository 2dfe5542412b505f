// The README's "QA session in a few lines", run as it is printed there: a fault added with the CLI
// reaches the test that `portal test --mock-url` runs, and `journal verify` counts the run's calls.
// Its lines run against this run's mock (in a partition of their own, MOCK_PARTITION) and portal.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, MockClient } from '../../fixtures/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The command lines of the README's QA session block. */
function sessionLines(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const at = readme.indexOf('A QA session in a few lines');
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (at < 0 || !block?.[1]) throw new Error('README.md has no QA session block');
  return block[1].split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
}

/** The environment of a run inside this one: Playwright's own variables of this worker left out. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(TEST_|PW_|PLAYWRIGHT_|E2E_)/.test(key) && key !== 'NODE_OPTIONS') env[key] = value;
  return { ...env, NO_COLOR: '1', ...extra };
}

function sh(line: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

test("the README's QA session runs as printed: the run's fault is hit, the journal counts its calls", async ({
  mockUrl,
  portalUrl,
  partition,
}) => {
  test.setTimeout(300_000);
  const lines = sessionLines();
  expect(lines.some((line) => line.includes('portal test'))).toBe(true);
  // the session's partition: made first (a partition the CLI names must exist)
  const session = `${partition}-session`;
  await new MockClient(mockUrl, session).call('loadScenario', { params: { name: 'default' } });
  const work = mkdtempSync(path.join(os.tmpdir(), 'readme-session-'));
  const env = cleanEnv({
    // the session's server (its lines name none but the one of `portal test`) and partition
    MOCK_URL: mockUrl,
    MOCK_PARTITION: session,
    // the portal this run serves, and the results of the inner run kept apart from this run's
    E2E_BASE_URL: portalUrl,
    E2E_OUTPUT_DIR: path.join(work, 'results'),
    PLAYWRIGHT_HTML_OUTPUT_DIR: path.join(work, 'report'),
  });
  for (const printed of lines) {
    const line = printed.replaceAll('http://localhost:3001', mockUrl);
    const { code, output } = await sh(line, env);
    expect(code, `${printed}\n${output}`).toBe(0);
    if (line.includes('journal verify')) expect(output).toContain('2 calls');
  }
  // the fault of the session was hit twice, by the test's partition, and cleared at the end
  const journal = await new MockClient(mockUrl, session).call('journal', {
    query: { method: 'POST', path: '/api/contract/*/user/role' },
  });
  expect(journal.map((call) => call.status)).toEqual([503, 201]);
  expect(journal.every((call) => call.from !== undefined && call.from !== session)).toBe(true);
  expect(await new MockClient(mockUrl, session).call('listFaults')).toEqual([]);
});
