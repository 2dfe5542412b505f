/**
 * The mock server's control API (/__mock): its shapes, shared by the mock server that answers
 * it, the CLI and the end-to-end harness that call it. Not part of the real backend.
 */
import { z } from 'zod';

export const CONTROL_PREFIX = '/__mock';
export const PARTITION_HEADER = 'x-mock-partition';
export const PARTITION_COOKIE = 'mock_partition';
/** A state partition's name: letters, digits, `_ . : -`, 1 to 100 characters. */
export const PARTITION_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A compiled path glob (compileGlob). */
export interface PathGlob {
  test(path: string): boolean;
}

/** A glob's tokens: a character code, or one of these two wildcards. */
const ONE_SEGMENT = -1;
const ANY = -2;

/** A glob's tokens: its characters, `*` as ONE_SEGMENT, `**` (and longer runs) as ANY. */
function globTokens(glob: string): number[] {
  const tokens: number[] = [];
  for (let i = 0; i < glob.length;) {
    if (glob[i] !== '*') {
      tokens.push(glob.charCodeAt(i++));
      continue;
    }
    let run = 0;
    while (glob[i] === '*') {
      run++;
      i++;
    }
    // `**`, `***`... all mean any text; two wildcards in a row add nothing
    const token = run > 1 ? ANY : ONE_SEGMENT;
    const last = tokens.at(-1);
    if (last === ANY) continue;
    if (last === ONE_SEGMENT && token === ANY) tokens[tokens.length - 1] = ANY;
    else if (last !== ONE_SEGMENT) tokens.push(token);
  }
  return tokens;
}

/**
 * Whether every path glob `b` matches is matched by glob `a` too (a rule on `a` answers every call of
 * one on `b`). Compares the globs token by token: `**` of `a` takes any part of `b`, `*` of `a` takes
 * characters and `*` of `b` but no `/`, a character only the same character. Never says yes wrongly;
 * may say no for an exotic pair that does cover.
 */
export function globCovers(a: string, b: string): boolean {
  const SLASH = 47;
  const covers = (at: number[], bt: number[]): boolean => {
    const known = new Map<number, boolean>();
    const walk = (i: number, j: number): boolean => {
      const key = i * (bt.length + 1) + j;
      const seen = known.get(key);
      if (seen !== undefined) return seen;
      let result: boolean;
      const token = at[i];
      const other = bt[j];
      if (token === undefined) result = other === undefined;
      else if (token === ANY) result = walk(i + 1, j) || (other !== undefined && walk(i, j + 1));
      else if (token === ONE_SEGMENT)
        result =
          walk(i + 1, j) || (other !== undefined && other !== ANY && other !== SLASH && walk(i, j + 1));
      else result = other === token && walk(i + 1, j + 1);
      known.set(key, result);
      return result;
    };
    return walk(0, 0);
  };
  const at = globTokens(a);
  if (!covers(at, globTokens(b))) return false;
  // `b/**` takes the bare `b` too: `a` must take it (itself, or as a `/**` of its own)
  if (!b.endsWith('/**')) return true;
  const bare = globTokens(b.slice(0, -3) || '/');
  return covers(at, bare) || (a.endsWith('/**') && covers(at, [...bare, SLASH]));
}

/**
 * Path glob: `*` is any text within one path segment, `**` any text (any number of segments); a
 * trailing `/` of the path is ignored. Matched by walking every position of the glob at once (an NFA
 * simulation): time grows with path length × glob length, never exponentially, whatever the glob
 * (a regular expression of `/**a**a**a!` backtracks for seconds).
 */
