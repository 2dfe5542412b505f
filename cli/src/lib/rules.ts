/**
 * What `portal stub` and `portal fault` share: the options that say which calls a rule matches,
 * the JSON values they read, and the table of rules in the order the mock tries them.
 */
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { AddedRule, MockRule } from '@portal/contract/control';
import type { ControlClient } from './control-client.ts';
import { UsageError, describeError } from './errors.ts';
import { integer } from './options.ts';
import { OK, note, print, printJson, table, yellow } from './output.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'] as const;

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
    return JSON.parse(text) as unknown;
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

/** `name=value` (or `name: value` for headers), repeatable, into a map. */
export function pairs(separator: '=' | ':') {
  return (value: string, previous: Record<string, string> = {}): Record<string, string> => {
    const at = value.indexOf(separator);
    if (at <= 0)
      throw new InvalidArgumentError(
        `expected name${separator}value${separator === ':' ? ' (such as "x-pagination-total-count: 42")' : ''}, got "${value}"`,
      );
    return { ...previous, [value.slice(0, at).trim()]: value.slice(at + 1).trim() };
  };
}

/** `field=value` of the request body: the value is JSON when it parses, else a string. */
function bodyField(value: string, previous: Record<string, unknown> = {}): Record<string, unknown> {
  const at = value.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError(`expected field=value, got "${value}"`);
  const raw = value.slice(at + 1);
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    // a plain string
  }
  return { ...previous, [value.slice(0, at).trim()]: parsed };
}

/** `503,503,200`: statuses, one per call. */
function statusList(value: string): number[] {
  const parts = value.split(',').map((p) => p.trim());
  if (!parts.length || parts.some((p) => !p))
    throw new InvalidArgumentError('expected statuses such as 503,503,200');
  return parts.map(integer(100, 599));
}

export interface MatchOptions {
  method: string;
  path: string;
  query?: Record<string, string>;
  header?: Record<string, string>;
  bodyField?: Record<string, unknown>;
  persona?: string;
  priority?: number;
  times?: number;
  sequence?: number[];
  json?: boolean;
}

/** What `stub add` and `fault add` both read: the matching part, a status, a body, a delay. */
export interface RuleAddOptions extends MatchOptions {
  status?: number;
  body?: unknown;
  delay?: number;
}

/** The options that say which calls a rule matches, its priority and how long it lives. */
export function matchOptions(command: Command): Command {
  return command
    .requiredOption('--path <glob>', 'path pattern, such as /api/contract/*/user or /api/**', pathPattern)
    .addOption(
      new Option('--method <method>', 'HTTP method').default('*').argParser((v: string) => {
        const upper = v.toUpperCase();
        if (!(METHODS as readonly string[]).includes(upper))
          throw new InvalidArgumentError(`expected one of ${METHODS.join(', ')}`);
        return upper;
      }),
    )
    .option('--query <name=value>', 'only calls with this query value (repeatable)', pairs('='))
    .option('--header <"name: value">', 'only calls with this request header (repeatable)', pairs(':'))
    .option(
      '--body-field <field=value>',
      'only calls whose JSON body has this field value (repeatable; the value is JSON or text)',
      bodyField,
    )
    .option('--persona <id>', 'only calls made by this persona')
    .option(
      '--priority <n>',
      'order among the rules: 1 is tried first (default 5; then the newest first)',
      integer(1, 100),
    )
    .option('--times <n>', 'only for the next N matching calls (default: always)', integer(1, 1_000_000))
    .option('--sequence <statuses>', 'one status per call, then the rule is spent: 503,503,200', statusList)
    .option('--json', 'print JSON');
}

/** What both kinds answer: a status and a JSON body. */
export function answerOptions(command: Command, statusHelp: string): Command {
  return command
    .option('--status <code>', statusHelp, integer(100, 599))
    .option('--body <json>', 'answer this JSON body (inline, or @file.json)', jsonBody);
}

/** A sequence gives the statuses and the count itself. */
export function checkSequence(opts: { sequence?: number[]; times?: number; status?: number }): void {
  if (opts.sequence && (opts.times !== undefined || opts.status !== undefined))
    throw new UsageError('--sequence gives the statuses and the count: not with --status or --times');
}

