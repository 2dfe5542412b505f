/**
 * 3. Interaction, in Chromium with the Performance API:
 * - the dual list (web/src/components/ui/dual-list.tsx) with 9,999 items: time from each keystroke
 *   in its search box to the next frame after the filtered list rendered (performance.now() at
 *   keydown, then requestAnimationFrame + a task), on a bench page built with the portal's own
 *   Vite configuration (bench/harness/dual-list); plus Chromium's Event Timing entries;
 * - the users tab of contract 1 on the `large` scenario (10,000 users): from the click on the tab
 *   to the first row of its table, and from a full page load of the tab's address to that row.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT, RESULTS_DIR } from '../lib/env.ts';
import { type Figure, asInformation, figure, median, notAvailable, percentile } from '../lib/figures.ts';
import { BUDGETS } from '../budgets.ts';
import { busyText, busyness, runCount, spreadNote } from '../lib/runs.ts';
import { MockControl, mintToken, startPortal, type Stack } from '../lib/stack.ts';
import { openSignedIn, placeholderOf } from '../lib/browser.ts';
import { keystrokeCpu, mainThreadCpu, type TraceEvent } from '../lib/trace-cpu.ts';

const SECTION = 'Interaction (Chromium, Performance API)';
/** why the wall-time figures are shown, not judged */
const WALL = "wall time, which follows the machine's load; judged by the main thread CPU";
const HARNESS = resolve(ROOT, 'bench', 'harness', 'dual-list');
const HARNESS_OUT = resolve(RESULTS_DIR, 'harness', 'dual-list');
const DUAL_LIST = resolve(ROOT, 'web', 'src', 'components', 'ui', 'dual-list.tsx');
/** what is typed, one key at a time, then erased with Backspace */
const TYPED = 'ville de dijon 1';

/** Categories of a trace with the main thread's tasks (`toplevel`), their thread time and the DOM events they dispatched. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

/**
 * Runs `work` while Chromium records a trace: the main thread's CPU of what happens (thread time,
 * which other work on the machine does not lengthen) is read from it.
 */
async function traced<T>(
  browser: Browser,
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; events: TraceEvent[] }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await browser.stopTracing().catch(() => undefined);
    throw error;
  }
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return { result, events: Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []) };
}

async function buildHarness(): Promise<void> {
  const vite = await import('vite');
  await vite.build({
    configFile: resolve(ROOT, 'web', 'vite.config.ts'),
    root: HARNESS,
    base: '/',
    logLevel: 'warn',
    build: { outDir: HARNESS_OUT, emptyOutDir: true, manifest: false, sourcemap: false },
  });
}

interface KeySample {
  key: string;
  work: number;
  shown: number;
  frame: number;
}

/**
 * Installs the keystroke probe on the search box. Per keystroke it records
 * - `work`: keydown to the end of the input event with the DOM updated and laid out (React renders
 *   a controlled input's change synchronously, before a window listener of the same event runs):
 *   the task the keystroke blocks the page for, which must fit in a 16 ms frame;
 * - `shown`: keydown to the available pane showing the list of the new search, laid out (its
 *   data-search attribute equal to the box's value: the dual list filters in a deferred render
 *   after the box updated; a later keystroke's list answers an earlier one it replaced);
 * - `frame`: keydown to a task after the next animation frame (work + waiting for vsync + paint).
 */