export function compileGlob(glob: string): PathGlob {
  const tokens = globTokens(glob);
  const size = tokens.length;
  const SLASH = 47;
  /** Follows the wildcards (which may match nothing) from every active position. */
  const close = (active: Uint8Array) => {
    for (let i = 0; i < size; i++) if (active[i] && (tokens[i] as number) < 0) active[i + 1] = 1;
  };
  const matches = (path: string): boolean => {
    let current = new Uint8Array(size + 1);
    let next = new Uint8Array(size + 1);
    current[0] = 1;
    close(current);
    for (let at = 0; at < path.length; at++) {
      const code = path.charCodeAt(at);
      next.fill(0);
      let alive = false;
      for (let i = 0; i < size; i++) {
        if (!current[i]) continue;
        const token = tokens[i] as number;
        let to = -1;
        if (token === ANY || (token === ONE_SEGMENT && code !== SLASH)) to = i;
        else if (token === code) to = i + 1;
        if (to < 0) continue;
        next[to] = 1;
        alive = true;
      }
      if (!alive) return false;
      close(next);
      [current, next] = [next, current];
    }
    return current[size] === 1;
  };
  // `/api/signal/**` takes `/api/signal` itself too, as `**` takes no segment as well as several
  const bareToo = glob.endsWith('/**');
  return {
    test: (path) =>
      matches(path) ||
      (path.endsWith('/') && matches(path.slice(0, -1))) ||
      (bareToo && !path.endsWith('/') && matches(`${path}/`)),
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', '*'] as const;
const stringMap = z.record(z.string().min(1).max(200), z.string().max(2000));

/** Longest pattern a rule may give, and the longest text a pattern is tried on (the rest is cut). */
export const REGEX_MAX_LENGTH = 200;
export const REGEX_INPUT_LIMIT = 512;

/**
 * Why a pattern from the user is refused, or null. Node's regular expressions backtrack: a group
 * that repeats and holds a repeat or an alternation (`(a+)+`, `(a|aa)*`) can take exponential time,
 * so such groups are refused; every pattern is also tried on at most REGEX_INPUT_LIMIT characters.
 */
export function regexProblem(source: string): string | null {
  if (source.length > REGEX_MAX_LENGTH) return `longer than ${REGEX_MAX_LENGTH} characters`;
  try {
    new RegExp(source);
  } catch (error) {
    return `not a regular expression: ${(error as Error).message}`;
  }
  if (repeatsARepeat(source))
    return 'a repeated group holds a repeat or an alternation (catastrophic backtracking): simplify it';
  if (/\\[1-9]/.test(source)) return 'back-references are not allowed';
  return null;
}

/** Whether a group that repeats (`+`, `*`, `{n,}`) holds a repeat, an alternation or a group. */
function repeatsARepeat(source: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') groups.push(false);
    else if (ch === ')') {
      const risky = groups.pop() ?? false;
      const repeated = /[+*{]/.test(source[i + 1] ?? '');
      if (repeated && risky) return true;
      if (groups.length) groups[groups.length - 1] = true;
    } else if (groups.length && (ch === '|' || ch === '+' || ch === '*' || ch === '{'))
      groups[groups.length - 1] = true;
  }
  return false;
}

const safeRegex = z
  .string()
  .min(1)
  .superRefine((source, ctx) => {
    const problem = regexProblem(source);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** How one value (a query parameter, a header) must look: equal to a text, or one of the matchers. */
export const valueMatcher = z.union([
  z.string().max(2000),
  z
    .object({
      equalTo: z.string().max(2000).optional(),
      contains: z.string().min(1).max(2000).optional(),
      matches: safeRegex.optional(),
      /** the value must not be there at all */
      absent: z.literal(true).optional(),
    })
    .strict()
    .refine((m) => Object.keys(m).length === 1, {
      message: 'give exactly one of equalTo, contains, matches, absent',
    }),
]);
export type ValueMatcher = z.input<typeof valueMatcher>;
const matcherMap = z.record(z.string().min(1).max(200), valueMatcher);

/** An HTTP header name (RFC 9110 token) and value (visible Latin-1, spaces and tabs; no line break). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Response headers a stub or a step answers with: refused at creation when Node could not send them. */
const responseHeaders = stringMap.superRefine((headers, ctx) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" is not a header name` });
    else if (!HEADER_VALUE.test(value))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'a header value has no line break, control or non-Latin-1 character',
      });
  }
});

/** One step of a sequence: a status, or an answer of its own (status, body, headers, delay). */
export const sequenceStep = z.union([
  z.number().int().min(100).max(599),
  z
    .object({
      status: z.number().int().min(100).max(599).optional(),
      body: z.unknown().optional(),
      headers: responseHeaders.optional(),
      delayMs: z.number().int().min(0).max(120_000).optional(),
    })
    .strict(),
]);
export type SequenceStep = z.input<typeof sequenceStep>;

const stateName = z.string().min(1).max(100);

