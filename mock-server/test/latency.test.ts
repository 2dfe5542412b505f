/** The latency draws: seeded (the same seed, the same delays), within their bounds, the right median. */
import { describe, expect, it } from 'vitest';
import { LatencyDraw } from '../src/runtime/latency.ts';

const draws = (latency: LatencyDraw, count: number) => Array.from({ length: count }, () => latency.next());

describe('LatencyDraw', () => {
  it('uniform: every delay within [min, max], the same seed gives the same delays', () => {
    const first = draws(LatencyDraw.of({ minMs: 100, maxMs: 300, seed: 9 }), 500);
    expect(Math.min(...first)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...first)).toBeLessThanOrEqual(300);
    // spread over the range, not stuck at one end
    expect(Math.min(...first)).toBeLessThan(120);
    expect(Math.max(...first)).toBeGreaterThan(280);
    expect(draws(LatencyDraw.of({ distribution: 'uniform', minMs: 100, maxMs: 300, seed: 9 }), 500)).toEqual(
      first,
    );
    expect(draws(LatencyDraw.of({ minMs: 100, maxMs: 300, seed: 10 }), 500)).not.toEqual(first);
  });

  it('lognormal: the median is the one asked for, the tail is long, the bounds cut it', () => {
    const latency = LatencyDraw.of({
      distribution: 'lognormal',
      medianMs: 200,
      sigma: 0.5,
      maxMs: 2000,
      seed: 4,
    });
    const sorted = draws(latency, 4001).sort((a, b) => a - b);
    const median = sorted[2000] as number;
    expect(median).toBeGreaterThan(190);
    expect(median).toBeLessThan(210);
    // sigma 0.5: about 84% of the draws below median x e^0.5
    const below = sorted.filter((ms) => ms < 200 * Math.exp(0.5)).length / sorted.length;
    expect(below).toBeGreaterThan(0.8);
    expect(below).toBeLessThan(0.88);
    expect(sorted[0]).toBeGreaterThanOrEqual(0);
    expect(sorted.at(-1)).toBeLessThanOrEqual(2000);
    const cut = draws(
      LatencyDraw.of({ distribution: 'lognormal', medianMs: 200, sigma: 3, minMs: 50, maxMs: 400, seed: 4 }),
      500,
    );
    expect(Math.min(...cut)).toBe(50);
    expect(Math.max(...cut)).toBe(400);
  });

  it('a profile and no seed: a seed is drawn and shown, and repeats the delays when given back', () => {
    const drawn = LatencyDraw.of({ profile: 'flaky' });
    expect(drawn.settings).toMatchObject({ distribution: 'uniform', minMs: 20, maxMs: 3000 });
    const again = LatencyDraw.of({ profile: 'flaky', seed: drawn.settings.seed });
    expect(draws(again, 50)).toEqual(draws(drawn, 50));
    expect(LatencyDraw.of({ profile: 'none' }).none).toBe(true);
  });
});