async function installProbe(page: Page): Promise<void> {
  // tsx keeps function names with a __name helper the page does not have
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await page.evaluate(() => {
    const state = { samples: [] as KeySample[], events: [] as { name: string; duration: number }[] };
    (window as unknown as { __bench: typeof state }).__bench = state;
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    const pane = document.querySelector<HTMLElement>('.dual-list-pane');
    if (!input || !pane) throw new Error('no dual list search box');
    interface Pending extends KeySample {
      started: number;
      /** the box's value after the key; null until its input event */
      expected: string | null;
    }
    let pending: Pending[] = [];
    const finish = (sample: Pending) => {
      if ([sample.work, sample.shown, sample.frame].some(Number.isNaN)) return;
      state.samples.push({ key: sample.key, work: sample.work, shown: sample.shown, frame: sample.frame });
      pending = pending.filter((p) => p !== sample);
    };
    const shown = () => {
      const search = pane.dataset.search ?? '';
      const last = pending.findLastIndex((p) => p.expected === search && Number.isNaN(p.shown));
      if (last < 0) return;
      void pane.offsetHeight; // forces style and layout of the updated list
      const now = performance.now();
      for (const sample of pending.slice(0, last + 1)) {
        if (sample.expected === null || !Number.isNaN(sample.shown)) continue;
        sample.shown = now - sample.started;
        performance.measure('dual-list list shown', { start: sample.started, end: now });
        finish(sample);
      }
    };
    new MutationObserver(shown).observe(pane, { attributes: true, attributeFilter: ['data-search'] });
    input.addEventListener(
      'keydown',
      (event) => {
        const sample: Pending = {
          key: (event as KeyboardEvent).key,
          started: performance.now(),
          expected: null,
          work: Number.NaN,
          shown: Number.NaN,
          frame: Number.NaN,
        };
        pending.push(sample);
        requestAnimationFrame(() =>
          setTimeout(() => {
            sample.frame = performance.now() - sample.started;
            // a key that changed nothing (no input event) counts up to the frame
            if (sample.expected === null) {
              sample.work = sample.frame;
              sample.shown = sample.frame;
            }
            finish(sample);
          }, 0),
        );
      },
      true,
    );
    window.addEventListener('input', () => {
      const sample = pending.at(-1);
      if (!sample) return;
      void input.offsetHeight; // forces style and layout of the updated box
      sample.work = performance.now() - sample.started;
      performance.measure('dual-list keystroke', { start: sample.started, end: performance.now() });
      sample.expected = input.value;
      // the list may already show it (a search of the same text)
      queueMicrotask(shown);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.events.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

interface Typing {
  /** the probe's samples of each pass */
  passes: KeySample[][];
  samples: KeySample[];
  /** Chromium's Event Timing entries of 16 ms or more */
  events: { name: string; duration: number }[];
  /** the trace recorded while typing */
  trace: TraceEvent[];
  /** the machine's load while typing */
  busy: string;
}

/** The dual list's keystroke figures: main thread CPU judged, wall times as information. */
function typingFigures(name: string, runs: number, typing: Typing): Figure[] {
  const { passes, samples, events, trace, busy } = typing;
  const cpu = keystrokeCpu(trace);
  const total = mainThreadCpu(trace);
  const perPass = TYPED.length * 2;
  // the CPU of each pass's keystrokes (one list for all when the trace did not see them all)
  const cpuPasses =
    cpu.length === perPass * runs
      ? Array.from({ length: runs }, (_, i) => cpu.slice(i * perPass, (i + 1) * perPass))
      : [cpu];
  const cpuMedians = cpuPasses.map((keys) => median(keys) ?? Number.NaN);
  const cpuP95 = cpuPasses.map((keys) => percentile(keys, 95) ?? Number.NaN);
  const per = (pick: (s: KeySample) => number, p: number | null) =>
    passes.map((run) => {
      const values = run.map(pick);
      return (p === null ? median(values) : percentile(values, p)) ?? Number.NaN;
    });
  const workMedians = per((s) => s.work, null);
  const workP95 = per((s) => s.work, 95);
  const shownMedians = per((s) => s.shown, null);
  const shownP95 = per((s) => s.shown, 95);
  const frames = samples.map((s) => s.frame);
  const worst = (key: (s: KeySample) => boolean) =>
    Math.max(0, ...samples.filter(key).map((s) => s.work)).toFixed(1);
  const slowEvents = events.filter((e) => e.name === 'keydown' || e.name === 'input' || e.name === 'keyup');
  const typed = `${samples.length} keystrokes ("${TYPED}" typed then erased, ${runs === 1 ? 'once' : `${runs} times`})`;
  const cpuNote = `${cpu.length} keystrokes in the trace; thread time of the tasks that dispatched the key and input events (the box updated and laid out; the list follows in a deferred render)`;
  return [
    figure(
      SECTION,
      `${name}, main thread CPU (median)`,
      median(cpuMedians),
      'ms',
      BUDGETS.keystrokeCpuMs,
      `${cpuNote}; ${spreadNote(cpuMedians, 'ms')}`,
    ),
    figure(
      SECTION,
      `${name}, main thread CPU (p95)`,
      median(cpuP95),
      'ms',
      BUDGETS.keystrokeCpuMs,
      `${spreadNote(cpuP95, 'ms')}; the slowest ${Math.max(0, ...cpu).toFixed(1)} ms`,
    ),
    figure(
      SECTION,
      `${name}: main thread CPU of the whole typing, per keystroke`,
      total && cpu.length > 0 ? Math.round((total.totalMs / cpu.length) * 10) / 10 : null,
      'ms',
      undefined,
      total
        ? `every task of the main thread while typing (the deferred list renders included): ${total.totalMs} ms, scripting ${total.scriptingMs} ms, style and layout ${total.layoutMs} ms`
        : 'no main thread in the trace',
    ),
    asInformation(
      figure(
        SECTION,
        `${name}, wall time (median)`,
        median(workMedians),
        'ms',
        BUDGETS.keystrokeCpuMs,
        `${typed}; keydown to the box updated and laid out (performance.now()); ${spreadNote(workMedians, 'ms')}; ${busy}`,
      ),
      WALL,
    ),
    asInformation(
      figure(
        SECTION,
        `${name}, wall time (p95)`,
        median(workP95),
        'ms',
        BUDGETS.keystrokeCpuMs,
        `${spreadNote(workP95, 'ms')}; slowest while typing ${worst((s) => s.key !== 'Backspace')} ms, while erasing ${worst((s) => s.key === 'Backspace')} ms; ${busy}`,
      ),
      WALL,
    ),
    figure(
      SECTION,
      `${name}: list of the new search shown (median)`,
      median(shownMedians),
      'ms',
      undefined,
      `wall time; p95 ${spreadNote(shownP95, 'ms')}: keydown to the filtered list rendered and laid out (deferred render, interrupted by the next keystroke)`,
    ),
    figure(
      SECTION,
      `${name}: to next frame (median)`,
      median(frames),
      'ms',
      undefined,
      'wall time; keydown to a task after the next animation frame: includes waiting for vsync (up to 16.7 ms)',
    ),
    figure(
      SECTION,
      `${name}: Event Timing entries of 16 ms or more`,
      slowEvents.length,
      '',
      undefined,
      slowEvents.length
        ? `longest ${Math.max(...slowEvents.map((e) => e.duration))} ms (input to next paint, 8 ms steps)`
        : "Chromium's own measure of input to next paint",
    ),
  ].map((f) => ({ ...f, details: samples }));
}

async function dualListFigures(browser: Browser, stack: Stack, runs: number): Promise<Figure[]> {
  const name = 'dual list, 9,999 items: filter keystroke';
  if (!existsSync(DUAL_LIST)) {
    return [
      notAvailable(
        SECTION,
        name,
        'ms',
        'no dual list yet (web/src/components/ui/dual-list.tsx)',
        BUDGETS.keystrokeCpuMs,
      ),
    ];
  }
  try {
    await buildHarness();
  } catch (error) {
    return [
      notAvailable(
        SECTION,
        name,
        'ms',
        `the bench page does not build: ${(error as Error).message.split('\n')[0]}`,
        BUDGETS.keystrokeCpuMs,
      ),
    ];
  }
  const server = await startPortal(HARNESS_OUT, stack.mock.url);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.port}/`);
    const search = page.locator('input[type="search"]').first();
    await search.waitFor({ timeout: 20_000 });
    await installProbe(page);
    await search.focus();
    const readState = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __bench: { samples: KeySample[]; events: { name: string; duration: number }[] };
            }
          ).__bench,
      );
    // `runs` passes of typing then erasing; each keystroke's figure is the median over the passes
    const passes: KeySample[][] = [];
    let rows: string[] = [];
    let filtered = true;
    const before = busyness();
    const { events: trace } = await traced(browser, page, async () => {
      for (let pass = 0; pass < runs; pass++) {
        const from = (await readState()).samples.length;
        for (const char of TYPED) {
          await page.keyboard.press(char === ' ' ? 'Space' : char);
          await page.waitForTimeout(80);
        }
        // check the list really filtered: every rendered row of the available pane contains the text
        rows = await page.locator('.dual-list-pane').first().locator('li').allTextContents();
        filtered &&= rows.length > 0 && rows.every((row) => row.toLowerCase().includes(TYPED));
        for (let i = 0; i < TYPED.length; i++) {
          await page.keyboard.press('Backspace');
          await page.waitForTimeout(80);
        }
        // the last key's list rendered before the pass is read
        await page.waitForFunction(
          () => (document.querySelector<HTMLElement>('.dual-list-pane')?.dataset.search ?? '') === '',
        );
        passes.push((await readState()).samples.slice(from));
      }
    });
    const after = busyness();
    const busy = busyText(after.load > before.load ? after : before);
    const { samples, events } = await readState();
    if (!filtered) {
      return [
        notAvailable(
          SECTION,
          name,
          'ms',
          `typing "${TYPED}" did not filter the available pane (${rows.length} rows shown)`,
          BUDGETS.keystrokeCpuMs,
        ),
      ];
    }
    return typingFigures(name, runs, { passes, samples, events, trace, busy });
  } finally {
    await context.close();
    await server.close();
  }
}

const USERS_TAB = /^(utilisateurs|users)\b/i;

/** Resolves with performance.now() in the page when the active tab panel shows a first table row. */
async function firstRowAt(page: Page, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
      const row = panel?.querySelector('table tbody tr td');
      if (!row || /Aucune information disponible/.test(row.textContent ?? '')) return false;
      return performance.now();
    },
    undefined,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

async function usersTabFigures(browser: Browser, stack: Stack): Promise<Figure[]> {
  const name = 'users tab, large scenario (10,000 users)';
  const partition = 'bench-large';
  const mock = new MockControl(stack.mock.url, partition);
  const loaded = await mock.loadScenario('large');
  const session = await mintToken(stack.mock.url, 'portal-admin', partition);
  const path = '/admin/contrat/1';
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
  try {
    const page = await openSignedIn(context, stack.portal.url, path, session);
    await page.waitForSelector('main', { timeout: 20_000 });
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    const placeholder = await placeholderOf(page);
    if (placeholder) {
      return [
        notAvailable(
          SECTION,
          `${name}: click to first page`,
          'ms',
          `contract detail screen not built yet (placeholder "${placeholder}")`,
          BUDGETS.usersTabCpuMs,
        ),
      ];
    }
    const tab = page.getByRole('tab', { name: USERS_TAB }).first();
    if ((await tab.count()) === 0) {
      return [
        notAvailable(
          SECTION,
          `${name}: click to first page`,
          'ms',
          `no users tab on ${path} yet`,
          BUDGETS.usersTabCpuMs,
        ),
      ];
    }
    if ((await tab.getAttribute('aria-selected')) === 'true') {
      // start from another tab so that the click really mounts the users tab
      await page
        .getByRole('tab')
        .filter({ hasNot: page.getByText(USERS_TAB) })
        .first()
        .click();
      await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    }
    const {
      result: [clickedAt, shownAt],
      events,
    } = await traced(browser, page, async () => {
      const at = await tab.evaluate((element) => {
        const now = performance.now();
        (element as HTMLElement).click();
        return now;
      });
      return [at, await firstRowAt(page, 20_000)] as const;
    });
    const cpu = mainThreadCpu(events);
    const tabUrl = page.url();
    // the same tab from a full page load of its address (the app boots, then loads the list)
    const cold = await context.newPage();
    await cold.goto(tabUrl, { waitUntil: 'commit' });
    const coldAt = await firstRowAt(cold, 30_000);
    await cold.close();
    const hash = new URL(tabUrl).hash;
    return [
      cpu
        ? figure(
            SECTION,
            `${name}: click to first page, main thread CPU`,
            cpu.totalMs,
            'ms',
            BUDGETS.usersTabCpuMs,
            `portal-admin, ${path}${hash}; thread time of the main thread's tasks from the click to the first row, scripting ${cpu.scriptingMs} ms, style and layout ${cpu.layoutMs} ms`,
          )
        : notAvailable(
            SECTION,
            `${name}: click to first page, main thread CPU`,
            'ms',
            'no main thread in the trace',
            BUDGETS.usersTabCpuMs,
          ),
      asInformation(
        figure(
          SECTION,
          `${name}: click to first page, wall time`,
          Math.round(shownAt - clickedAt),
          'ms',
          BUDGETS.usersTabCpuMs,
          `performance.now(); scenario loaded in ${loaded.loadMs} ms`,
        ),
        WALL,
      ),
      figure(
        SECTION,
        `${name}: page load to first page`,
        Math.round(coldAt),
        'ms',
        undefined,
        'from navigation start (performance.now()), app boot included, warm HTTP cache',
      ),
    ];
  } catch (error) {
    return [
      notAvailable(
        SECTION,
        `${name}: click to first page`,
        'ms',
        (error as Error).message.split('\n')[0] ?? 'failed',
        BUDGETS.usersTabCpuMs,
      ),
    ];
  } finally {
    await context.close();
  }
}

/** How many addresses the add-users wizard is given in one paste. */
const PASTED_EMAILS = 1_000;
/** What is typed in the search box of the territorial users list. */
const LIST_SEARCH = 'martin';

/** 1,000 distinct addresses separated as people paste them (spaces, semicolons, new lines). */
export function pastedEmails(count = PASTED_EMAILS): string {
  return Array.from({ length: count }, (_, i) => `bench.user${i + 1}@example.fr`)
    .map((email, i) => (i % 3 === 0 ? `${email};` : i % 3 === 1 ? `${email}\n` : `${email} `))
    .join('');
}

/**
 * The search box of the territorial users list: each keystroke of "martin" (the main thread's CPU
 * of its key and input events, judged; the wall time to the box updated, as information), then
 * Enter to the first row of the answer.
 */
async function listSearchFigures(
  browser: Browser,
  page: Page,
  runs: number,
  section: string,
): Promise<Figure[]> {
  const box = page.getByRole('searchbox').first();
  const keystrokes: number[][] = [];
  const keystrokesCpu: number[][] = [];
  const answers: number[] = [];
  const answersCpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    await box.fill('');
    await box.focus();
    await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      const times: number[] = [];
      (window as unknown as { __keys: number[] }).__keys = times;
      let started = 0;
      input.addEventListener('keydown', () => (started = performance.now()), { capture: true });
      window.addEventListener('input', () => {
        void input.offsetHeight;
        times.push(performance.now() - started);
      });
    });
    const typing = await traced(browser, page, async () => {
      for (const char of LIST_SEARCH) {
        await page.keyboard.press(char);
        await page.waitForTimeout(80);
      }
    });
    keystrokesCpu.push(keystrokeCpu(typing.events));
    keystrokes.push(await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys));
    const answer = await traced(browser, page, async () => {
      const pressedAt = await page.evaluate(() => performance.now());
      await page.keyboard.press('Enter');
      const shownAt = await page
        .waitForFunction(
          (query) => {
            const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
            const row = panel?.querySelector('table tbody tr');
            return row && (row.textContent ?? '').toLowerCase().includes(query) ? performance.now() : false;
          },
          LIST_SEARCH,
          { polling: 'raf', timeout: 20_000 },
        )
        .then(async (handle) => (await handle.jsonValue()) as number);
      return shownAt - pressedAt;
    });
    answers.push(answer.result);
    const answerCpu = mainThreadCpu(answer.events);
    if (answerCpu) answersCpu.push(answerCpu.totalMs);
    // a fresh page for the next run: the listeners above are not removed
    if (run < runs - 1) {
      await page.reload();
      await firstRowAt(page, 30_000);
    }
  }
  const p95s = keystrokes.map((k) => percentile(k, 95) ?? Number.NaN);
  const cpuP95s = keystrokesCpu.map((k) => percentile(k, 95) ?? Number.NaN);
  return [
    figure(
      SECTION,
      `${section}: search keystroke, main thread CPU (p95)`,
      median(cpuP95s),
      'ms',
      BUDGETS.keystrokeCpuMs,
      `"${LIST_SEARCH}" typed; thread time of the tasks that dispatched the key and input events; ${spreadNote(cpuP95s, 'ms')}`,
    ),
    asInformation(
      figure(
        SECTION,
        `${section}: search keystroke, wall time (p95)`,
        median(p95s),
        'ms',
        BUDGETS.keystrokeCpuMs,
        `keydown to the box updated and laid out (performance.now()); ${spreadNote(p95s, 'ms')}`,
      ),
      WALL,
    ),
    figure(
      SECTION,
      `${section}: search, Enter to the first row, main thread CPU`,
      median(answersCpu),
      'ms',
      undefined,
      `the request sent and the table rendered; ${spreadNote(answersCpu, 'ms', 0)}`,
    ),
    figure(
      SECTION,
      `${section}: search, Enter to the first row, wall time`,
      median(answers),
      'ms',
      undefined,
      `a request to the mock and the table rendered; ${spreadNote(answers, 'ms', 0)}`,
    ),
  ];
}

