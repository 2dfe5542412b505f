import { describe, expect, it } from 'vitest';
import { mainThreadCpu, type TraceEvent } from '../lib/trace-cpu.ts';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (
  pid: number,
  tid: number,
  name: string,
  ts: number,
  dur: number,
  tdur?: number,
): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});

describe("the main thread's CPU from a trace", () => {
  it('sums the thread time of the busiest renderer main thread, nested events counted once', () => {
    const events = [
      meta(1, 1, 'CrRendererMain'),
      meta(2, 7, 'CrRendererMain'),
      meta(1, 2, 'Compositor'),
      // the page's main thread: two tasks, 30 ms of wall time but 12 ms on the CPU
      task(1, 1, 'RunTask', 1_000, 20_000, 8_000),
      task(1, 1, 'EvaluateScript', 1_100, 15_000, 6_000),
      task(1, 1, 'v8.compile', 1_200, 5_000, 2_000),
      task(1, 1, 'RunTask', 30_000, 10_000, 4_000),
      task(1, 1, 'Layout', 30_100, 6_000, 3_000),
      // another thread of the page, and an idle about:blank renderer
      task(1, 2, 'RunTask', 1_000, 50_000, 50_000),
      task(2, 7, 'RunTask', 1_000, 1_000, 500),
    ];
    expect(mainThreadCpu(events)).toEqual({ totalMs: 12, scriptingMs: 6, layoutMs: 3, threadTime: true });
  });

  it('falls back to wall durations when the trace has no thread time, and is null without a renderer', () => {
    const events = [meta(1, 1, 'CrRendererMain'), task(1, 1, 'RunTask', 0, 5_000)];
    expect(mainThreadCpu(events)).toEqual({ totalMs: 5, scriptingMs: 0, layoutMs: 0, threadTime: false });
    expect(mainThreadCpu([task(1, 1, 'RunTask', 0, 5_000)])).toBeNull();
  });
});
