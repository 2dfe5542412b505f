import { describe, expect, it } from 'vitest';
import { keystrokeCpu, mainThreadCpu, type TraceEvent } from '../lib/trace-cpu.ts';

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

describe("a keystroke's CPU from a trace", () => {
  const dispatch = (ts: number, type: string, dur = 100): TraceEvent => ({
    name: 'EventDispatch',
    ph: 'X',
    pid: 1,
    tid: 1,
    ts,
    dur,
    args: { data: { type } },
  });

  it("sums the thread time of the tasks of each key's events, a keydown starting the next keystroke", () => {
    const events = [
      meta(1, 1, 'CrRendererMain'),
      // "a": keydown in one task, keypress and input in the next
      task(1, 1, 'RunTask', 1_000, 3_000, 1_500),
      dispatch(1_100, 'keydown'),
      task(1, 1, 'RunTask', 5_000, 6_000, 2_500),
      dispatch(5_100, 'keypress'),
      dispatch(5_300, 'input'),
      // the deferred render of the list: a task of its own, not the keystroke's
      task(1, 1, 'RunTask', 12_000, 40_000, 30_000),
      dispatch(12_100, 'message'),
      task(1, 1, 'RunTask', 60_000, 500, 200),
      dispatch(60_100, 'keyup'),
      // Backspace: keydown and input in one task, under load (wall 20 ms, CPU 3 ms)
      task(1, 1, 'RunTask', 80_000, 20_000, 3_000),
      dispatch(80_100, 'keydown'),
      dispatch(80_500, 'input'),
      // an idle task
      task(1, 1, 'RunTask', 120_000, 1_000, 900),
    ];
    expect(keystrokeCpu(events)).toEqual([4.2, 3]);
  });

  it('finds no keystroke in a trace without a renderer or without key events', () => {
    expect(keystrokeCpu([task(1, 1, 'RunTask', 0, 5_000)])).toEqual([]);
    expect(keystrokeCpu([meta(1, 1, 'CrRendererMain'), task(1, 1, 'RunTask', 0, 5_000, 100)])).toEqual([]);
  });
});
