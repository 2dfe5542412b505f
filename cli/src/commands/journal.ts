/** `portal journal`: the calls the mock server received, filtered, as a table or JSON, or live. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  compileGlob,
  matchesJournalFilter,
  type JournalEntry,
  type JournalFilter,
} from '@portal/contract/control';
import { ControlClient } from '../lib/control-client.ts';
import { CliError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, dim, note, print, printJson, red, table, yellow } from '../lib/output.ts';

function isoTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new InvalidArgumentError(`expected an ISO date-time such as 2026-01-31T10:00:00Z, got "${value}"`);
  return date.toISOString();
}

function clock(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : date.toISOString().slice(11, 23);
}

function colourStatus(status: number): string {
  const text = String(status);
  return status >= 500 ? red(text) : status >= 400 ? yellow(text) : text;
}

function line(entry: JournalEntry): string {
  return `${dim(clock(entry.time))}  ${entry.method.padEnd(6)} ${colourStatus(entry.status)}  ${String(Math.round(entry.durationMs)).padStart(5)} ms  ${(entry.persona ?? '-').padEnd(16)} ${entry.path}`;
}

interface JournalOptions extends JournalFilter {
  follow?: boolean;
  clear?: boolean;
  json?: boolean;
}

export function registerJournal(program: Command): void {
  program
    .command('journal')
    .description('the calls the mock server received (newest last), filtered; --follow shows them live')
    .option('--path <glob>', 'path pattern (* = one segment, ** = any), such as /api/contract/**')
    .option('--status <code>', 'only this status', integer(100, 599))
    .option('--persona <id>', 'only calls made by this persona')
    .addOption(
      new Option('--method <method>', 'only this method').argParser((v: string) => {
        const upper = v.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].includes(upper)) {
          throw new InvalidArgumentError(`expected an HTTP method such as GET, got "${v}"`);
        }
        return upper;
      }),
    )
    .option('--since <time>', 'only calls at or after this ISO date-time', isoTime)
    .option('--limit <n>', 'at most N calls (the last N; with --follow, stop after N)', integer(1, 100_000))
    .option('-f, --follow', 'keep printing calls as they arrive (Ctrl-C to stop)')
    .option('--clear', 'empty the journal')
    .option('--json', 'print JSON (with --follow: one JSON object per line)')
    .addHelpText(
      'after',
      examples(
        'portal journal',
        'portal journal --path "/api/contract/**" --status 403',
        'portal journal --persona agent --limit 20 --json',
        'portal journal --follow',
        'portal journal --follow --method POST --json | jq .path',
        'portal journal --clear',
      ),
    )
    .action(async (opts: JournalOptions, command: Command) => {
      const client = ControlClient.of(command);
      const filter: JournalFilter = {
        path: opts.path,
        status: opts.status,
        persona: opts.persona,
        method: opts.method,
        since: opts.since,
      };
      if (opts.clear) {
        await client.delete<unknown>('/__mock/journal');
        if (opts.json) return printJson({ cleared: true });
        return print(`${OK} Journal cleared`);
      }
      if (opts.follow) return follow(client, filter, opts);
      const entries = await client.get<JournalEntry[]>('/__mock/journal', { ...filter, limit: opts.limit });
      // filter again here: an older server may ignore some of the query
      const glob = filter.path ? compileGlob(filter.path) : null;
      const shown = entries
        .filter((e) => matchesJournalFilter(e, filter, glob))
        .slice(-(opts.limit ?? entries.length));
      if (opts.json) return printJson(shown);
      if (shown.length === 0) return print('No call recorded matches.');
      print(
        table(shown, [
          { header: 'TIME', value: (e) => clock(e.time) },
          { header: 'METHOD', value: (e) => e.method },
          { header: 'STATUS', value: (e) => e.status, align: 'right' },
          { header: 'MS', value: (e) => Math.round(e.durationMs), align: 'right' },
          { header: 'PERSONA', value: (e) => e.persona ?? '-' },
          { header: 'PATH', value: (e) => e.path },
        ]),
      );
    });
}

/** Reads the Server-Sent Events stream and prints the matching entries until Ctrl-C or --limit. */
async function follow(client: ControlClient, filter: JournalFilter, opts: JournalOptions): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let count = 0;
  const glob = filter.path ? compileGlob(filter.path) : null;
  try {
    const response = await client.fetch('GET', '/__mock/journal/stream', {
      query: { ...filter },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      throw new CliError(`GET ${client.url('/__mock/journal/stream')} answered ${response.status}`);
    }
    note(`Following the journal of ${client.baseUrl} (Ctrl-C to stop)`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        let entry: JournalEntry;
        try {
          entry = JSON.parse(data) as JournalEntry;
        } catch {
          continue;
        }
        if (!matchesJournalFilter(entry, filter, glob)) continue;
        process.stdout.write(`${opts.json ? JSON.stringify(entry) : line(entry)}\n`);
        count++;
        if (opts.limit !== undefined && count >= opts.limit) {
          controller.abort();
          return;
        }
      }
    }
    note('The mock server closed the stream.');
  } catch (error) {
    if (controller.signal.aborted) return;
    throw error;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
