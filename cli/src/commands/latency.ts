/** `portal latency [profile]`: a global delay on every answer of the mock server. */
import { Argument, Option, type Command } from 'commander';
import {
  LATENCY_DISTRIBUTIONS,
  LATENCY_MAX_MS,
  LATENCY_PROFILES,
  type LatencyDistribution,
  type LatencyProfile,
  type Latency,
  type LatencyInput,
} from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { UsageError } from '../lib/errors.ts';
import { decimal, examples, integer } from '../lib/options.ts';
import { OK, print, printJson } from '../lib/output.ts';

const PROFILES = Object.keys(LATENCY_PROFILES) as LatencyProfile[];

interface LatencyOptions {
  distribution?: LatencyDistribution;
  min?: number;
  max?: number;
  median?: number;
  sigma?: number;
  seed?: number;
  json?: boolean;
}

/** The spread of a log-normal latency. */
const sigma = decimal(0, 4, '0.5');

/** What the options ask the mock for, or null when they only ask to show it. */
function latencyInput(profile: string | undefined, opts: LatencyOptions): LatencyInput | null {
  const seed = opts.seed !== undefined ? { seed: opts.seed } : {};
  const hasRange = opts.min !== undefined || opts.max !== undefined;
  const lognormal = opts.distribution === 'lognormal';
  if (profile && (hasRange || opts.distribution || opts.median !== undefined || opts.sigma !== undefined))
    throw new UsageError('give a profile, or a distribution with its numbers, not both');
  if (!lognormal && (opts.median !== undefined || opts.sigma !== undefined))
    throw new UsageError('--median and --sigma go with --distribution lognormal');
  if (profile) return { profile: profile as LatencyProfile, ...seed };
  if (lognormal) {
    if (opts.median === undefined || opts.sigma === undefined)
      throw new UsageError('--distribution lognormal needs --median MS and --sigma S');
    return {
      distribution: 'lognormal',
      medianMs: opts.median,
      sigma: opts.sigma,
      ...(opts.min !== undefined ? { minMs: opts.min } : {}),
      ...(opts.max !== undefined ? { maxMs: opts.max } : {}),
      ...seed,
    };
  }
  if (!hasRange) {
    if (opts.distribution || opts.seed !== undefined)
      throw new UsageError('--distribution uniform needs --min and/or --max');
    return null;
  }
  const minMs = opts.min ?? opts.max ?? 0;
  const maxMs = opts.max ?? opts.min ?? 0;
  if (minMs > maxMs) throw new UsageError(`--min (${minMs}) is greater than --max (${maxMs})`);
  return { minMs, maxMs, ...seed };
}

/** "200-800 ms (profile slow), uniform, seed 7"; "0-60000 ms, log-normal: median 120 ms, sigma 0.5, seed 7". */
export function describeLatency(current: Latency, profile?: string): string {
  const range =
    current.minMs === current.maxMs ? `${current.minMs} ms` : `${current.minMs}-${current.maxMs} ms`;
  const named = profile ? ` (profile ${profile})` : '';
  if (current.distribution === 'lognormal')
    return `${range}${named}, log-normal: median ${current.medianMs} ms, sigma ${current.sigma}, seed ${current.seed}`;
  return current.maxMs === 0 ? `${range}${named}` : `${range}${named}, uniform, seed ${current.seed}`;
}

export function registerLatency(program: Command): void {
  program
    .command('latency')
    .description(
      'show or set the latency of every answer: a profile, a uniform range, or a log-normal distribution (seeded)',
    )
    .addArgument(new Argument('[profile]', 'latency profile').choices(PROFILES))
    .addOption(
      new Option('--distribution <kind>', 'how each delay is drawn (default uniform)').choices(
        LATENCY_DISTRIBUTIONS,
      ),
    )
    .option('--min <ms>', 'shortest delay', integer(0, LATENCY_MAX_MS))
    .option('--max <ms>', 'longest delay (lognormal: the draws are cut there)', integer(0, LATENCY_MAX_MS))
    .option('--median <ms>', 'with --distribution lognormal: the median delay', integer(1, LATENCY_MAX_MS))
    .option(
      '--sigma <s>',
      "with --distribution lognormal: the spread, the standard deviation of the delay's logarithm (0.5: most delays within x0.4-x2.7 of the median)",
      sigma,
    )
    .option(
      '--seed <n>',
      'seed of the draws: the same seed gives the same delays in the same order (default: drawn, and shown)',
      integer(0, 2 ** 31 - 1),
    )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal latency',
        'portal latency slow',
        'portal latency --min 200 --max 800',
        'portal latency --distribution uniform --min 200 --max 800 --seed 7',
        'portal latency --distribution lognormal --median 120 --sigma 0.5 --max 5000 --seed 7',
        'portal latency none',
      ),
    )
    .action(async (profile: string | undefined, opts: LatencyOptions, command: Command) => {
      const input = latencyInput(profile, opts);
      const client = ControlClient.of(command);
      if (input) await client.call('setLatency', { body: input });
      const current = await client.call('getLatency');
      if (opts.json) return printJson(current);
      print(`${input ? `${OK} ` : ''}Latency: ${describeLatency(current, profile)}`);
    });
}
