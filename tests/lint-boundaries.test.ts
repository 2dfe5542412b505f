/**
 * The import boundaries of STYLE.md bite: the repository's ESLint configuration, run as `npm run lint`
 * runs it, refuses a feature importing another feature or the app layer, shared code importing a
 * feature, an import cycle and a hand-written query key, and accepts the allowed direction (a
 * feature importing lib/ and the contract, a read through lib/endpoint-query). The probes are
 * written beside the real code for one run and removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tag = `lint-probe-${process.pid}`;

const probes: Record<string, string> = {
  crossFeature: `web/src/features/signals/${tag}/cross-feature.ts`,
  appLayer: `web/src/features/signals/${tag}/app-layer.ts`,
  sharedToFeature: `web/src/lib/${tag}/shared-to-feature.ts`,
  allowed: `web/src/features/signals/${tag}/allowed.ts`,
  cycleA: `web/src/lib/${tag}/cycle-a.ts`,
  cycleB: `web/src/lib/${tag}/cycle-b.ts`,
  handWrittenPath: `web/src/features/signals/${tag}/hand-written-path.ts`,
  handWrittenKey: `web/src/features/signals/${tag}/hand-written-key.ts`,
  handWrittenKeyInShared: `web/src/components/${tag}/hand-written-key.ts`,
  keyFromOptions: `web/src/features/signals/${tag}/key-from-options.ts`,
  godComponent: `web/src/features/signals/${tag}/god-component.tsx`,
  largeTest: `web/src/features/signals/${tag}/large.test.tsx`,
  longCommand: `cli/src/${tag}/long-command.ts`,
  cliToMock: `cli/src/${tag}/cli-to-mock.ts`,
  mockStoreUp: `mock-server/src/store/${tag}/store-up.ts`,
  benchToE2e: `bench/lib/${tag}/bench-to-e2e.ts`,
  rawSpec: `e2e/tests/${tag}/raw.spec.ts`,
  pageObject: `e2e/pages/${tag}/leaflet.ts`,
  contractRoot: `web/src/features/signals/${tag}/contract-root.ts`,
  controlInPortal: `web/src/features/signals/${tag}/control.ts`,
  controlInTest: `web/src/features/signals/${tag}/control.test.ts`,
};
const sources: Record<keyof typeof probes, string> = {
  crossFeature: "export { getRequests } from '@/features/requests/api/requests';\n",
  appLayer: "export { Providers } from '@/app/providers';\n",
  sharedToFeature: "export { getRequests } from '@/features/requests/api/requests';\n",
  allowed:
    "export { request } from '@/lib/api-client';\nexport { PAGING } from '@portal/contract/constants';\n",
  cycleA: "import { b } from './cycle-b';\nexport const a = (): number => b() + 1;\n",
  cycleB: "import { a } from './cycle-a';\nexport const b = (): number => a() - 1;\n",
  contractRoot: [
    "import { ROLES } from '@portal/contract';",
    "import type { Signal } from '@portal/contract';",
    'export const roles = ROLES;',
    'export type Shown = Signal;',
    '',
  ].join('\n'),
  controlInPortal: "export { MockControl } from '@portal/mock-server/control';\n",
  controlInTest: "export { MockControl } from '@portal/mock-server/control';\n",
  handWrittenPath:
    "export const one = (id: number) => fetch(`/api/signal/${id}`);\nexport const all = () => fetch('/api/signals');\n",
};

sources.handWrittenKey = [
  "import { queryOptions, type QueryClient } from '@tanstack/react-query';",
  "import { callData } from '@/lib/api-client';",
  'export const signal = (contractId: number, signalId: number) =>',
  '  queryOptions({',
  "    queryKey: ['contract', contractId, 'signals', signalId],",
  "    queryFn: () => callData('getSignal', { params: { signalId } }),",
  '  });',
  'export const refresh = (client: QueryClient, contractId: number) =>',
  "  client.invalidateQueries({ queryKey: ['contract', contractId, 'signals'] });",
  'export const put = (client: QueryClient, contractId: number, value: unknown) =>',
  "  client.setQueryData(['contract', contractId, 'signals', 1], value);",
  '',
].join('\n');
sources.handWrittenKeyInShared = [
  "import type { QueryClient } from '@tanstack/react-query';",
  'export const drop = (client: QueryClient) => client.removeQueries({ predicate: () => true });',
  '',
].join('\n');
sources.keyFromOptions = [
  "import type { QueryClient } from '@tanstack/react-query';",
  "import { endpointQuery, invalidateEndpoints } from '@/lib/endpoint-query';",
  'export const signal = (contractId: number, signalId: number) =>',
  "  endpointQuery(contractId, 'getSignal', { params: { signalId } });",
  'export const put = (client: QueryClient, contractId: number, value: never) =>',
  '  client.setQueryData(signal(contractId, 1).queryKey, value);',
  'export const refresh = (client: QueryClient, contractId: number) =>',
  "  invalidateEndpoints(client, contractId, ['getSignal']);",
  '',
].join('\n');

/** A component of `lines` lines of code, each a paragraph of its own. */
const component = (lines: number) =>
  `export function Big() {\n  return (\n    <div>\n${Array.from({ length: lines - 6 }, (_, i) => `      <p>line ${i}</p>\n`).join('')}    </div>\n  );\n}\n`;