/** What a rule matches: method, path glob, and optionally query values, headers, body fields, persona. */
const ruleMatch = {
  method: z.enum(METHODS).default('*'),
  path: z.string().min(1).max(500).startsWith('/', 'the path starts with /'),
  /** the path must also match this regular expression */
  pathMatches: safeRegex.optional(),
  /** the path must also hold this text */
  pathContains: z.string().min(1).max(500).optional(),
  /** query parameters: a text is equality; {contains}, {matches}, {absent: true} */
  query: matcherMap.optional(),
  /** request headers (names case-insensitive): a text is equality; {contains}, {matches}, {absent: true} */
  headers: matcherMap.optional(),
  /** top-level fields of the JSON request body that must have these values */
  bodyFields: z.record(z.string().min(1).max(200), z.unknown()).optional(),
  /** JSONPath expressions that must each select something in the JSON body: `$.items[?(@.status=="DONE")]` */
  bodyJsonPath: z.array(z.string().min(1).max(500)).min(1).max(10).optional(),
  /** JSONPath expressions that must select nothing in the JSON body */
  bodyAbsent: z.array(z.string().min(1).max(500)).min(1).max(10).optional(),
  /** the JSON body holds this value at any depth: objects may have more fields, arrays more items */
  bodyPartial: z.unknown().optional(),
  /** only calls made by this persona (its token) */
  persona: z.string().min(1).max(100).optional(),
  /** lower comes first (1 is the highest priority); equal priorities: the newest rule first */
  priority: z.number().int().min(1).max(100).default(5),
  /** only for the next N matching calls (default: always) */
  times: z.number().int().min(1).max(1_000_000).optional(),
  /** one answer per matching call, then the rule is spent: `[503, 503, 200]` for a retry flow */
  sequence: z.array(sequenceStep).min(1).max(100).optional(),
  /** a named state machine, as WireMock's scenarios: the rule applies while it is in `requiredState` */
  scenario: stateName.optional(),
  /** the state the scenario must be in (every scenario starts in `Started`) */
  requiredState: stateName.optional(),
  /** the state the scenario moves to once the rule has answered */
  newState: stateName.optional(),
};

const ruleAnswer = {
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
};

/** A scenario's state and the state every scenario starts in. */
export const SCENARIO_STARTED = 'Started';

function scenarioChecks<T extends { scenario?: string; requiredState?: string; newState?: string }>(
  rule: T,
  ctx: z.RefinementCtx,
): void {
  if ((rule.requiredState || rule.newState) && !rule.scenario)
    ctx.addIssue({ code: 'custom', message: 'a state goes with a scenario name', path: ['scenario'] });
}

/** The conditions of a rule without its life (priority, times, sequence, scenario): `journal verify`'s. */
export const callConditions = z
  .object({
    method: ruleMatch.method,
    path: ruleMatch.path.default('/**'),
    pathMatches: ruleMatch.pathMatches,
    pathContains: ruleMatch.pathContains,
    query: ruleMatch.query,
    headers: ruleMatch.headers,
    bodyFields: ruleMatch.bodyFields,
    bodyJsonPath: ruleMatch.bodyJsonPath,
    bodyAbsent: ruleMatch.bodyAbsent,
    bodyPartial: ruleMatch.bodyPartial,
    persona: ruleMatch.persona,
  })
  .strict();

/** The slowest uplink a fault may give (bytes a second). */
export const UPLINK_MIN_BYTES_PER_SECOND = 100;

/** Whether a fault's input answers the call itself (rather than only slowing it). */
function answersCall(r: {
  status?: number | undefined;
  body?: unknown;
  drop?: boolean | undefined;
  dropAnswer?: boolean | undefined;
  malformed?: boolean | undefined;
  resetMidBody?: boolean | undefined;
  dribbleMs?: number | undefined;
  sequence?: unknown;
}): boolean {
  return (
    r.status !== undefined ||
    r.body !== undefined ||
    !!r.drop ||
    !!r.dropAnswer ||
    !!r.malformed ||
    !!r.resetMidBody ||
    r.dribbleMs !== undefined ||
    r.sequence !== undefined
  );
}

