/**
 * `npm run bench`: bundle sizes, Lighthouse scores, interaction timings and the mock server's
 * throughput, each next to its budget. Prints one table and writes bench-results/bench.json.
 *
 * `npm run bench -- --only mock` (or BENCH_ONLY=bundle,lighthouse,interaction,mock): a subset of the
 * sections. Env: BENCH_SKIP_BUILD=1 (reuse the last build), BENCH_DURATION (seconds per load test, default 5),
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
import { onlyArgument, sectionLimitMs, selectedSections } from './lib/sections.ts';
import { LoadSampler } from './lib/runs.ts';

const log = (message: string) => console.error(`[bench] ${message}`);

async function main(): Promise<void> {
  const sections = selectedSections(onlyArgument(process.argv.slice(2)) ?? process.env.BENCH_ONLY);
  const sampler = new LoadSampler();
  sampler.start();
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
    const measureSection = async (section: string, deadline: number): Promise<Figure[]> => {
      if (section === 'bundle')
        return browser && stack ? measureBundle(browser, stack, deadline) : noBrowser('Bundle');
      if (section === 'lighthouse')
        return browserPath && stack
          ? measureLighthouse(browserPath, stack, process.env, deadline)
          : noBrowser('Lighthouse');
      if (section === 'interaction')
        return browser && stack ? measureInteraction(browser, stack) : noBrowser('Interaction');
      return measureMockServer();
    };
    for (const section of sections) {
      log(`measuring: ${section}`);
      const started = Date.now();
      const limitMs = sectionLimitMs(section);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const overtime = new Promise<never>((_, fail) => {
        timer = setTimeout(
          () => fail(new Error(`did not finish within ${limitMs / 1000} s (BENCH_SECTION_LIMIT)`)),
          limitMs,
        );
      });
      let found: Figure[];
      try {
        // a section that can stop early is asked to, a little before its limit
        found = await Promise.race([measureSection(section, started + limitMs - 15_000), overtime]);
      } catch (error) {
        const reason = (error as Error).message.split('\n')[0] ?? String(error);
        found = [notAvailable(section, 'section failed', '', reason)];
        log(`${section} failed: ${(error as Error).stack ?? String(error)}`);
        // a section stopped midway may leave the browser in any state: the next one gets a new one
        if (browser && browserPath) {
          await browser.close().catch(() => undefined);
          browser = await chromium.launch({ executablePath: browserPath, args: CHROMIUM_FLAGS });
        }
      } finally {
        clearTimeout(timer);
      }
      const load = sampler.between(started, Date.now());
      for (const f of found) f.load ??= load;
      figures.push(...found);
      log(`${section} done in ${((Date.now() - started) / 1000).toFixed(1)} s, load average ${load}`);
    }
  } finally {
    await browser?.close();
    await stack?.close();
  }

  sampler.stop();
  machine.loadAverageEnd = loadavg()[0] ?? 0;
  machine.loadSampled = sampler.summary();
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
