/** `portal journal`: the calls the mock server received, filtered, as a table or JSON, or live. */
import { writeFile } from 'node:fs/promises';
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  compileGlob,
  matchesJournalFilter,
  type JournalEntry,
  type JournalFilter,
  type JournalCapture,
  type JournalVerdict,
} from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { conditionOptions, conditionsOf, pathPattern, type MatchOptions } from '../lib/rules.ts';
import { CliError, UsageError, describeError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { KO, OK, dim, note, print, printJson, red, table, yellow } from '../lib/output.ts';
import { address, clock, statusText, violationLine } from '../lib/journal-lines.ts';
import { sinceTime } from '../lib/since.ts';

function colourStatus(entry: JournalEntry): string {
  const text = statusText(entry);
  const status = entry.status ?? 600;
  return status >= 500 ? red(text) : status >= 400 ? yellow(text) : text;
}

/** Who answered besides the mock's own routes: a stub or fault rule, or the real backend. */
const ruleText = (entry: JournalEntry): string =>
  entry.rule ? `${entry.rule.kind} ${entry.rule.id}` : entry.proxied ? 'proxied' : '';

/** The mark of a call that broke the contract (live validation): ✗ and how many differences. */
const contractMark = (entry: JournalEntry): string =>
  entry.violation ? `${KO} ${entry.violation.problems.length}` : '';

function line(entry: JournalEntry): string {
  const rule = ruleText(entry);
  const mark = contractMark(entry);
  return `${dim(clock(entry.time))}  ${entry.method.padEnd(6)} ${colourStatus(entry).padEnd(7)}  ${String(Math.round(entry.durationMs)).padStart(5)} ms  ${(entry.persona ?? '-').padEnd(16)} ${address(entry)}${rule ? dim(`  (${rule})`) : ''}${mark ? red(`  contract ${mark}`) : ''}`;
}

interface JournalOptions extends JournalFilter {
  follow?: boolean;
  clear?: boolean;
  json?: boolean;
}

function filterOf(opts: JournalOptions): JournalFilter {
  return {
    path: opts.path,
    status: opts.status,
    persona: opts.persona,
    method: opts.method,
    since: opts.since,
  };
}

interface VerifyOptions extends MatchOptions {
  exactly?: number;
  count?: number;
  atLeast?: number;
  atMost?: number;
  junit?: string;
}

/** `journal verify`: the mock counts the matching calls and names the nearest misses. */
async function verify(own: VerifyOptions, command: Command): Promise<void> {
  const parent = (command.parent?.opts() ?? {}) as JournalOptions;
  const opts = { ...parent, ...own };
  const exactly = own.exactly ?? own.count;
  if (exactly !== undefined && (own.atLeast !== undefined || own.atMost !== undefined))
    throw new UsageError('--exactly (or --count) goes alone, without --at-least or --at-most');
  if (exactly === undefined && own.atLeast === undefined && own.atMost === undefined)
    throw new UsageError('say how many calls: --exactly N, --at-least N or --at-most N');
  const verdict = await ControlClient.of(command).call('verifyJournal', {
    body: {
      match: {
        method: (parent.method ?? '*') as 'GET',
        path: parent.path ?? '/**',
        ...conditionsOf(own),
        ...(parent.persona ? { persona: parent.persona } : {}),
      },
      ...(parent.status !== undefined ? { status: parent.status } : {}),
      ...(parent.since ? { since: parent.since } : {}),
      ...(exactly !== undefined ? { exactly } : {}),
      ...(own.atLeast !== undefined ? { atLeast: own.atLeast } : {}),
      ...(own.atMost !== undefined ? { atMost: own.atMost } : {}),
    },
  });
  // a condition the journal cannot check (no capture) would pass vacuously: a misuse, not a pass
  if (verdict.unchecked.length) {
    const parts = verdict.unchecked.join(',');
    throw new UsageError(
      `the journal keeps no request ${verdict.unchecked.join(' or ')}: this check cannot be made on the calls recorded`,
      [`run \`portal journal capture ${parts}\` before the calls, then make them again`],
    );
  }
  if (own.junit) await writeJunit(own.junit, verifyTitle(opts, exactly, own), verdict);
  if (opts.json) printJson(verdict);
  else if (verdict.ok)
    print(
      `${OK} ${verdict.count} call${verdict.count === 1 ? '' : 's'} match (expected ${verdict.expected})`,
    );
  else {
    print(`${KO} expected ${verdict.expected} matching call(s), found ${verdict.count}`);
    for (const entry of verdict.calls.slice(-10)) print(`  ${line(entry)}`);
    if (verdict.nearestMisses.length) print('Nearest misses (the part that differed):');
    for (const miss of verdict.nearestMisses)
      print(`  ${line(miss.call)}  ${yellow(`differs: ${miss.differs.join(', ')}`)}`);
  }
  if (!verdict.ok) process.exitCode = 1;
}

/** The check in words, for its JUnit test case: `POST /api/x: exactly 2`. */
function verifyTitle(opts: JournalOptions, exactly: number | undefined, own: VerifyOptions): string {
  const count =
    exactly !== undefined
      ? `exactly ${exactly}`
      : [
          own.atLeast !== undefined ? `at least ${own.atLeast}` : '',
          own.atMost !== undefined ? `at most ${own.atMost}` : '',
        ]
          .filter(Boolean)
          .join(' and ');
  const who = [opts.persona ? `persona ${opts.persona}` : '', opts.status ? `status ${opts.status}` : '']
    .filter(Boolean)
    .join(', ');
  return `${opts.method ?? '*'} ${opts.path ?? '/**'}${who ? ` (${who})` : ''}: ${count}`;
}

const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** `journal verify --junit FILE`: the check as one JUnit test case, failed with the calls found. */
async function writeJunit(file: string, title: string, verdict: JournalVerdict): Promise<void> {
  const failure = verdict.ok
    ? ''
    : `\n      <failure message="${xml(`expected ${verdict.expected} matching call(s), found ${verdict.count}`)}">${xml(
        [
          ...verdict.calls
            .slice(-10)
            .map((entry) => `call: ${entry.method} ${address(entry)} ${statusText(entry)}`),
          ...verdict.nearestMisses.map(
            (miss) =>
              `nearest miss: ${miss.call.method} ${address(miss.call)} differs: ${miss.differs.join(', ')}`,
          ),
        ].join('\n'),
      )}</failure>\n    `;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="portal journal verify" tests="1" failures="${verdict.ok ? 0 : 1}">
  <testsuite name="journal verify" tests="1" failures="${verdict.ok ? 0 : 1}" timestamp="${new Date().toISOString()}">
    <testcase classname="journal verify" name="${xml(title)}">${failure}</testcase>
  </testsuite>
</testsuites>
`;
  try {
    await writeFile(file, body);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${describeError(error)}`);
  }
}

