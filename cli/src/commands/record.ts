/**
 * `portal record`: the mock server forwards chosen calls to a real backend and keeps its answers
 * (tokens and personal fields masked) as stubs; at the end they are written to a file that
 * `portal stub import` replays. How a team reproduces a production answer locally.
 */
import { writeFile } from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import { ControlClient } from '../lib/control-client.ts';
import { examples, integer, url } from '../lib/options.ts';
import { OK, note, print, printJson } from '../lib/output.ts';
import { sinceTime } from '../lib/since.ts';

interface RecordOptions {
  target: string;
  path?: string[];
  token?: string;
  out: string;
  count?: number;
  for?: number;
  json?: boolean;
}

/** "30s", "5m", "2h": milliseconds (a duration only: a date means nothing for how long to record). */
function duration(value: string): number {
  if (!/^\d+(s|m|h|d)$/.test(value.trim()))
    throw new InvalidArgumentError(`expected a duration such as 30s, 5m or 2h, got "${value}"`);
  return Date.now() - Date.parse(sinceTime(value.trim()));
}

export function registerRecord(program: Command): void {
  program
    .command('record')
    .description(
      'send chosen calls through the mock server to a real backend and keep its answers (masked) as stubs in a file',
    )
    .requiredOption('--target <url>', 'the real backend', url)
    .option(
      '--path <glob>',
      'calls to send to the backend (repeatable; default: every call no route of the mock answers)',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--token <token>', "the backend's bearer token (the portal's mock token means nothing there)")
    .option('--out <file>', 'where the stubs go (JSON, for portal stub import)', 'recorded-stubs.json')
    .option('--count <n>', 'stop after N answers', integer(1, 10_000))
    .option('--for <duration>', 'stop after this long: 30s, 5m', duration)
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal record --target https://backend.example.org --path "/api/signal/**" --token "$TOKEN"',
        'portal record --target http://localhost:8080 --path /api/contracts --count 1 --out contracts.json',
        'portal stub import contracts.json            # replay what was recorded',
      ),
    )
    .action(async (opts: RecordOptions, command: Command) => {
      const client = ControlClient.of(command);
      const before = await client.call('getProxy');
      await client.call('clearRecordings');
      await client.call('setProxy', {
        body: {
          target: opts.target,
          paths: opts.path ?? [],
          unknown: !opts.path?.length,
          record: true,
          // without --token, the backend token in force goes on being sent
          ...(opts.token ? { token: opts.token } : { keepToken: true }),
        },
      });
      note(
        `Recording the answers of ${opts.target} to ${opts.path?.join(', ') ?? 'every call the mock does not answer'} through ${client.baseUrl}: make the calls (in the portal, or with curl)${
          opts.count ? `; stops after ${opts.count}` : ''
        } (Ctrl-C to stop)`,
      );
      const stopped = new AbortController();
      const stop = () => stopped.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const deadline = opts.for === undefined ? Infinity : Date.now() + opts.for;
      try {
        while (!stopped.signal.aborted && Date.now() < deadline) {
          const now = await client.call('getProxy');
          if (opts.count !== undefined && now.recorded >= opts.count) break;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
      const recorded = await client.call('recordings');
      const stubs = opts.count === undefined ? recorded : recorded.slice(0, opts.count);
      // back exactly as it was: target, paths, the backend token from before the recording
      await client.call('setProxy', {
        body: {
          target: before.target,
          paths: before.paths,
          unknown: before.unknown,
          record: before.record,
          keepToken: true,
        },
      });
      await writeFile(opts.out, `${JSON.stringify(stubs, null, 2)}\n`);
      if (opts.json) return printJson({ recorded: stubs.length, file: opts.out, stubs });
      print(`${OK} Recorded ${stubs.length} answer${stubs.length === 1 ? '' : 's'} into ${opts.out}`);
      note(`Replay them with: npx portal stub import ${opts.out}`);
    });
}
