/**
 * 2. Lighthouse: the main thread's CPU time while each route loads (thread time from the trace
 * Lighthouse records, lib/trace-cpu.ts: judged, as other work on the machine does not inflate it),
 * accessibility and best practices (judged), and the performance score, largest paint and total
 * blocking time (wall time, which follows the machine's load: shown as information), of four
 * routes of the production build, signed in. Chromium is started by chrome-launcher with a debugging port; the session goes
 * into the origin's localStorage over CDP (Playwright connected to that port), the HTTP cache is
 * cleared, then Lighthouse's Node API audits the route with storage reset off (so the session
 * stays) on the same port. Both Lighthouse's desktop preset and its default mobile profile
 * (BENCH_LH_PRESET=desktop or mobile for one; BENCH_LH_ROUTES=/,/signalement for some routes), each
 * route audited BENCH_LH_RUNS times (default 1: the judged figures hardly move from run to run):
 * every figure is the median, with the runs and the machine's load in the note.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, RESULTS_DIR } from '../lib/env.ts';
import {
  type Budget,
  type Figure,
  asInformation,
  figure,
  judgedOnlyIf,
  median,
  notAvailable,
} from '../lib/figures.ts';
import { BUDGETS } from '../budgets.ts';
import { busyText, busyness, runCount, spreadNote } from '../lib/runs.ts';
import { failingAudits, type LighthouseResult } from '../lib/lighthouse-result.ts';
import { mainThreadCpu, type MainThreadCpu, type TraceEvent } from '../lib/trace-cpu.ts';
import { mintToken, type Session, type Stack } from '../lib/stack.ts';

const SECTION = 'Lighthouse';
/** why the wall-time figures are shown, not judged */
const WALL = "wall time, which follows the machine's load; judged by the main thread CPU";

/**
 * The four routes, with both profiles. The mobile profile's budgets (performance, largest paint,
 * blocking time) apply to the home page after signing in with `?token=`, for four personas: the
 * page every user opens first, reached the way single sign-on brings them back. The home page is
 * therefore audited as `/?token=…` (nothing in storage, the boot script takes the token), and with
 * the mobile profile for three more personas; the other routes are opened with the session
 * already stored, and their mobile figures are shown against the same limits, as information.
 */
type Preset = 'desktop' | 'mobile';

interface LighthouseRoute {
  path: string;
  persona: string;
  /** the mobile profile's figures are judged (else shown as information) */
  mobileBudget: boolean;
  /** opened as single sign-on brings the user back (`?token=`), storage empty */
  returning: boolean;
  /** audited with this profile only */
  only?: Preset;
}

const LIGHTHOUSE_ROUTES: readonly LighthouseRoute[] = [
  { path: '/', persona: 'dashboard-all', mobileBudget: true, returning: true },
  { path: '/signalement', persona: 'signal-agent', mobileBudget: false, returning: false },
  { path: '/gestion-territoriale', persona: 'contract-admin', mobileBudget: false, returning: false },
  { path: '/admin/contrat', persona: 'portal-admin', mobileBudget: false, returning: false },
  ...['signal-agent', 'contract-admin', 'portal-admin'].map((persona): LighthouseRoute => ({
    path: '/',
    persona,
    mobileBudget: true,
    returning: true,
    only: 'mobile',
  })),
];

const CATEGORIES: {
  id: 'performance' | 'accessibility' | 'best-practices';
  label: string;
  budget: Budget;
}[] = [
  { id: 'performance', label: 'performance', budget: BUDGETS.lighthousePerformance },
  { id: 'accessibility', label: 'accessibility', budget: BUDGETS.lighthouseAccessibility },
  { id: 'best-practices', label: 'best practices', budget: BUDGETS.lighthouseBestPractices },
];

/**
 * Puts the session into the portal origin's localStorage (or, for a visit back from single sign-on,
 * empties it) and empties the HTTP cache.
 */
