/**
 * The main thread's CPU time in a Chromium trace (what Lighthouse records while it loads a page):
 * the thread time (`tdur`, counted only while the thread ran) of its top-level tasks, split into
 * scripting and style and layout. Unlike the wall durations behind total blocking time, thread
 * time does not grow when other processes take the cores: the figure follows the code, not the
 * machine's load.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string } & Record<string, unknown>;
}

/** A task the renderer's scheduler runs: everything the main thread does happens inside one. */
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);
const SCRIPTING = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'v8.run',
  'V8.Execute',
  'ParseHTML',
]);
const LAYOUT = new Set([
  'Layout',
  'UpdateLayoutTree',
  'RecalculateStyles',
  'ParseAuthorStyleSheet',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
]);

export interface MainThreadCpu {
  /** thread time of every top-level task, ms */
  totalMs: number;
  scriptingMs: number;
  layoutMs: number;
  /** false when the trace had no thread times (then wall durations were summed) */
  threadTime: boolean;
}

/** The renderer main thread that worked the most (the audited page's, not an about:blank's). */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const work = new Map<string, number>();
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const isMain = new Set(mains.map((e) => `${e.pid}:${e.tid}`));
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && TOP_LEVEL.has(e.name) && isMain.has(key))
      work.set(key, (work.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0));
  }
  const best = [...work.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const [pid, tid] = best[0].split(':').map(Number) as [number, number];
  return { pid, tid };
}

/** Thread time of the events of `names`, those nested in another of them counted once (in the outer one). */
function outermost(
  events: readonly TraceEvent[],
  names: ReadonlySet<string>,
  time: (e: TraceEvent) => number,
): number {
  let total = 0;
  let openUntil = -1;
  for (const e of events) {
    if (!names.has(e.name)) continue;
    if (e.ts < openUntil) continue;
    total += time(e);
    openUntil = e.ts + (e.dur ?? 0);
  }
  return total;
}

export function mainThreadCpu(events: readonly TraceEvent[]): MainThreadCpu | null {
  const main = mainThread(events);
  if (!main) return null;
  const mine = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const threadTime = mine.some((e) => e.tdur !== undefined);
  const time = (e: TraceEvent) => (threadTime ? (e.tdur ?? 0) : (e.dur ?? 0));
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    totalMs: ms(outermost(mine, TOP_LEVEL, time)),
    scriptingMs: ms(outermost(mine, SCRIPTING, time)),
    layoutMs: ms(outermost(mine, LAYOUT, time)),
    threadTime,
  };
}