sources.godComponent = component(151);
sources.longCommand = `export function register(): string[] {\n  const lines: string[] = [];\n${Array.from({ length: 147 }, (_, i) => `  lines.push('line ${i}');\n`).join('')}  return lines;\n}\n`;
sources.cliToMock = "export { createApp } from '../../../mock-server/src/app.ts';\n";
sources.mockStoreUp = "export { controlRouter } from '../../control/router.ts';\n";
sources.benchToE2e = "export { MockClient } from '../../../e2e/fixtures/mock-client.ts';\n";
sources.largeTest = component(200);
sources.rawSpec = [
  "import type { Page } from '@playwright/test';",
  'declare const mock: { totalAs(persona: string, id: string): Promise<number> };',
  'export async function raw(page: Page): Promise<number> {',
  "  await page.locator('.leaflet-container').click();",
  '  await page.waitForTimeout(500);',
  "  return mock.totalAs('contract-admin', '/api/contract/1/user');",
  '}',
  '',
].join('\n');
sources.pageObject = [
  "import type { Locator, Page } from '@playwright/test';",
  '// the map is drawn by Leaflet: its container has no role of its own',
  "export const map = (page: Page): Locator => page.locator('.leaflet-container');",
  'export const pause = (page: Page): Promise<void> => page.waitForTimeout(500);',
  '',
].join('\n');

let messages: Record<string, string[]> = {};

beforeAll(() => {
  for (const [name, path] of Object.entries(probes)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), sources[name] ?? '');
  }
  const run = spawnSync(
    process.execPath,
    ['node_modules/eslint/bin/eslint.js', '--format', 'json', ...Object.values(probes)],
    { cwd: root, encoding: 'utf8' },
  );
  const results = JSON.parse(run.stdout) as {
    filePath: string;
    messages: { ruleId: string | null; message: string }[];
  }[];
  messages = Object.fromEntries(
    Object.entries(probes).map(([name, path]) => [
      name,
      (results.find((r) => r.filePath === join(root, path))?.messages ?? []).map(
        (m) => `${m.ruleId ?? 'fatal'}: ${m.message}`,
      ),
    ]),
  );
}, 120_000);

afterAll(() => {
  for (const dir of new Set(Object.values(probes).map((p) => dirname(join(root, p)))))
    rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('refuses a feature importing another feature', () => {
    expect(messages.crossFeature).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*a feature never imports another feature/),
    ]);
  });

  it('refuses a feature importing the app layer', () => {
    expect(messages.appLayer).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*features never import the app layer/),
    ]);
  });

  it('refuses shared code importing a feature', () => {
    expect(messages.sharedToFeature).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*shared code never imports features/),
    ]);
  });

  it('refuses an import cycle, on both of its files', () => {
    expect(messages.cycleA).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
    expect(messages.cycleB).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  it('refuses a hand-written /api/ path in the portal: calls go through the contract seam', () => {
    expect(messages.handWrittenPath).toEqual([
      expect.stringMatching(/^no-restricted-syntax: no hand-written \/api\/ path/),
      expect.stringMatching(/^no-restricted-syntax: no hand-written \/api\/ path/),
    ]);
  });

  it('refuses a hand-written query key and a key-based invalidation, in a feature and in shared code', () => {
    expect(messages.handWrittenKey).toEqual([
      expect.stringMatching(/^no-restricted-syntax: no hand-written query key: read through endpointQuery/),
      expect.stringMatching(/^no-restricted-syntax: invalidate by endpoint id/),
      expect.stringMatching(/^no-restricted-syntax: no hand-written query key: read through endpointQuery/),
      expect.stringMatching(
        /^no-restricted-syntax: no hand-written query key: take it from the read's options/,
      ),
    ]);
    expect(messages.handWrittenKeyInShared).toEqual([
      expect.stringMatching(/^no-restricted-syntax: invalidate by endpoint id/),
    ]);
  });

  it("accepts a read through endpointQuery, its options' key and an invalidation by endpoint id", () => {
    expect(messages.keyFromOptions).toEqual([]);
  });

  it('refuses a god component: a function of the portal over 150 lines of code', () => {
    expect(messages.godComponent).toEqual([
      expect.stringMatching(/^max-lines-per-function: .*too many lines \(151\)/),
    ]);
  });

  it('refuses a function over 150 lines of code in every workspace, not only the portal', () => {
    expect(messages.longCommand).toEqual([
      expect.stringMatching(/^max-lines-per-function: .*too many lines \(151\)/),
    ]);
  });

  it("refuses a tool importing another workspace's sources, and the mock's layers upside down", () => {
    expect(messages.cliToMock).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*the CLI reaches the mock through its control API/,
      ),
    ]);
    expect(messages.mockStoreUp).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*store\/ imports only the layers below it/),
    ]);
    expect(messages.benchToE2e).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*the bench measures the portal and the mock/),
    ]);
  });

  it('refuses, in an end-to-end spec, a raw selector, a fixed wait and a hand-written path to the mock', () => {
    expect(messages.rawSpec).toEqual([
      expect.stringMatching(
        /^no-restricted-syntax: no raw selector in a spec: use a page object of e2e\/pages/,
      ),
      expect.stringMatching(/^no-restricted-syntax: no fixed wait/),
      expect.stringMatching(/^no-restricted-syntax: the mock client takes an endpoint id/),
    ]);
  });

  it('lets a page object use a selector where no role exists, never a fixed wait', () => {
    expect(messages.pageObject).toEqual([expect.stringMatching(/^no-restricted-syntax: no fixed wait/)]);
  });

  it('refuses a value import of the contract root in the portal, and lets a type import through', () => {
    expect(messages.contractRoot).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*the contract root holds types only/),
    ]);
  });

  it("refuses the mock's control API in the portal's code, and lets the portal's tests use it", () => {
    expect(messages.controlInPortal).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*control API is not part of the real backend/),
    ]);
    expect(messages.controlInTest).toEqual([]);
  });

  it('lets a test be as long as it needs', () => {
    expect(messages.largeTest).toEqual([]);
  });

  it('accepts a feature importing lib/ and the contract', () => {
    expect(messages.allowed).toEqual([]);
  });
});
