/**
 * The latency of a partition's answers: a uniform draw between two bounds, or a log-normal one
 * around a median (most calls near it, a long tail of slow ones, as real networks have), cut at
 * its bounds. Draws come from a seeded generator, so a seed repeats the same delays in the same order.
 */
import { LATENCY_MAX_MS, LATENCY_PROFILES } from '../../control-api/schemas.ts';
import type { Latency, latencyInput } from '../../control-api/endpoints.ts';
import type { z } from 'zod';

/** Uniform numbers in [0, 1) from a 32-bit seed (mulberry32): fast, and the same for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for a setting that gave none: shown in the listing, so the run can be repeated. */
export function drawSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** A standard normal draw (Box-Muller) from a uniform generator. */
function normal(random: () => number): number {
  const u = 1 - random(); // (0, 1]: the logarithm stays finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export class LatencyDraw {
  private readonly random: () => number;

  constructor(readonly settings: Latency) {
    this.random = seededRandom(settings.seed);
  }

  /** No delay at all: the middleware skips the timer. */
  get none(): boolean {
    return this.settings.maxMs === 0;
  }

  /** The delay of the next answer, in milliseconds, within [minMs, maxMs]. */
  next(): number {
    const { distribution, minMs, maxMs, medianMs, sigma } = this.settings;
    if (distribution === 'lognormal' && medianMs !== undefined && sigma !== undefined) {
      const drawn = medianMs * Math.exp(sigma * normal(this.random));
      return Math.min(maxMs, Math.max(minMs, drawn));
    }
    return minMs + this.random() * (maxMs - minMs);
  }

  /** The settings of a control API call (PUT /__mock/latency). */
  static of(input: z.infer<typeof latencyInput>): LatencyDraw {
    const seed = 'seed' in input && input.seed !== undefined ? input.seed : drawSeed();
    if ('profile' in input)
      return new LatencyDraw({ distribution: 'uniform', ...LATENCY_PROFILES[input.profile], seed });
    if (input.distribution === 'lognormal')
      return new LatencyDraw({
        distribution: 'lognormal',
        minMs: input.minMs ?? 0,
        maxMs: input.maxMs ?? LATENCY_MAX_MS,
        medianMs: input.medianMs,
        sigma: input.sigma,
        seed,
      });
    return new LatencyDraw({ distribution: 'uniform', minMs: input.minMs, maxMs: input.maxMs, seed });
  }
}

/** A partition's latency before anyone sets it: none. */
export function noLatency(): LatencyDraw {
  return LatencyDraw.of({ profile: 'none' });
}