/** `journal violations`: the calls whose request or answer broke the contract, one line per call. */
function registerViolations(journal: Command): void {
  journal
    .command('violations')
    .description(
      'the calls whose request or answer broke the contract (live validation: serve --validate, or --on): method, path, endpoint and spec line, what differs; exit 1 when there is one',
    )
    .option('--all-partitions', 'every partition, not only this one (the e2e suites use one per worker)')
    .option('--on', 'turn live validation on for this partition (others keep theirs), then list')
    .option(
      '--strict',
      'with --on: strict (lists in their declared form, no field the contract does not name)',
    )
    .option('--off', 'turn live validation off for this partition, then list')
    .option('--since <time>', 'only calls since then: 5m, 2h, 1d, or an ISO date-time', (v: string) =>
      sinceTime(v),
    )
    .option('--limit <n>', 'at most N calls (the last N)', integer(1, 100_000))
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal journal violations',
        'portal journal violations --on                  # validate this partition from now on (serve --validate: every partition)',
        'portal journal violations --on --strict         # also the wire form of lists and extra fields',
        'portal journal violations --all-partitions --since 10m --json',
      ),
    )
    .action(async (own: ViolationOptions, command: Command) => {
      // --since, --limit and --json are also the journal's own options: given after `violations`,
      // commander may hand them to the parent
      const parent = (command.parent?.opts() ?? {}) as JournalOptions;
      const opts: ViolationOptions = {
        ...own,
        since: own.since ?? parent.since,
        limit: own.limit ?? parent.limit,
        json: own.json ?? parent.json,
      };
      if (opts.on && opts.off) throw new UsageError('--on or --off, not both');
      if (opts.strict && !opts.on) throw new UsageError('--strict goes with --on');
      const client = ControlClient.of(command);
      const settings =
        opts.on || opts.off
          ? await client.call('setValidation', {
              body: { enabled: !!opts.on, ...(opts.strict ? { strict: true } : {}) },
            })
          : await client.call('getValidation');
      const found = await client.call('journalViolations', {
        query: {
          ...(opts.allPartitions ? { all: 'true' as const } : {}),
          ...(opts.since ? { since: opts.since } : {}),
          ...(opts.limit ? { limit: opts.limit } : {}),
        },
      });
      // violations are a failed check, as a failed `journal verify` is: exit 1, whatever the format
      if (found.length > 0) process.exitCode = 1;
      if (opts.json) return printJson(found);
      if (!settings.enabled)
        note(
          'warning: live validation is off: start the mock with `portal serve --validate`, or turn it on with `portal journal violations --on`',
        );
      if (found.length === 0) return print(`${OK} No contract violation recorded.`);
      for (const entry of found) print(violationLine(entry, opts.allPartitions));
      print(`${KO} ${found.length} call${found.length === 1 ? '' : 's'} broke the contract`);
    });
}

