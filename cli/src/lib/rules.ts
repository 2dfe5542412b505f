/**
 * What `portal stub` and `portal fault` share: the options that say which calls a rule matches,
 * the JSON values they read, and the table of rules in the order the mock tries them.
 */
import { parseJsonText } from './json-text.ts';
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  regexProblem,
  type AddedRule,
  type FaultInput,
  type MockRule,
  type SequenceStep,
  type StubInput,
  type ValueMatcher,
} from '@portal/mock-server/control';
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
    return parseJsonText(text);
  } catch {
    throw new InvalidArgumentError(`expected JSON (or @file), got ${truncate(text, 60)}`);
  }
}

/** A path glob of `--path`: it starts with `/` and holds no query (a query is matched apart). */
export function pathPattern(value: string): string {
  if (!value.startsWith('/'))
    throw new InvalidArgumentError(
      `expected a path starting with /, such as /api/contracts or /api/**, got "${value}"`,
    );
  if (value.includes('?'))
    throw new InvalidArgumentError(
      `expected a path without a query ("${value.slice(value.indexOf('?'))}"): the path is matched without it; match the query with --query name=value`,
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

/** `name=value` into a matcher map: `{ name: { [kind]: value } }` (repeatable). */
function matcherPairs(kind: 'contains' | 'matches') {
  const parse = pairs('=');
  return (value: string, previous: Record<string, ValueMatcher> = {}): Record<string, ValueMatcher> => {
    const [name, text] = Object.entries(parse(value))[0] as [string, string];
    if (kind === 'matches') {
      const problem = regexProblem(text);
      if (problem) throw new InvalidArgumentError(`${text}: ${problem}`);
    }
    return { ...previous, [name]: kind === 'contains' ? { contains: text } : { matches: text } };
  };
}

/** `name` (repeatable): the value must be absent. */
function absentNames(
  value: string,
  previous: Record<string, ValueMatcher> = {},
): Record<string, ValueMatcher> {
  if (!value.trim()) throw new InvalidArgumentError('expected a name');
  return { ...previous, [value.trim()]: { absent: true } };
}

/** A regular expression from the user, refused when it could backtrack for long (see regexProblem). */
function safePattern(value: string): string {
  const problem = regexProblem(value);
  if (problem) throw new InvalidArgumentError(`${value}: ${problem}`);
  return value;
}

/** A JSONPath expression (repeatable): the server checks its syntax. */
function jsonPaths(value: string, previous: string[] = []): string[] {
  if (!value.startsWith('$')) throw new InvalidArgumentError(`a JSONPath starts with $, got "${value}"`);
  return [...previous, value];
}

/** One step of a sequence as JSON: {"status":503,"body":{...},"headers":{...},"delayMs":100} (repeatable). */
function stepOption(value: string, previous: SequenceStep[] = []): SequenceStep[] {
  const step = jsonBody(value);
  if (typeof step !== 'number' && (typeof step !== 'object' || step === null || Array.isArray(step)))
    throw new InvalidArgumentError('expected a status or {"status", "body", "headers", "delayMs"}');
  return [...previous, step as SequenceStep];
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
  path?: string;
  pathMatches?: string;
  pathContains?: string;
  query?: Record<string, string>;
  queryContains?: Record<string, ValueMatcher>;
  queryMatches?: Record<string, ValueMatcher>;
  queryAbsent?: Record<string, ValueMatcher>;
  header?: Record<string, string>;
  headerContains?: Record<string, ValueMatcher>;
  headerMatches?: Record<string, ValueMatcher>;
  headerAbsent?: Record<string, ValueMatcher>;
  bodyJsonpath?: string[];
  bodyAbsent?: string[];
  bodyPartial?: unknown;
  scenario?: string;
  state?: string;
  nextState?: string;
  step?: SequenceStep[];
  bodyField?: Record<string, unknown>;
  persona?: string;
  priority?: number;
  times?: number;
  sequence?: SequenceStep[];
  json?: boolean;
}

/** What `stub add` and `fault add` both read: the matching part, a status, a body, a delay. */
export interface RuleAddOptions extends MatchOptions {
  status?: number;
  body?: unknown;
  delay?: number;
}

/**
 * The conditions on a call besides its method, path glob and persona: the path by regex or text,
 * the query and headers (equal, contains, regex, absent) and the JSON body. `stub add`, `fault add`
 * and `journal verify` share them.
 */
export function conditionOptions(command: Command): Command {
  return command
    .option('--path-matches <regexp>', 'only paths matching this regular expression', safePattern)
    .option('--path-contains <text>', 'only paths holding this text')
    .option('--query <name=value>', 'only calls with this query value (repeatable)', pairs('='))
    .option(
      '--query-contains <name=text>',
      'only calls whose query value holds this text (repeatable)',
      matcherPairs('contains'),
    )
    .option(
      '--query-matches <name=regexp>',
      'only calls whose query value matches (repeatable)',
      matcherPairs('matches'),
    )
    .option('--query-absent <name>', 'only calls without this query parameter (repeatable)', absentNames)
    .option('--header <"name: value">', 'only calls with this request header (repeatable)', pairs(':'))
    .option(
      '--header-contains <name=text>',
      'only calls whose header holds this text (repeatable)',
      matcherPairs('contains'),
    )
    .option(
      '--header-matches <name=regexp>',
      'only calls whose header matches (repeatable)',
      matcherPairs('matches'),
    )
    .option('--header-absent <name>', 'only calls without this header (repeatable)', absentNames)
    .option(
      '--body-field <field=value>',
      'only calls whose JSON body has this field value (repeatable; the value is JSON or text)',
      bodyField,
    )
    .option(
      '--body-jsonpath <expr>',
      'only calls whose JSON body has a match for this JSONPath, such as \'$.items[?(@.status=="DONE")]\' (repeatable)',
      jsonPaths,
    )
    .option(
      '--body-absent <expr>',
      'only calls whose JSON body has no match for this JSONPath (repeatable)',
      jsonPaths,
    )
    .option(
      '--body-partial <json>',
      'only calls whose JSON body holds this JSON at any depth (extra fields and items allowed; or @file)',
      jsonBody,
    );
}

/** The conditions part of a rule or a verification, from the options of conditionOptions. */
export function conditionsOf(opts: MatchOptions): Omit<StubInput, 'method' | 'path'> {
  const query = { ...opts.query, ...opts.queryContains, ...opts.queryMatches, ...opts.queryAbsent };
  const headers = { ...opts.header, ...opts.headerContains, ...opts.headerMatches, ...opts.headerAbsent };
  return {
    ...(opts.pathMatches ? { pathMatches: opts.pathMatches } : {}),
    ...(opts.pathContains ? { pathContains: opts.pathContains } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(opts.bodyField ? { bodyFields: opts.bodyField } : {}),
    ...(opts.bodyJsonpath ? { bodyJsonPath: opts.bodyJsonpath } : {}),
    ...(opts.bodyAbsent ? { bodyAbsent: opts.bodyAbsent } : {}),
    ...(opts.bodyPartial !== undefined ? { bodyPartial: opts.bodyPartial } : {}),
  };
}

/** The options that say which calls a rule matches, its priority and how long it lives. */
export function matchOptions(command: Command): Command {
  return conditionOptions(command)
    .option(
      '--path <glob>',
      'path pattern, such as /api/contract/*/user or /api/** ("/**": every call); this, --path-matches or --path-contains is required',
      pathPattern,
    )
    .addOption(
      new Option('--method <method>', 'HTTP method').default('*').argParser((v: string) => {
        const upper = v.toUpperCase();
        if (!(METHODS as readonly string[]).includes(upper))
          throw new InvalidArgumentError(`expected one of ${METHODS.join(', ')}`);
        return upper;
      }),
    )
    .option('--persona <id>', 'only calls made by this persona')
    .option(
      '--priority <n>',
      'order among the rules: 1 is tried first (default 5; then the newest first)',
      integer(1, 100),
    )
    .option('--times <n>', 'only for the next N matching calls (default: always)', integer(1, 1_000_000))
    .option('--sequence <statuses>', 'one status per call, then the rule is spent: 503,503,200', statusList)
    .option(
      '--step <json>',
      'one answer per call, in order (repeatable): \'{"status":503,"body":{...},"headers":{...},"delayMs":200}\' or @file',
      stepOption,
    )
    .option(
      '--scenario <name>',
      "a named state machine (as WireMock's scenarios): with --state and --next-state",
    )
    .option('--state <state>', 'only while the scenario is in this state (every scenario starts in Started)')
    .option('--next-state <state>', 'move the scenario to this state once the rule has answered')
    .option('--json', 'print JSON');
}

/** What both kinds answer: a status and a JSON body. */
export function answerOptions(command: Command, statusHelp: string): Command {
  return command
    .option('--status <code>', statusHelp, integer(100, 599))
    .option('--body <json>', 'answer this JSON body (inline, or @file.json)', jsonBody);
}

/** A sequence gives the statuses and the count itself. */
export function checkSequence(opts: MatchOptions & { status?: number; body?: unknown }): void {
  if (opts.sequence && opts.step) throw new UsageError('give --sequence or --step, not both');
  if ((opts.sequence || opts.step) && (opts.times !== undefined || opts.status !== undefined))
    throw new UsageError(
      '--sequence and --step give the answers and the count: not with --status or --times',
    );
  if (opts.step && opts.body !== undefined)
    throw new UsageError('each --step gives its own body: not with --body');
  if ((opts.state || opts.nextState) && !opts.scenario)
    throw new UsageError('--state and --next-state go with --scenario NAME');
  if (!opts.path && !opts.pathMatches && !opts.pathContains)
    throw new UsageError('say which calls: --path (a glob), --path-matches or --path-contains');
}

/** `stub list` / `fault list`: the rules of a route, in the order the mock tries them. */
export async function listRules(
  client: ControlClient,
  route: 'listFaults' | 'listStubs' | 'listRules',
  opts: { json?: boolean },
  none: string,
): Promise<void> {
  const rules = await client.call(route);
  if (opts.json) return printJson(rules);
  if (rules.length === 0) return print(none);
  printRules(rules);
}

/** The body of a new fault or stub (rows addFault, addStub): the matching part. */
export function matchBody(opts: MatchOptions): StubInput & FaultInput {
  const sequence = opts.sequence ?? opts.step;
  return {
    method: opts.method as StubInput['method'],
    path: opts.path ?? '/**',
    ...conditionsOf(opts),
    ...(opts.persona ? { persona: opts.persona } : {}),
    ...(opts.scenario ? { scenario: opts.scenario } : {}),
    ...(opts.state ? { requiredState: opts.state } : {}),
    ...(opts.nextState ? { newState: opts.nextState } : {}),
    ...(opts.priority !== undefined ? { priority: opts.priority } : {}),
    ...(opts.times !== undefined ? { times: opts.times } : {}),
    ...(sequence ? { sequence } : {}),
  };
}

/** What a rule does, in words: "answer 500 {…}", "drop the connection", "delay 2000 ms, then answer 503". */
function describeEffect(rule: MockRule): string {
  const parts: string[] = [];
  if (rule.delayMs) parts.push(`delay ${rule.delayMs} ms`);
  if (rule.drop) parts.push('drop the connection');
  if (rule.malformed) parts.push(`malformed JSON${rule.status ? ` (${rule.status})` : ''}`);
  else if (rule.sequence) parts.push(`answer ${rule.sequence.map(describeStep).join(', then ')}`);
  else if (rule.status)
    parts.push(
      `answer ${rule.status}${rule.body === undefined ? '' : ` ${truncate(JSON.stringify(rule.body), 40)}`}`,
    );
  if (rule.dribbleMs !== undefined) parts.push(`dribble the body over ${rule.dribbleMs} ms`);
  if (rule.resetMidBody) parts.push('reset the connection mid-body');
  if (rule.uplinkBytesPerSecond !== undefined)
    parts.push(`read the upload at ${rule.uplinkBytesPerSecond} bytes/s`);
  const effect = parts.join(', then ') || 'nothing';
  return rule.rate === undefined ? effect : `${effect}, on ${rule.rate * 100}% of calls (seed ${rule.seed})`;
}

/** One step of a sequence in words: "503", "503 {…} after 200 ms". */
function describeStep(step: SequenceStep): string {
  if (typeof step === 'number') return String(step);
  return [
    String(step.status ?? 200),
    ...(step.body === undefined ? [] : [truncate(JSON.stringify(step.body), 30)]),
    ...(step.delayMs ? [`after ${step.delayMs} ms`] : []),
  ].join(' ');
}

/** A value matcher in words: "=x", " contains x", " ~ /x/", " absent". */
function describeMatcher(separator: string, matcher: ValueMatcher): string {
  if (typeof matcher === 'string') return `${separator}${matcher}`;
  if (matcher.absent) return ' absent';
  if (matcher.contains !== undefined) return ` contains ${matcher.contains}`;
  if (matcher.matches !== undefined) return ` ~ /${matcher.matches}/`;
  return `${separator}${matcher.equalTo ?? ''}`;
}

/** The conditions besides method and path: "q=x, x-trace: 1, body.email=…, persona agent". */
function describeMatch(rule: MockRule): string {
  return [
    ...(rule.pathMatches ? [`path ~ /${rule.pathMatches}/`] : []),
    ...(rule.pathContains ? [`path contains ${rule.pathContains}`] : []),
    ...Object.entries(rule.query ?? {}).map(([k, v]) => `${k}${describeMatcher('=', v)}`),
    ...Object.entries(rule.headers ?? {}).map(([k, v]) => `${k}${describeMatcher(': ', v)}`),
    ...Object.entries(rule.bodyFields ?? {}).map(([k, v]) => `body.${k}=${truncate(JSON.stringify(v), 20)}`),
    ...(rule.bodyJsonPath ?? []).map((p) => `body has ${p}`),
    ...(rule.bodyAbsent ?? []).map((p) => `body lacks ${p}`),
    ...(rule.bodyPartial !== undefined ? [`body ⊇ ${truncate(JSON.stringify(rule.bodyPartial), 30)}`] : []),
    ...(rule.persona ? [`persona ${rule.persona}`] : []),
    ...(rule.scenario
      ? [
          `scenario ${rule.scenario}${rule.requiredState ? ` in ${rule.requiredState}` : ''}${rule.newState ? ` -> ${rule.newState}` : ''}`,
        ]
      : []),
  ].join(', ');
}

function remaining(rule: MockRule): string {
  if (rule.spent) return 'spent';
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