export const faultInput = z
  .object({
    ...ruleMatch,
    ...ruleAnswer,
    drop: z.boolean().optional(),
    /** the call is carried out (its change is made), then the connection closes unanswered: a lost answer */
    dropAnswer: z.boolean().optional(),
    malformed: z.boolean().optional(),
    /** the headers and part of the body are sent, then the connection is reset (WireMock's reset mid-body) */
    resetMidBody: z.boolean().optional(),
    /** the body is sent in `chunks` pieces spread over this many milliseconds (WireMock's chunked dribble) */
    dribbleMs: z.number().int().min(1).max(120_000).optional(),
    /** how many pieces a dribbled body is cut into (default DRIBBLE_CHUNKS) */
    chunks: z.number().int().min(2).max(100).optional(),
    /**
     * a slow uplink: an upload's body (multipart) is read at most this many bytes a second, so the
     * client's upload progress crawls; slows the call only (another rule, or the mock, answers it)
     */
    uplinkBytesPerSecond: z.number().int().min(UPLINK_MIN_BYTES_PER_SECOND).max(100_000_000).optional(),
    /** the share of its matching calls the rule applies to (0.2: one in five), drawn from `seed` */
    rate: z.number().gt(0).max(1).optional(),
    /** the seed of `rate`'s draws: the same seed gives the same pattern of faulted calls (default: drawn, and listed) */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .strict()
  .refine(
    (r) =>
      r.status !== undefined ||
      r.delayMs !== undefined ||
      r.drop ||
      r.dropAnswer ||
      r.malformed ||
      r.resetMidBody ||
      r.dribbleMs !== undefined ||
      r.uplinkBytesPerSecond !== undefined ||
      r.sequence,
    {
      message:
        'a fault needs a status, a delayMs, drop, dropAnswer, malformed, resetMidBody, dribbleMs, uplinkBytesPerSecond or a sequence',
      path: ['status'],
    },
  )
  .refine((r) => !(r.sequence && r.times), { message: 'a sequence sets its own count', path: ['times'] })
  .refine((r) => !((r.drop || r.dropAnswer) && (r.resetMidBody || r.dribbleMs !== undefined)), {
    message: 'a dropped connection sends no body: it cannot be reset mid-body or dribbled',
    path: ['drop'],
  })
  .refine((r) => r.uplinkBytesPerSecond === undefined || !answersCall(r), {
    message:
      'uplinkBytesPerSecond only slows the upload: the answer comes from another rule or the mock (no status, body, drop, dropAnswer, malformed, resetMidBody, dribbleMs or sequence with it)',
    path: ['uplinkBytesPerSecond'],
  })
  .refine((r) => r.chunks === undefined || r.dribbleMs !== undefined, {
    message: 'chunks goes with dribbleMs',
    path: ['chunks'],
  })
  .refine((r) => r.seed === undefined || r.rate !== undefined, {
    message: 'seed goes with rate',
    path: ['seed'],
  })
  .superRefine(scenarioChecks);
/** How many pieces a dribbled body is cut into when the rule does not say. */
export const DRIBBLE_CHUNKS = 5;
/** What a client sends to add a fault rule. */
export type FaultInput = z.input<typeof faultInput>;

/** A response override (a stub): a status (200 by default), response headers and a body. */
export const stubInput = z
  .object({
    ...ruleMatch,
    ...ruleAnswer,
    /** headers of the answer, such as x-pagination-total-count */
    responseHeaders: responseHeaders.optional(),
    /** the body and headers are answered as written: a `{{` in them is text, no template (a recording's) */
    literal: z.literal(true).optional(),
  })
  .strict()
  .refine((r) => !(r.sequence && r.times), { message: 'a sequence sets its own count', path: ['times'] })
  .superRefine(scenarioChecks);
export type StubInput = z.input<typeof stubInput>;

/** A stub or a fault, as the mock lists it: one ordered list decides which answers a call. */
export interface MockRule extends Omit<z.infer<typeof faultInput>, 'priority'> {
  id: number;
  kind: 'stub' | 'fault';
  priority: number;
  responseHeaders?: Record<string, string>;
  /** answered as written, without templates */
  literal?: true;
  /** calls still to answer; null = always */
  remaining: number | null;
  hits: number;
  /** its place in the order in which rules are tried (1 = first) */
  order: number;
  /** an earlier rule that answers every call this one matches: this one never answers */
  hiddenBy?: number;
  /** its calls are used up (times, sequence): kept in the list with its hits, it answers no more */
  spent?: boolean;
}

/** The answer to adding a rule: the rule, and what may be wrong with it. */
export interface AddedRule extends MockRule {
  /** such as: the path matches no endpoint of the contract; the rule is hidden by rule 2 */
  warnings: string[];
}

/** How a call ended: answered, dropped by a fault rule, or abandoned by the client before the answer. */
export type JournalOutcome = 'answered' | 'dropped' | 'aborted';

export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  path: string;
  /** the query string without its `?` ('' when none) */
  query: string;
  /** null when no answer was sent (see outcome) */
  status: number | null;
  outcome: JournalOutcome;
  durationMs: number;
  persona: string | null;
  /** answered by the real backend of the hybrid mode (serve --proxy) */
  proxied?: boolean;
  /** the stub or fault rule that answered, if one did */
  rule?: { id: number; kind: 'stub' | 'fault' };
  /** an upload's file as the mock received it: its name (UTF-8), type and size in bytes */
  file?: { name: string; type: string; size: number };
  /** with `journal capture headers`: the request headers, tokens and cookies masked */
  headers?: Record<string, string>;
  /** with `journal capture bodies`: the JSON request body (personal fields masked, at most 4 KB) */
  body?: unknown;
  /** with live validation (`serve --validate`): how the call or its answer breaks the contract */
  violation?: ContractViolation;
  /**
   * In a run partition's journal: the test partition that made the call (its scenario was loaded
   * with `?run=` naming this one); absent on the partition's own calls
   */
  from?: string;
}

/**
 * How one call, or its answer, differs from the contract (the endpoint table's zod schemas): the
 * endpoint it reached (null: no endpoint answers that method and path) and one line per difference,
 * such as `request query foo: not in the contract` or `answer body [0].id: Invalid input: expected
 * number, received string` (the format of `@portal/contract/conformance`).
 */
export interface ContractViolation {
  endpoint: string | null;
  /** where the spec describes the endpoint's call: `portal.md:225`, or its section */
  spec?: string;
  problems: string[];
}

/** A journal entry with a violation, and the partition it was recorded in. */
export interface ViolationEntry extends JournalEntry {
  violation: ContractViolation;
  partition: string;
}

export interface JournalFilter {
  path?: string;
  status?: number;
  persona?: string;
  method?: string;
  limit?: number;
  since?: string;
}

/** Whether a journal entry passes a filter (limit aside). */
export function matchesJournalFilter(
  entry: JournalEntry,
  filter: JournalFilter,
  glob: PathGlob | null = filter.path ? compileGlob(filter.path) : null,
): boolean {
  if (glob && !glob.test(entry.path.split('?')[0] ?? entry.path)) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.persona && entry.persona !== filter.persona) return false;
  if (filter.method && entry.method.toUpperCase() !== filter.method.toUpperCase()) return false;
  if (filter.since && entry.time < filter.since) return false;
  return true;
}

