import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadWatch } from './upload-watch';

const LIMIT = 30_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('uploadWatch', () => {
  it('aborts when no byte has gone out for the limit', () => {
    const stalled = vi.fn();
    const watch = uploadWatch(LIMIT, stalled);
    watch.progress({ loaded: 8_000, total: 341_000 });
    vi.advanceTimersByTime(LIMIT - 1);
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('aborts an upload that never starts', () => {
    const stalled = vi.fn();
    uploadWatch(LIMIT, stalled);
    vi.advanceTimersByTime(LIMIT);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('never aborts slow, steady progress, however long the upload takes', () => {
    const stalled = vi.fn();
    const watch = uploadWatch(LIMIT, stalled);
    // 341 KB at 8 KB/s, one progress event a second: 43 s, past a fixed 30 s limit
    for (let loaded = 8_000; loaded < 341_000; loaded += 8_000) {
      vi.advanceTimersByTime(1_000);
      watch.progress({ loaded, total: 341_000 });
    }
    // and a much slower one: a progress event every 29 s for ten minutes
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(LIMIT - 1_000);
      watch.progress({ loaded: 100 + i, total: 341_000 });
    }
    expect(stalled).not.toHaveBeenCalled();
    watch.stop();
    vi.advanceTimersByTime(10 * LIMIT);
    expect(stalled).not.toHaveBeenCalled();
  });

  it('once every byte is out, waits the limit plus the time they took to go out', () => {
    const stalled = vi.fn();
    const watch = uploadWatch(LIMIT, stalled);
    for (let s = 1; s <= 40; s++) {
      vi.advanceTimersByTime(1_000);
      watch.progress({ loaded: s * 8_000, total: 320_000 });
    }
    // 40 s to go out: what the buffers still hold drains at that pace
    vi.advanceTimersByTime(LIMIT + 40_000 - 1);
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('stops with the call: no abort after the answer', () => {
    const stalled = vi.fn();
    const watch = uploadWatch(LIMIT, stalled);
    watch.stop();
    vi.advanceTimersByTime(2 * LIMIT);
    expect(stalled).not.toHaveBeenCalled();
  });
});
