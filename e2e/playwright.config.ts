// Playwright configuration for the end-to-end suites.
//
// By default it starts its own stack on ports that do not clash with `npm start`:
//   - the mock server on E2E_MOCK_PORT (3101), waiting on /__mock/health, with strict live
//     validation (each test's partition turns it on too, so a reused or external mock holds it);
//   - the portal built for production (`npm run build -w web`, skipped with E2E_SKIP_BUILD=1) and
//     served by web/scripts/serve-dist.mjs on E2E_PORTAL_PORT (5174), with the same headers as
//     the nginx image. E2E_WEB=dev uses the Vite dev server instead, for fast local iteration.
// E2E_MOCK_URL points the suites at a mock server that is already running, E2E_BASE_URL at a
// portal that is already running (the compose stack, for instance): each one given is not started
// here. A server already listening on a port the config would start is reused for the mock only
// (never for the portal: a dev server there would be tested instead of the production build).
// The JUnit report: E2E_JUNIT_FILE, or test-results/junit.xml when CI is set; the results folder:
// E2E_OUTPUT_DIR, else test-results.
// The browser is Debian's Chromium (see scripts/ensure-browser.mjs), never Playwright's download.
import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import {
  externalMock,
  externalPortal,
  junitFile,
  mockPort,
  mockUrl,
  portalPort,
  portalUrl,
} from './fixtures/env.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const env = process.env;
const isCI = !!env.CI;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// Debian's Chromium, locally, in CI and in the e2e image alike (e2e/Dockerfile installs it with apt).
const chromiumPath = env.E2E_CHROMIUM_PATH || env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = [
  ...(isRoot ? ['--no-sandbox'] : []),
  // The machine has no network: keep Chromium from calling home.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-quic',
];

/** Environment of the portal server: the runtime configuration points at the e2e mock. */
const portalEnv: Record<string, string> = {
  PORTAL_PORT: String(portalPort),
  PORTAL_API_URL: mockUrl,
  PORTAL_TILE_URL: `${mockUrl}/tiles/{z}/{x}/{y}.png`,
  PORTAL_GEOCODER_URL: `${mockUrl}/geocoder`,
  PORTAL_DOCUMENT_URL: `${mockUrl}/documents`,
};

const buildFirst = env.E2E_SKIP_BUILD !== '1';
const portalCommand =
  env.E2E_WEB === 'dev'
    ? `npm run dev -w web -- --port ${portalPort} --strictPort`
    : `${buildFirst ? 'npm run build -w web && ' : ''}node web/scripts/serve-dist.mjs`;

export default defineConfig({
  testDir: 'tests',
  // E2E_OUTPUT_DIR: a run inside another (the README's QA session spec) keeps its results apart,
  // since Playwright empties this folder when a run starts
  ...(env.E2E_OUTPUT_DIR ? { outputDir: env.E2E_OUTPUT_DIR } : {}),
  fullyParallel: true,
  forbidOnly: isCI,
  workers: isCI ? 2 : undefined,
  retries: isCI ? 1 : 0,
  // CI runs on 2 shared cores: the first visit of a lazy route and a dozen parallel calls can take
  // several seconds there, so the waits are longer (web-first assertions return as soon as they hold).
  timeout: isCI ? 60_000 : 30_000,
  expect: { timeout: isCI ? 15_000 : 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    ...(junitFile ? [['junit', { outputFile: junitFile }] as const] : []),
  ],
  use: {
    baseURL: portalUrl,
    trace: 'on-first-retry',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // the portal's service worker (docs/offline.md) would answer the app's files and the session's
    // reads from its caches, past the routes a spec mocks with page.route: only the offline specs
    // (tests/offline/) allow it, in their own browser contexts
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    ...(externalMock
      ? []
      : [
          {
            name: 'mock',
            // strict live validation in every partition: the suites hold the portal's traffic against the contract
            command: `npx tsx mock-server/src/main.ts --port ${mockPort} --validate --strict`,
            cwd: root,
            url: `${mockUrl}/__mock/health`,
            reuseExistingServer: !isCI,
            timeout: 60_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]),
    ...(externalPortal
      ? []
      : [
          {
            name: 'portal',
            command: portalCommand,
            cwd: root,
            url: `${portalUrl}/runtime-config.json`,
            env: portalEnv,
            reuseExistingServer: false,
            timeout: 240_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]),
  ],
});
