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
import {
  type StepTime,
  formatStepTimes,
  onlyArgument,
  sectionLimitMs,
  selectedSections,
} from './lib/sections.ts';
import { processCpuMs } from './lib/processes.ts';
import { LoadSampler } from './lib/runs.ts';

const log = (message: string) => console.error(`[bench] ${message}`);

/** CPU (ms) of the bench and everything it started, running or exited; null off Linux. */
const runCpuMs = () => processCpuMs(process.pid, true);

async function main(): Promise<void> {
  const runStarted = Date.now();
  const sections = selectedSections(onlyArgument(process.argv.slice(2)) ?? process.env.BENCH_ONLY);
  const sampler = new LoadSampler();
  sampler.start();
  const browserPath = chromiumPath();
  const machine = machineInfo(browserPath);
  const figures: Figure[] = [];
  const steps: StepTime[] = [];
  const needsBrowser = sections.some((s) => s !== 'mock');

  /** Times one step (wall, CPU, load) into `steps`. */
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const cpuBefore = runCpuMs();
    let failed: string | undefined;
    try {
      return await work();
    } catch (error) {
      failed = (error as Error).message.split('\n')[0] ?? String(error);
      throw error;
    } finally {
      const cpuAfter = runCpuMs();
      const wallS = (Date.now() - started) / 1000;
      const load = sampler.between(started, Date.now());
      steps.push({
        step,
        wallS,
        cpuS: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1000,
        load,
        ...(failed ? { failed } : {}),
      });
      log(`${step} done in ${wallS.toFixed(1)} s, load average ${load}`);
    }
  };

  let stack: Stack | null = null;
  let browser: Browser | null = null;
  try {
    if (needsBrowser) {
      log('building the portal for production...');
      // built once: the bundle rows, the Lighthouse audits and the interaction section use this build
      const build = await timed('build', () => productionBuild());
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
    const measureSection = async (
      section: string,
      deadline: number,
      signal: AbortSignal,
    ): Promise<Figure[]> => {
      if (section === 'bundle')
        return browser && stack ? measureBundle(browser, stack, deadline) : noBrowser('Bundle');
      if (section === 'lighthouse')
        return browserPath && stack
          ? measureLighthouse(browserPath, stack, process.env, deadline, signal)
          : noBrowser('Lighthouse');
      if (section === 'interaction')
        return browser && stack ? measureInteraction(browser, stack) : noBrowser('Interaction');
      return measureMockServer(process.env, signal);
    };
    for (const section of sections) {
      log(`measuring: ${section}`);
      const started = Date.now();
      const limitMs = sectionLimitMs(section);
      const stop = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const overtime = new Promise<never>((_, fail) => {
        timer = setTimeout(() => {
          const error = new Error(`did not finish within ${limitMs / 1000} s (BENCH_SECTION_LIMIT)`);
          // the section's own processes (Lighthouse's Chromium, the servers) are stopped with it
          stop.abort(error);
          fail(error);
        }, limitMs);
      });
      let found: Figure[];
      try {
        // a section that can stop early is asked to, a little before its limit
        found = await timed(section, () =>
          Promise.race([measureSection(section, started + limitMs - 15_000, stop.signal), overtime]),
        );
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
    }
  } finally {
    await browser?.close();
    await stack?.close();
  }

  sampler.stop();
  machine.loadAverageEnd = loadavg()[0] ?? 0;
  machine.loadSampled = sampler.summary();
  const totalS = (Date.now() - runStarted) / 1000;
  console.log(formatTable(figures, machine));
  console.log(formatStepTimes(steps, totalS));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = resolve(RESULTS_DIR, 'bench.json');
  writeFileSync(
    out,
    `${JSON.stringify({ machine, time: { totalS, steps }, summary: summarize(figures), figures }, null, 2)}\n`,
  );
  log(`wrote ${out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
