/** `portal latency [profile]`: a global delay on every answer of the mock server. */
import { Argument, type Command } from 'commander';
import { LATENCY_PROFILES, type LatencyProfile } from '@portal/contract/control';
import { ControlClient } from '../lib/control-client.ts';
import { UsageError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, print, printJson } from '../lib/output.ts';

const PROFILES = Object.keys(LATENCY_PROFILES) as LatencyProfile[];

export function registerLatency(program: Command): void {
  program
    .command('latency')
    .description('show or set the latency of every answer: a profile, or --min/--max in milliseconds')
    .addArgument(new Argument('[profile]', 'latency profile').choices(PROFILES))
    .option('--min <ms>', 'shortest delay', integer(0, 600_000))
    .option('--max <ms>', 'longest delay', integer(0, 600_000))
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal latency',
        'portal latency slow',
        'portal latency --min 200 --max 800',
        'portal latency none',
      ),
    )
    .action(
      async (
        profile: string | undefined,
        opts: { min?: number; max?: number; json?: boolean },
        command: Command,
      ) => {
        const hasRange = opts.min !== undefined || opts.max !== undefined;
        if (profile && hasRange) throw new UsageError('give a profile or --min/--max, not both');
        const client = ControlClient.of(command);
        if (hasRange) {
          const minMs = opts.min ?? opts.max ?? 0;
          const maxMs = opts.max ?? opts.min ?? 0;
          if (minMs > maxMs) throw new UsageError(`--min (${minMs}) is greater than --max (${maxMs})`);
          await client.call('setLatency', { body: { minMs, maxMs } });
        } else if (profile) {
          await client.call('setLatency', { body: { profile: profile as LatencyProfile } });
        }
        const current = await client.call('getLatency');
        if (opts.json) return printJson(current);
        const range =
          current.minMs === current.maxMs ? `${current.minMs} ms` : `${current.minMs}-${current.maxMs} ms`;
        print(
          `${profile || hasRange ? `${OK} ` : ''}Latency: ${range}${profile ? ` (profile ${profile})` : ''}`,
        );
      },
    );
}