/**
 * On /gestion-territoriale#utilisateurs of the large scenario, as contract-admin:
 * - the search box of the users list: each keystroke of "martin" timed to the box updated and laid
 *   out (the list asks the server on Enter), then Enter to the first row of the answer;
 * - the add-users wizard: 1,000 addresses pasted at once into its e-mail field, timed as the task
 *   the paste blocks the page for, and to the 1,000 entries laid out.
 */
async function territorialFigures(browser: Browser, stack: Stack, runs: number): Promise<Figure[]> {
  const section = 'territorial users list (large scenario)';
  const partition = 'bench-large';
  const session = await mintToken(stack.mock.url, 'contract-admin', partition);
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
  let step = 'the users list';
  try {
    // tsx keeps function names with a __name helper the page does not have (on every load)
    await context.addInitScript('globalThis.__name ??= (fn) => fn');
    const page = await openSignedIn(context, stack.portal.url, '/gestion-territoriale#utilisateurs', session);
    await firstRowAt(page, 30_000);
    const figures = await listSearchFigures(browser, page, runs, section);

    // the add-users wizard's paste
    const blocking: number[] = [];
    const shown: number[] = [];
    for (let run = 0; run < runs; run++) {
      // each paste from a freshly loaded page: no dialog left closing, no list still filtered
      await page.reload();
      await firstRowAt(page, 30_000);
      step = `opening the wizard (run ${run + 1})`;
      await page.getByRole('button', { name: 'Ajouter des utilisateurs' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter des utilisateurs' });
      const addFirst = dialog.getByRole('button', { name: /^Ajouter (?!tout)/ }).first();
      step = `choosing an organization (run ${run + 1})`;
      await addFirst.click();
      step = `pasting (run ${run + 1})`;
      await dialog.getByRole('button', { name: 'Suivant' }).click();
      const field = dialog.getByLabel('Adresses e-mail des utilisateurs');
      await field.focus();
      const timing = await field.evaluate(
        (input, { text, count }) =>
          new Promise<{ blocking: number; shown: number }>((resolve, reject) => {
            const data = new DataTransfer();
            data.setData('text', text);
            const started = performance.now();
            input.dispatchEvent(
              new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
            );
            const dispatched = performance.now() - started;
            const deadline = started + 20_000;
            const check = () => {
              const list = input.closest('[role="dialog"]')?.querySelectorAll('ul li');
              if (list && list.length >= count) {
                void (input.closest('[role="dialog"]') as HTMLElement).offsetHeight;
                resolve({ blocking: dispatched, shown: performance.now() - started });
              } else if (performance.now() > deadline)
                reject(new Error(`${list?.length ?? 0} entries shown`));
              else requestAnimationFrame(check);
            };
            check();
          }),
        { text: pastedEmails(), count: PASTED_EMAILS },
      );
      blocking.push(timing.blocking);
      shown.push(timing.shown);
    }
    figures.push(
      figure(
        SECTION,
        `add-users wizard: paste of ${PASTED_EMAILS.toLocaleString('en')} addresses, blocking task`,
        median(blocking),
        'ms',
        undefined,
        `the paste event's dispatch (parsing, checking and the entries rendered); ${spreadNote(blocking, 'ms')}`,
      ),
      figure(
        SECTION,
        `add-users wizard: paste of ${PASTED_EMAILS.toLocaleString('en')} addresses, to the entries laid out`,
        median(shown),
        'ms',
        undefined,
        spreadNote(shown, 'ms'),
      ),
    );
    return figures;
  } catch (error) {
    return [
      notAvailable(
        SECTION,
        'territorial users list and add-users wizard',
        'ms',
        `${step}: ${(error as Error).message.split('\n')[0] ?? 'failed'}`,
      ),
    ];
  } finally {
    await context.close();
  }
}

export async function measureInteraction(
  browser: Browser,
  stack: Stack,
  env = process.env,
): Promise<Figure[]> {
  const runs = runCount(env);
  return [
    ...(await dualListFigures(browser, stack, runs)),
    ...(await usersTabFigures(browser, stack)),
    // after the users tab: it loads the large scenario into the partition these use
    ...(await territorialFigures(browser, stack, runs)),
  ];
}