interface ViolationOptions {
  allPartitions?: boolean;
  on?: boolean;
  strict?: boolean;
  off?: boolean;
  since?: string;
  limit?: number;
  json?: boolean;
}

/** `journal capture [headers,bodies|off]`: what entries keep besides their line. */
const CAPTURE_WORDS = ['headers', 'bodies', 'off'] as const;

export function registerJournal(program: Command): void {
  const journal = program
    .command('journal')
    .description('the calls the mock server received (newest last), filtered; --follow shows them live')
    .option(
      '--path <glob>',
      'path pattern (* = one segment, ** = any), such as /api/contract/**',
      pathPattern,
    )
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
    .option('--since <time>', 'only calls since then: 5m, 2h, 1d, or an ISO date-time', (v: string) =>
      sinceTime(v),
    )
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
        'portal journal --since 5m --status 503',
        'portal journal capture headers,bodies           # opt in: request headers and bodies, masked',
        'portal journal verify --method POST --path "/api/contract/*/user/role" --count 1',
        'portal journal --follow',
        'portal journal --follow --method POST --json | jq .path',
        'portal journal violations                      # calls that broke the contract (serve --validate)',
        'portal journal --clear',
      ),
    )
    .action(async (opts: JournalOptions, command: Command) => {
      const client = ControlClient.of(command);
      const filter = filterOf(opts);
      if (opts.clear) {
        await client.call('clearJournal');
        if (opts.json) return printJson({ cleared: true });
        return print(`${OK} Journal cleared`);
      }
      if (opts.follow) return follow(client, filter, opts);
      const entries = await client.call('journal', { query: { ...filter, limit: opts.limit } });
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
          { header: 'STATUS', value: statusText, align: 'right' },
          { header: 'MS', value: (e) => Math.round(e.durationMs), align: 'right' },
          { header: 'PERSONA', value: (e) => e.persona ?? '-' },
          { header: 'PATH', value: address },
          { header: 'ANSWERED BY', value: ruleText },
          ...(shown.some((e) => e.violation) ? [{ header: 'CONTRACT', value: contractMark }] : []),
        ]),
      );
      const broken = shown.filter((e) => e.violation).length;
      if (broken)
        note(
          `${broken} call${broken === 1 ? '' : 's'} broke the contract (${KO}): \`portal journal violations\` says how`,
        );
    });

  registerViolations(journal);

  conditionOptions(
    journal
      .command('verify')
      .description(
        "exit 1 unless the number of calls matching the journal's filters (--path, --method, --status, --persona, --since) and these conditions is as expected; on a mismatch, the calls that came closest and the part that differed",
      ),
  )
    .option('--exactly <n>', 'exactly N matching calls', integer(0, 1_000_000))
    .option('--count <n>', 'the same as --exactly', integer(0, 1_000_000))
    .option('--at-least <n>', 'at least N matching calls', integer(0, 1_000_000))
    .option('--at-most <n>', 'at most N matching calls', integer(0, 1_000_000))
    .option('--junit <file>', 'also write the check as a JUnit XML test case (failed with the calls found)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal journal verify --method POST --path "/api/contract/*/user/role" --exactly 1',
        'portal journal verify --path "/api/contract/*/user/role" --at-least 1 --junit verify.xml',
        'portal journal verify --path /api/contracts --status 503 --since 5m --at-least 2',
        'portal journal verify --path "/api/**" --persona agent --status 403 --at-most 0',
        'portal journal capture bodies && portal journal verify --method POST --path /api/signal --body-partial \'{"contractId":1}\' --exactly 1',
        'portal journal verify --path /api/contracts --query-absent q --header-matches "user-agent=^Mozilla" --at-least 1',
      ),
    )
    .action(async (own: VerifyOptions, command: Command) => verify(own, command));

  journal
    .command('capture')
    .description(
      'show or set what the journal keeps besides each call line: request headers, request bodies (masked)',
    )
    .argument('[what]', 'headers, bodies, both (headers,bodies) or off')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal journal capture',
        'portal journal capture headers,bodies',
        'portal journal capture off',
      ),
    )
    .action(async (what: string | undefined, own: { json?: boolean }, command: Command) => {
      const json = own.json ?? (command.parent?.opts() as JournalOptions | undefined)?.json;
      const client = ControlClient.of(command);
      let capture: JournalCapture;
      if (what === undefined) capture = await client.call('getCapture');
      else {
        const words = what.split(',').map((w) => w.trim().toLowerCase());
        const unknown = words.filter((w) => !(CAPTURE_WORDS as readonly string[]).includes(w));
        if (unknown.length || (words.includes('off') && words.length > 1))
          throw new UsageError(`expected headers, bodies, headers,bodies or off, got "${what}"`);
        capture = await client.call('setCapture', {
          body: { headers: words.includes('headers'), bodies: words.includes('bodies') },
        });
      }
      if (json) return printJson(capture);
      const kept = [capture.headers && 'request headers', capture.bodies && 'request bodies'].filter(Boolean);
      print(
        kept.length
          ? `${OK} The journal keeps ${kept.join(' and ')} (tokens, cookies and personal fields masked)`
          : `${OK} The journal keeps each call's line only (capture off)`,
      );
    });
}

