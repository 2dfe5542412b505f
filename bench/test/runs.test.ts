import { describe, expect, it } from 'vitest';
import { LoadSampler, busyText, busyness, runCount, spreadNote } from '../lib/runs.ts';

describe('runs and noise', () => {
  it('reads BENCH_RUNS, falling back on a bad value', () => {
    expect(runCount({ BENCH_RUNS: '5' })).toBe(5);
    expect(runCount({})).toBe(3);
    expect(runCount({ BENCH_RUNS: '0' })).toBe(3);
    expect(runCount({ BENCH_RUNS: 'x' }, 2)).toBe(2);
  });

  it('lists the runs in order with their spread', () => {
    expect(spreadNote([4380, 4012, 4210], 'req/s', 0)).toBe(
      'median of 3 runs: 4,012 / 4,210 / 4,380 req/s (spread 368)',
    );
    expect(spreadNote([12.5], 'ms')).toBe('1 run: 12.5 ms');
    expect(spreadNote([], 'ms')).toBe('no run');
  });

  it('calls a machine busy when its load average reaches its core count', () => {
    expect(busyness(1.5, 2).busy).toBe(false);
    expect(busyness(2, 2).busy).toBe(true);
    expect(busyText(busyness(6.54, 2))).toBe('load average 6.54 on 2 cores (busy)');
    expect(busyText(busyness(0.3, 2))).toBe('load average 0.30 on 2 cores');
  });
});

describe('the load average sampled through the run', () => {
  it('gives a figure the median of the samples of its time, the last one before when none', () => {
    let next = 0;
    const values = [1, 9, 3, 4];
    const sampler = new LoadSampler(() => values[next++] ?? 0);
    sampler.take(1000);
    sampler.take(2000);
    sampler.take(3000);
    sampler.take(4000);
    expect(sampler.between(1500, 3500)).toBe(9);
    expect(sampler.between(900, 4100)).toBe(4);
    expect(sampler.between(4500, 5000)).toBe(4);
    expect(sampler.summary()).toEqual({ min: 1, median: 4, max: 9, samples: 4 });
  });
});