/**
 * Hybrid mode: calls whose path matches one of `paths` (or, with `unknown`, the calls no route of
 * the mock answers) go to a real backend; the rest stays mocked. With `record`, the backend's
 * answers are kept (tokens and personal fields masked) as stubs the mock can replay.
 */
export const proxyInput = z
  .object({
    target: z.url({ protocol: /^https?$/ }).nullable(),
    paths: z.array(z.string().min(1).max(500).startsWith('/', 'the path starts with /')).max(50).default([]),
    unknown: z.boolean().default(false),
    record: z.boolean().default(false),
    /** sent as the bearer token to the backend instead of the portal's (a mock token means nothing there) */
    token: z.string().min(1).max(10_000).optional(),
    /**
     * Without a token: keep the backend token in force (the one from before a recording, when
     * this ends it) instead of dropping it
     */
    keepToken: z.boolean().optional(),
  })
  .strict();
export type ProxyInput = z.input<typeof proxyInput>;
export const LATENCY_PROFILES = {
  none: { minMs: 0, maxMs: 0 },
  fast: { minMs: 5, maxMs: 40 },
  slow: { minMs: 400, maxMs: 1500 },
  flaky: { minMs: 20, maxMs: 3000 },
} as const;
export type LatencyProfile = keyof typeof LATENCY_PROFILES;
/** How the delay of each answer is drawn: evenly between minMs and maxMs, or log-normally around medianMs. */
export const LATENCY_DISTRIBUTIONS = ['uniform', 'lognormal'] as const;
export type LatencyDistribution = (typeof LATENCY_DISTRIBUTIONS)[number];
/** The longest delay a latency setting may give (a log-normal draw is cut there). */
export const LATENCY_MAX_MS = 60_000;