/** The journal entries of a Server-Sent Events body, as they arrive. */
async function* events(body: AsyncIterable<Uint8Array>): AsyncGenerator<JournalEntry> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
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
      try {
        yield JSON.parse(data) as JournalEntry;
      } catch {
        // not an entry
      }
    }
  }
}

const RECONNECT_MS = 1000;

/**
 * Reads the Server-Sent Events stream and prints the matching entries until Ctrl-C or --limit.
 * When the server goes away after the first connection, it says so (with the address) and
 * reconnects every second until it is back.
 */
async function follow(client: ControlClient, filter: JournalFilter, opts: JournalOptions): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let count = 0;
  let connected = false;
  /** said once per outage, not every second */
  let down = false;
  const glob = filter.path ? compileGlob(filter.path) : null;
  try {
    for (;;) {
      try {
        const response = await client.open('journalStream', { query: filter }, { signal: controller.signal });
        if (!response.ok || !response.body) {
          throw new CliError(`GET ${client.urlOf('journalStream')} answered ${response.status}`);
        }
        note(
          connected
            ? `Reconnected to ${client.baseUrl}`
            : `Following the journal of ${client.baseUrl} (Ctrl-C to stop)`,
        );
        connected = true;
        down = false;
        for await (const entry of events(response.body as AsyncIterable<Uint8Array>)) {
          if (!matchesJournalFilter(entry, filter, glob)) continue;
          process.stdout.write(`${opts.json ? JSON.stringify(entry) : line(entry)}\n`);
          count++;
          if (opts.limit !== undefined && count >= opts.limit) {
            controller.abort();
            return;
          }
        }
        note(`The mock server at ${client.baseUrl} closed the stream; reconnecting (Ctrl-C to stop)…`);
        down = true;
      } catch (error) {
        if (controller.signal.aborted) return;
        // the first connection must work: a wrong address is an error, not a wait
        if (!connected) throw error;
        if (!down)
          note(
            `The mock server at ${client.baseUrl} went away (${describeError(error)}); reconnecting (Ctrl-C to stop)…`,
          );
        down = true;
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      if (controller.signal.aborted) return;
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