/** `stub list` / `fault list`: the rules of a route, in the order the mock tries them. */
export async function listRules(
  client: ControlClient,
  route: '/__mock/faults' | '/__mock/stubs' | '/__mock/rules',
  opts: { json?: boolean },
  none: string,
): Promise<void> {
  const rules = await client.get<MockRule[]>(route);
  if (opts.json) return printJson(rules);
  if (rules.length === 0) return print(none);
  printRules(rules);
}

/** The body of POST /__mock/faults or /__mock/stubs for the matching part. */
export function matchBody(opts: MatchOptions): Record<string, unknown> {
  return {
    method: opts.method,
    path: opts.path,
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.header ? { headers: opts.header } : {}),
    ...(opts.bodyField ? { bodyFields: opts.bodyField } : {}),
    ...(opts.persona ? { persona: opts.persona } : {}),
    ...(opts.priority !== undefined ? { priority: opts.priority } : {}),
    ...(opts.times !== undefined ? { times: opts.times } : {}),
    ...(opts.sequence ? { sequence: opts.sequence } : {}),
  };
}

/** What a rule does, in words: "answer 500 {…}", "drop the connection", "delay 2000 ms, then answer 503". */
function describeEffect(rule: MockRule): string {
  const parts: string[] = [];
  if (rule.delayMs) parts.push(`delay ${rule.delayMs} ms`);
  if (rule.drop) parts.push('drop the connection');
  if (rule.malformed) parts.push(`malformed JSON${rule.status ? ` (${rule.status})` : ''}`);
  else if (rule.sequence) parts.push(`answer ${rule.sequence.join(', then ')}`);
  else if (rule.status)
    parts.push(
      `answer ${rule.status}${rule.body === undefined ? '' : ` ${truncate(JSON.stringify(rule.body), 40)}`}`,
    );
  return parts.join(', then ') || 'nothing';
}

/** The conditions besides method and path: "q=x, x-trace: 1, body.email=…, persona agent". */
function describeMatch(rule: MockRule): string {
  return [
    ...Object.entries(rule.query ?? {}).map(([k, v]) => `${k}=${v}`),
    ...Object.entries(rule.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...Object.entries(rule.bodyFields ?? {}).map(([k, v]) => `body.${k}=${truncate(JSON.stringify(v), 20)}`),
    ...(rule.persona ? [`persona ${rule.persona}`] : []),
  ].join(', ');
}

function remaining(rule: MockRule): string {
  if (typeof rule.remaining === 'number') return String(rule.remaining);
  return 'always';
}

/** The rules as a table, in the order the mock tries them; hidden ones say by which rule. */
function printRules(rules: readonly MockRule[]): void {
  print(
    table(rules, [
      { header: 'ORDER', value: (r) => r.order, align: 'right' },
      { header: 'ID', value: (r) => r.id },
      { header: 'METHOD', value: (r) => r.method ?? '*' },
      { header: 'PATH', value: (r) => r.path },
      { header: 'MATCH', value: describeMatch },
      { header: 'EFFECT', value: describeEffect },
      { header: 'PRIORITY', value: (r) => r.priority, align: 'right' },
      { header: 'HITS', value: (r) => r.hits, align: 'right' },
      { header: 'TIMES', value: remaining },
      { header: 'HIDDEN BY', value: (r) => (r.hiddenBy === undefined ? '' : `rule ${r.hiddenBy}`) },
    ]),
  );
  const hidden = rules.filter((r) => r.hiddenBy !== undefined);
  if (hidden.length)
    note(
      yellow(
        `${hidden.length} rule${hidden.length === 1 ? ' is' : 's are'} hidden by an earlier rule that answers every call they match: change --priority or remove the earlier rule.`,
        process.stderr,
      ),
    );
}

/** "✓ Stub 3: GET /api/contracts -> answer 200 [] (always)", then the warnings on stderr. */
export function printAdded(label: string, rule: AddedRule): void {
  const times =
    rule.remaining === null ? 'always' : `${rule.remaining} time${rule.remaining === 1 ? '' : 's'}`;
  const match = describeMatch(rule);
  print(
    `${OK} ${label} ${rule.id}: ${rule.method ?? '*'} ${rule.path}${match ? ` [${match}]` : ''} -> ${describeEffect(rule)} (${times})`,
  );
  for (const warning of rule.warnings) note(`${yellow('warning:', process.stderr)} ${warning}`);
}
