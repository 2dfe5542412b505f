/** `portal fault add|list|clear`: make the mock server fail on purpose. */
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { FaultRule } from '@portal/contract/control';
import { ControlClient } from '../lib/control-client.ts';
import { UsageError, describeError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, print, printJson, table } from '../lib/output.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'] as const;

/** What a rule does, in words: "500 {…}", "drop", "delay 2000 ms then 503". */
export function describeFault(rule: FaultRule): string {
  const parts: string[] = [];
  if (rule.delayMs) parts.push(`delay ${rule.delayMs} ms`);
  if (rule.drop) parts.push('drop the connection');
  if (rule.malformed) parts.push(`malformed JSON${rule.status ? ` (${rule.status})` : ''}`);
  else if (rule.status)
    parts.push(
      `answer ${rule.status}${rule.body === undefined ? '' : ` ${truncate(JSON.stringify(rule.body), 40)}`}`,
    );
  return parts.join(', then ') || 'nothing';
}

function truncate(text: string, size: number): string {
  return text.length > size ? `${text.slice(0, size - 1)}…` : text;
}

/** --body: inline JSON, or @file to read it from a file. */
function jsonBody(value: string): unknown {
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch (error) {
      throw new InvalidArgumentError(`cannot read ${value.slice(1)}: ${describeError(error)}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidArgumentError(`expected JSON (or @file), got ${truncate(text, 60)}`);
  }
}

function pathPattern(value: string): string {
  if (!value.startsWith('/'))
    throw new InvalidArgumentError(
      `expected a path starting with /, such as /api/contracts or /api/**, got "${value}"`,
    );
  return value;
}

interface AddOptions {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
  delay?: number;
  drop?: boolean;
  malformed?: boolean;
  times?: number;
  json?: boolean;
}

export function registerFault(program: Command): void {
  const fault = program
    .command('fault')
    .description(
      'add, list and clear fault rules: error statuses, delays, dropped connections, malformed bodies',
    )
    .addHelpText(
      'after',
      examples(
        'portal fault add --path /api/contracts --status 500',
        'portal fault add --method POST --path "/api/contract/*/user" --status 400 --body \'{"message":"bad"}\' --times 1',
        'portal fault add --path "/api/**" --delay 2000',
        'portal fault add --path /api/token-check --drop --times 3',
        'portal fault list',
        'portal fault clear',
      ),
    );

  fault
    .command('add')
    .description('add a fault rule for a method and path pattern (* = one segment, ** = any)')
    .requiredOption('--path <glob>', 'path pattern, such as /api/contract/*/user or /api/**', pathPattern)
    .addOption(
      new Option('--method <method>', 'HTTP method')
        .choices(METHODS)
        .default('*')
        .argParser((v: string) => {
          const upper = v.toUpperCase();
          if (!(METHODS as readonly string[]).includes(upper))
            throw new InvalidArgumentError(`expected one of ${METHODS.join(', ')}`);
          return upper;
        }),
    )
    .option('--status <code>', 'answer this HTTP status', integer(100, 599))
    .option('--body <json>', 'answer this JSON body (inline, or @file)', jsonBody)
    .option('--delay <ms>', 'wait this long before answering', integer(0, 600_000))
    .option('--drop', 'drop the connection without an answer')
    .option('--malformed', 'answer a body that is not valid JSON')
    .option('--times <n>', 'only for the next N matching calls (default: always)', integer(1, 1_000_000))
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal fault add --path /api/contracts --status 503 --times 2',
        'portal fault add --path /api/contracts --status 200 --body \'[{"id":"wrong"}]\'',
        'portal fault add --method GET --path "/api/widget/**" --malformed',
      ),
    )
    .action(async (opts: AddOptions, command: Command) => {
      if (
        opts.status === undefined &&
        opts.delay === undefined &&
        !opts.drop &&
        !opts.malformed &&
        opts.body === undefined
      ) {
        throw new UsageError('say what the fault does: --status, --body, --delay, --drop or --malformed');
      }
      if (opts.drop && (opts.status !== undefined || opts.malformed || opts.body !== undefined)) {
        throw new UsageError(
          '--drop sends no answer: it cannot be combined with --status, --body or --malformed',
        );
      }
      if (opts.malformed && opts.body !== undefined)
        throw new UsageError('--malformed and --body cannot be combined');
      const client = ControlClient.of(command);
      const rule = await client.post<FaultRule>('/__mock/faults', {
        method: opts.method,
        path: opts.path,
        ...(opts.status !== undefined
          ? { status: opts.status }
          : opts.body !== undefined
            ? { status: 200 }
            : {}),
        ...(opts.body !== undefined ? { body: opts.body } : {}),
        ...(opts.delay !== undefined ? { delayMs: opts.delay } : {}),
        ...(opts.drop ? { drop: true } : {}),
        ...(opts.malformed ? { malformed: true } : {}),
        ...(opts.times !== undefined ? { times: opts.times } : {}),
      });
      if (opts.json) return printJson(rule);
      print(
        `${OK} Fault rule ${rule.id}: ${rule.method ?? '*'} ${rule.path} -> ${describeFault(rule)} ${
          rule.times === undefined ? '(always)' : `(${rule.times} time${rule.times === 1 ? '' : 's'})`
        }`,
      );
    });

  fault
    .command('list')
    .description('the fault rules in force')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal fault list', 'portal fault list --json'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const rules = await client.get<FaultRule[]>('/__mock/faults');
      if (opts.json) return printJson(rules);
      if (rules.length === 0) return print('No fault rule.');
      print(
        table(rules, [
          { header: 'ID', value: (r) => r.id },
          { header: 'METHOD', value: (r) => r.method ?? '*' },
          { header: 'PATH', value: (r) => r.path },
          { header: 'EFFECT', value: describeFault },
          { header: 'TIMES', value: (r) => remaining(r) },
        ]),
      );
    });

  fault
    .command('clear')
    .description('remove one fault rule, or all of them')
    .argument('[id]', 'rule id (default: every rule)')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal fault clear', 'portal fault clear 3'))
    .action(async (id: string | undefined, opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      if (id === undefined) {
        const before = await client.get<FaultRule[]>('/__mock/faults');
        await client.delete<unknown>('/__mock/faults');
        if (opts.json) return printJson({ cleared: before.length });
        return print(`${OK} Cleared ${before.length} fault rule${before.length === 1 ? '' : 's'}`);
      }
      await client.delete<unknown>(`/__mock/faults/${encodeURIComponent(id)}`);
      if (opts.json) return printJson({ cleared: 1, id });
      print(`${OK} Cleared fault rule ${id}`);
    });
}

function remaining(rule: FaultRule): string {
  if (typeof rule.remaining === 'number') return String(rule.remaining);
  return rule.times === undefined ? 'always' : String(rule.times);
}
