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

/** The DOM events a keystroke dispatches (a key that types: keydown, then keypress and input in a task of their own). */
const KEY_EVENTS = new Set(['keydown', 'keypress', 'beforeinput', 'textInput', 'input', 'keyup']);

/**
 * The main thread's CPU of each keystroke in a trace: the thread time of the top-level tasks that
 * dispatched its key and input events (a keydown starts the next keystroke), in ms. Work the
 * keystroke schedules for later (a deferred render) runs in other tasks and is not counted here.
 */
export function keystrokeCpu(events: readonly TraceEvent[]): number[] {
  const main = mainThread(events);
  if (!main) return [];
  const mine = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const keystrokes: number[] = [];
  let task: TraceEvent | null = null;
  let types = new Set<string>();
  const close = () => {
    if (!task || types.size === 0) return;
    const time = task.tdur ?? task.dur ?? 0;
    if (types.has('keydown') || keystrokes.length === 0) keystrokes.push(time);
    else keystrokes[keystrokes.length - 1] = (keystrokes.at(-1) ?? 0) + time;
  };
  for (const e of mine) {
    if (TOP_LEVEL.has(e.name) && (!task || e.ts >= task.ts + (task.dur ?? 0))) {
      close();
      task = e;
      types = new Set();
      continue;
    }
    if (!task || e.name !== 'EventDispatch') continue;
    const type = (e.args?.data as { type?: string } | undefined)?.type;
    if (type && KEY_EVENTS.has(type)) types.add(type);
  }
  close();
  return keystrokes.map((us) => Math.round(us / 10) / 100);
}
