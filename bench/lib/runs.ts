/**
 * Noise: a timed figure is the median of several runs, shown with its spread, next to how busy the
 * machine was (load average against the core count) when it was taken.
 */
import { cpus, loadavg } from 'node:os';
import { formatNumber } from './table.ts';

/** How many times each timed figure is measured: BENCH_RUNS, default 3. */
export function runCount(env: Record<string, string | undefined> = process.env, fallback = 3): number {
  const value = Number(env.BENCH_RUNS ?? fallback);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** "median of 3 runs: 4,012 / 4,210 / 4,380 req/s (spread 368)". */
export function spreadNote(values: readonly number[], unit: string, digits = 1): string {
  if (values.length === 0) return 'no run';
  const sorted = [...values].sort((a, b) => a - b);
  const spread = (sorted[sorted.length - 1] as number) - (sorted[0] as number);
  const list = sorted.map((v) => formatNumber(v, digits)).join(' / ');
  if (values.length === 1) return `1 run: ${list}${unit ? ` ${unit}` : ''}`;
  return `median of ${values.length} runs: ${list}${unit ? ` ${unit}` : ''} (spread ${formatNumber(spread, digits)})`;
}

export interface Busyness {
  /** 1-minute load average */
  load: number;
  cores: number;
  /** more runnable work than cores: every timed figure is slowed down */
  busy: boolean;
}

export function busyness(load = loadavg()[0] ?? 0, cores = cpus().length): Busyness {
  return { load, cores, busy: load >= cores };
}

export function busyText(b: Busyness): string {
  return `load average ${b.load.toFixed(2)} on ${b.cores} cores${b.busy ? ' (busy)' : ''}`;
}

/** The load average sampled every few seconds through a run: each figure is printed with the load it was taken under. */
export class LoadSampler {
  private readonly samples: { at: number; load: number }[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly read: () => number = () => loadavg()[0] ?? 0) {}

  start(everyMs = 2_000): void {
    this.take();
    this.timer = setInterval(() => this.take(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  take(at = Date.now()): void {
    this.samples.push({ at, load: this.read() });
  }

  /** The median of the samples taken between two instants (the nearest before when none), rounded to 0.1. */
  between(from: number, to: number): number {
    const inside = this.samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.load);
    const before = this.samples.filter((s) => s.at <= to).at(-1)?.load;
    const values = inside.length > 0 ? inside : before === undefined ? [] : [before];
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted[Math.floor(sorted.length / 2)] ?? this.read();
    return Math.round(mid * 10) / 10;
  }

  /** Lowest, median and highest of every sample. */
  summary(): { min: number; median: number; max: number; samples: number } {
    const sorted = this.samples.map((s) => s.load).sort((a, b) => a - b);
    const round = (v: number | undefined) => Math.round((v ?? 0) * 100) / 100;
    return {
      min: round(sorted[0]),
      median: round(sorted[Math.floor(sorted.length / 2)]),
      max: round(sorted[sorted.length - 1]),
      samples: sorted.length,
    };
  }
}