async function prepareSession(port: number, portalUrl: string, session: Session | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context on the debugging port');
    const page = await context.newPage();
    // the runtime configuration is a same-origin JSON file: no portal script runs on it
    await page.goto(new URL('/runtime-config.json', portalUrl).href);
    await page.evaluate((stored) => {
      window.localStorage.clear();
      window.sessionStorage.clear();
      if (!stored) return;
      window.localStorage.setItem('token', stored.token);
      window.localStorage.setItem('refresh_token', stored.refreshToken);
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

/** BENCH_LH_ROUTES=/,/signalement audits only those paths; by default the four. */
function lighthouseRoutes(value: string | undefined): LighthouseRoute[] {
  const wanted =
    value
      ?.split(',')
      .map((path) => path.trim())
      .filter(Boolean) ?? [];
  return wanted.length === 0
    ? [...LIGHTHOUSE_ROUTES]
    : LIGHTHOUSE_ROUTES.filter((r) => wanted.includes(r.path));
}

/** BENCH_LH_PRESET=desktop, mobile or both; by default the mobile profile only (the budgets' profile). */
function lighthousePresets(value: string | undefined): Preset[] {
  if (value === 'desktop' || value === 'mobile') return [value];
  if (value === 'both') return ['desktop', 'mobile'];
  return ['mobile'];
}

async function audit(
  port: number,
  stack: Stack,
  route: LighthouseRoute,
  preset: Preset,
  reportDir: string,
  run: number,
): Promise<{ lhr: LighthouseResult; cpu: MainThreadCpu | null }> {
  const session = await mintToken(stack.mock.url, route.persona);
  await prepareSession(port, stack.portal.url, route.returning ? null : session);
  const url = new URL(route.path, stack.portal.url);
  if (route.returning) url.searchParams.set('token', session.token);
  const result = await lighthouse(
    url.href,
    {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: CATEGORIES.map((c) => c.id),
    },
    // the default configuration is Lighthouse's mobile profile (Moto G Power, slow 4G, 4x CPU)
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const lhr = result.lhr as unknown as LighthouseResult;
  const path = route.path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
  const base = path === 'home' && route.persona !== 'dashboard-all' ? `home.${route.persona}` : path;
  writeFileSync(
    resolve(reportDir, `${base}.${preset}.${run + 1}.json`),
    typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
  );
  const trace = (result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } } | undefined)?.Trace;
  return { lhr, cpu: trace?.traceEvents ? mainThreadCpu(trace.traceEvents) : null };
}

/** BENCH_LH_RUNS, default 1. */
function lighthouseRuns(env: Record<string, string | undefined>): number {
  return runCount({ BENCH_RUNS: env.BENCH_LH_RUNS }, 1);
}

/** The main thread's CPU of a route's audits (their median), judged; scripting and layout in the note. */
function cpuFigure(name: string, route: LighthouseRoute, cpus: readonly MainThreadCpu[]): Figure {
  const budget =
    route.path === '/' && route.persona === 'dashboard-all'
      ? BUDGETS.homeMainThreadCpuMs
      : BUDGETS.mainThreadCpuMs;
  const cpu = median(cpus.map((c) => c.totalMs));
  if (cpu === null)
    return notAvailable(SECTION, `${name}: main thread CPU`, 'ms', 'no trace in the result', budget);
  const kind = cpus.every((c) => c.threadTime)
    ? 'thread time of the top-level tasks, load to idle'
    : 'wall time (the trace had no thread times)';
  return figure(
    SECTION,
    `${name}: main thread CPU`,
    cpu,
    'ms',
    budget,
    `${spreadNote(
      cpus.map((c) => c.totalMs),
      'ms',
      0,
    )}; scripting ${median(cpus.map((c) => c.scriptingMs))} ms, style and layout ${median(cpus.map((c) => c.layoutMs))} ms; ${kind}`,
  );
}

/**
 * `deadline` (epoch ms): a route whose audits could not end by then (the last audit's time ahead
 * of it) is reported as not measured, and the routes audited before keep their figures.
 */
export async function measureLighthouse(
  browserPath: string,
  stack: Stack,
  env = process.env,
  deadline = Number.POSITIVE_INFINITY,
  signal?: AbortSignal,
): Promise<Figure[]> {
  let lastAuditMs = 0;
  const figures: Figure[] = [];
  const presets = lighthousePresets(env.BENCH_LH_PRESET);
  const runs = lighthouseRuns(env);
  const reportDir = resolve(RESULTS_DIR, 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: browserPath,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  // stopped with the section: the audit under way fails and no other starts
  const kill = () => chrome.kill();
  signal?.addEventListener('abort', kill, { once: true });
  try {
    for (const preset of presets) {
      for (const route of lighthouseRoutes(env.BENCH_LH_ROUTES)) {
        if (route.only && route.only !== preset) continue;
        signal?.throwIfAborted();
        const name = `${route.path}${route.returning ? '?token=' : ''} (${route.persona}), ${preset}`;
        if (Date.now() + lastAuditMs * runs > deadline) {
          figures.push(notAvailable(SECTION, name, '', "not measured: the section's time ran out"));
          continue;
        }
        try {
          const before = busyness();
          const results: LighthouseResult[] = [];
          const cpus: MainThreadCpu[] = [];
          for (let run = 0; run < runs; run++) {
            const auditStarted = Date.now();
            const { lhr, cpu } = await audit(chrome.port, stack, route, preset, reportDir, run);
            lastAuditMs = Date.now() - auditStarted;
            results.push(lhr);
            if (cpu) cpus.push(cpu);
          }
          const after = busyness();
          const busy = busyText(after.load > before.load ? after : before);
          const failed = results.find((r) => r.runtimeError);
          if (failed) throw new Error(failed.runtimeError?.message ?? 'runtime error');
          const numeric = (id: string) =>
            results.map((r) => r.audits[id]?.numericValue).filter((v): v is number => v !== undefined);
          const perf = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
          // the run of the median performance score names the audits that cost points
          const byScore = perf.map((score, index) => ({ score, index })).sort((a, b) => a.score - b.score);
          const typical = results[byScore[Math.floor(byScore.length / 2)]?.index ?? 0];
          if (!typical) continue;
          const finalPath = new URL(typical.finalDisplayedUrl).pathname;
          const where = finalPath !== route.path ? `ended on ${finalPath}; ` : '';
          for (const category of CATEGORIES) {
            const label = `${name}: ${category.label}`;
            const scores = results
              .map((r) => r.categories[category.id]?.score)
              .filter((v): v is number => v !== null && v !== undefined)
              .map((v) => Math.round(v * 100));
            if (scores.length === 0) {
              figures.push(notAvailable(SECTION, label, '', 'no score', category.budget));
              continue;
            }
            const lost = failingAudits(typical, category.id);
            const mobilePerformance = category.id === 'performance' && preset === 'mobile';
            const budget = mobilePerformance ? BUDGETS.lighthouseMobilePerformance : category.budget;
            // the performance score is made of wall times: information, its standing against the limit in the note
            const judged = category.id !== 'performance';
            const measured = judgedOnlyIf(
              figure(
                SECTION,
                label,
                median(scores),
                '',
                budget,
                `${where}${spreadNote(scores, '', 0)}${lost ? `; below 90: ${lost}` : ''}${category.id === 'performance' ? `; ${busy}` : ''}`,
              ),
              !mobilePerformance || route.mobileBudget,
            );
            figures.push(judged ? measured : asInformation(measured, WALL));
          }
          figures.push(cpuFigure(name, route, cpus));
          const lcp = numeric('largest-contentful-paint').map(Math.round);
          const tbt = numeric('total-blocking-time').map(Math.round);
          const index = results.map((r) => Math.round(r.environment.benchmarkIndex));
          if (lcp.length > 0)
            figures.push(
              asInformation(
                figure(
                  SECTION,
                  `${name}: LCP`,
                  median(lcp),
                  'ms',
                  preset === 'mobile' ? BUDGETS.lighthouseMobileLcpMs : undefined,
                  `${spreadNote(lcp, 'ms', 0)}; simulated throttling`,
                ),
                WALL,
              ),
            );
          if (tbt.length > 0)
            figures.push(
              asInformation(
                figure(
                  SECTION,
                  `${name}: TBT`,
                  median(tbt),
                  'ms',
                  BUDGETS.lighthouseTbtMs,
                  spreadNote(tbt, 'ms', 0),
                ),
                WALL,
              ),
            );
          figures.push(
            figure(
              SECTION,
              `${name}: benchmarkIndex`,
              median(index),
              '',
              undefined,
              `${spreadNote(index, '', 0)}; Lighthouse's CPU speed probe (a typical desktop scores 1,000 to 2,500; lower = slower or busier machine); ${busy}`,
            ),
          );
        } catch (error) {
          figures.push(
            notAvailable(SECTION, name, '', `Lighthouse failed: ${(error as Error).message.split('\n')[0]}`),
          );
        }
      }
    }
  } finally {
    signal?.removeEventListener('abort', kill);
    chrome.kill();
  }
  return figures;
}
