/**
 * `npm run bench`: bundle sizes, Lighthouse scores, interaction timings and the mock server's
 * throughput, each next to its budget. Prints one table and writes bench-results/bench.json.
 *
 * Env: BENCH_SKIP_BUILD=1 (reuse the last build), BENCH_ONLY=bundle,lighthouse,interaction,mock
 * (a subset of the sections), BENCH_DURATION (seconds per load test, default 5),
 * BENCH_CONNECTIONS (default 50), BENCH_LH_PRESET=desktop|mobile (default both), BENCH_LH_ROUTES=/,/signalement,
 * E2E_CHROMIUM_PATH (the browser, default /usr/bin/chromium), BENCH_RESULTS_DIR (default bench-results).
 * Exit code 0 even when a figure is over budget (a benchmark, not a test); 1 on a harness failure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, RESULTS_DIR, chromiumPath, machineInfo } from './lib/env.ts';
import { type Figure, notAvailable, summarize } from './lib/figures.ts';
import { formatTable } from './lib/table.ts';
import { productionBuild, startStack, type Stack } from './lib/stack.ts';
import { measureBundle } from './sections/bundle.ts';
import { measureLighthouse } from './sections/lighthouse.ts';
import { measureInteraction } from './sections/interaction.ts';
import { measureMockServer } from './sections/mock.ts';
import { selectedSections } from './lib/sections.ts';

const log = (message: string) => console.error(`[bench] ${message}`);

async function main(): Promise<void> {
  const sections = selectedSections(process.env.BENCH_ONLY);
  const browserPath = chromiumPath();
  const machine = machineInfo(browserPath);
  const figures: Figure[] = [];
  const needsBrowser = sections.some((s) => s !== 'mock');

  let stack: Stack | null = null;
  let browser: Browser | null = null;
  try {
    if (needsBrowser) {
      log('building the portal for production...');
      const build = await productionBuild();
      log(`build: ${build.dir}${build.sourceMaps ? ' (with hidden source maps)' : ''}`);
      stack = await startStack(build);
      log(`portal ${stack.portal.url}, mock ${stack.mock.url}`);
      if (browserPath) {
        browser = await chromium.launch({ executablePath: browserPath, args: CHROMIUM_FLAGS });
      }
    }
    const noBrowser = (section: string) => [
      notAvailable(section, 'all figures', '', 'no Chromium found (set E2E_CHROMIUM_PATH)'),
    ];
    for (const section of sections) {
      log(`measuring: ${section}`);
      const started = Date.now();
      try {
        if (section === 'bundle')
          figures.push(...(browser && stack ? await measureBundle(browser, stack) : noBrowser('Bundle')));
        if (section === 'lighthouse')
          figures.push(
            ...(browserPath && stack ? await measureLighthouse(browserPath, stack) : noBrowser('Lighthouse')),
          );
        if (section === 'interaction')
          figures.push(
            ...(browser && stack ? await measureInteraction(browser, stack) : noBrowser('Interaction')),
          );
        if (section === 'mock') figures.push(...(await measureMockServer()));
      } catch (error) {
        figures.push(
          notAvailable(
            section,
            'section failed',
            '',
            (error as Error).message.split('\n')[0] ?? String(error),
          ),
        );
        log(`${section} failed: ${(error as Error).stack ?? String(error)}`);
      }
      log(`${section} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await browser?.close();
    await stack?.close();
  }

  machine.loadAverageEnd = loadavg()[0] ?? 0;
  console.log(formatTable(figures, machine));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = resolve(RESULTS_DIR, 'bench.json');
  writeFileSync(out, `${JSON.stringify({ machine, summary: summarize(figures), figures }, null, 2)}\n`);
  log(`wrote ${out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
