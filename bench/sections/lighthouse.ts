/**
 * 2. Lighthouse: performance, accessibility and best practices of four routes of the production
 * build, signed in. Chromium is started by chrome-launcher with a debugging port; the session goes
 * into the origin's localStorage over CDP (Playwright connected to that port), the HTTP cache is
 * cleared, then Lighthouse's Node API audits the route with storage reset off (so the session
 * stays) on the same port. Desktop preset by default (BENCH_LH_PRESET=mobile for the mobile one).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, RESULTS_DIR } from '../lib/env.ts';
import { BUDGETS, type Budget, type Figure, figure, notAvailable } from '../lib/figures.ts';
import { failingAudits, type LighthouseResult } from '../lib/lighthouse-result.ts';
import { mintToken, type Session, type Stack } from '../lib/stack.ts';

const SECTION = 'Lighthouse';

export const LIGHTHOUSE_ROUTES = [
  { path: '/', persona: 'dashboard-all' },
  { path: '/signalement', persona: 'signal-agent' },
  { path: '/gestion-territoriale', persona: 'contract-admin' },
  { path: '/admin/contrat', persona: 'portal-admin' },
] as const;

const CATEGORIES: {
  id: 'performance' | 'accessibility' | 'best-practices';
  label: string;
  budget: Budget;
}[] = [
  { id: 'performance', label: 'performance', budget: BUDGETS.lighthousePerformance },
  { id: 'accessibility', label: 'accessibility', budget: BUDGETS.lighthouseAccessibility },
  { id: 'best-practices', label: 'best practices', budget: BUDGETS.lighthouseBestPractices },
];

/** Puts the session into the portal origin's localStorage and empties the HTTP cache. */
async function prepareSession(port: number, portalUrl: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context on the debugging port');
    const page = await context.newPage();
    // the runtime configuration is a same-origin JSON file: no portal script runs on it
    await page.goto(new URL('/runtime-config.json', portalUrl).href);
    await page.evaluate(({ token, refreshToken }) => {
      window.localStorage.clear();
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('refresh_token', refreshToken);
    }, session);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    // connected over CDP: this disconnects and leaves the browser running
    await browser.close();
  }
}

export async function measureLighthouse(
  browserPath: string,
  stack: Stack,
  env = process.env,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const preset = env.BENCH_LH_PRESET === 'mobile' ? 'mobile' : 'desktop';
  const reportDir = resolve(RESULTS_DIR, 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: browserPath,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const name = `${route.path} (${route.persona})`;
      try {
        const session = await mintToken(stack.mock.url, route.persona);
        await prepareSession(chrome.port, stack.portal.url, session);
        const url = new URL(route.path, stack.portal.url).href;
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            disableStorageReset: true,
            onlyCategories: CATEGORIES.map((c) => c.id),
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error('Lighthouse returned no result');
        const lhr = result.lhr as unknown as LighthouseResult;
        const file = resolve(
          reportDir,
          `${route.path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}.json`,
        );
        writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        const where = finalPath !== route.path ? `ended on ${finalPath}; ` : '';
        for (const category of CATEGORIES) {
          const score = lhr.categories[category.id]?.score;
          const label = `${name}: ${category.label}`;
          if (lhr.runtimeError || score === null || score === undefined) {
            figures.push(
              notAvailable(SECTION, label, '', lhr.runtimeError?.message ?? 'no score', category.budget),
            );
            continue;
          }
          const lost = failingAudits(lhr, category.id);
          figures.push(
            figure(
              SECTION,
              label,
              Math.round(score * 100),
              '',
              category.budget,
              `${where}${preset}${lost ? `; below 90: ${lost}` : ''}`,
            ),
          );
        }
        const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
        const tbt = lhr.audits['total-blocking-time']?.numericValue;
        if (lcp !== undefined)
          figures.push(
            figure(
              SECTION,
              `${name}: LCP`,
              Math.round(lcp),
              'ms',
              undefined,
              `${preset}, simulated throttling`,
            ),
          );
        if (tbt !== undefined)
          figures.push(figure(SECTION, `${name}: TBT`, Math.round(tbt), 'ms', undefined, preset));
        figures.push(
          figure(
            SECTION,
            `${name}: benchmarkIndex`,
            Math.round(lhr.environment.benchmarkIndex),
            '',
            undefined,
            "Lighthouse's CPU speed probe (a typical desktop scores 1,000 to 2,500; lower = slower or busier machine)",
          ),
        );
      } catch (error) {
        figures.push(
          notAvailable(SECTION, name, '', `Lighthouse failed: ${(error as Error).message.split('\n')[0]}`),
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
