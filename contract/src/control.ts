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

/**
 * Path glob: `*` is any text within one path segment, `**` any text (any number of segments); a
 * trailing `/` of the path is ignored. Matched by walking every position of the glob at once (an NFA
 * simulation): time grows with path length × glob length, never exponentially, whatever the glob
 * (a regular expression of `/**a**a**a!` backtracks for seconds).
 */
export function compileGlob(glob: string): PathGlob {
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
  return {
    test: (path) => matches(path) || (path.endsWith('/') && matches(path.slice(0, -1))),
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', '*'] as const;
const stringMap = z.record(z.string().min(1).max(200), z.string().max(2000));

/** What a rule matches: method, path glob, and optionally query values, headers, body fields, persona. */
const ruleMatch = {
  method: z.enum(METHODS).default('*'),
  path: z.string().min(1).max(500).startsWith('/', 'the path starts with /'),
  /** query parameters that must have these values */
  query: stringMap.optional(),
  /** request headers that must have these values (names case-insensitive) */
  headers: stringMap.optional(),
  /** top-level fields of the JSON request body that must have these values */
  bodyFields: z.record(z.string().min(1).max(200), z.unknown()).optional(),
  /** only calls made by this persona (its token) */
  persona: z.string().min(1).max(100).optional(),
  /** lower comes first (1 is the highest priority); equal priorities: the newest rule first */
  priority: z.number().int().min(1).max(100).default(5),
  /** only for the next N matching calls (default: always) */
  times: z.number().int().min(1).max(1_000_000).optional(),
  /** one status per matching call, then the rule is spent: `[503, 503, 200]` for a retry flow */
  sequence: z.array(z.number().int().min(100).max(599)).min(1).max(100).optional(),
};

const ruleAnswer = {
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
};

export const faultInput = z
  .object({
    ...ruleMatch,
    ...ruleAnswer,
    drop: z.boolean().optional(),
    /** the call is carried out (its change is made), then the connection closes unanswered: a lost answer */
    dropAnswer: z.boolean().optional(),
    malformed: z.boolean().optional(),
  })
  .strict()
  .refine(
    (r) =>
      r.status !== undefined ||
      r.delayMs !== undefined ||
      r.drop ||
      r.dropAnswer ||
      r.malformed ||
      r.sequence,
    {
      message: 'a fault needs a status, a delayMs, drop, dropAnswer, malformed or a sequence',
      path: ['status'],
    },
  )
  .refine((r) => !(r.sequence && r.times), { message: 'a sequence sets its own count', path: ['times'] });
/** What a client sends to add a fault rule. */
export type FaultInput = z.input<typeof faultInput>;

/** An HTTP header name (RFC 9110 token) and value (visible Latin-1, spaces and tabs; no line break). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Response headers a stub answers with: refused at creation when Node could not send them. */
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

/** A response override (a stub): a status (200 by default), response headers and a body. */
export const stubInput = z
  .object({
    ...ruleMatch,
    ...ruleAnswer,
    /** headers of the answer, such as x-pagination-total-count */
    responseHeaders: responseHeaders.optional(),
  })
  .strict()
  .refine((r) => !(r.sequence && r.times), { message: 'a sequence sets its own count', path: ['times'] });
export type StubInput = z.input<typeof stubInput>;

/** A stub or a fault, as the mock lists it: one ordered list decides which answers a call. */
export interface MockRule extends Omit<z.infer<typeof faultInput>, 'priority'> {
  id: number;
  kind: 'stub' | 'fault';
  priority: number;
  responseHeaders?: Record<string, string>;
  /** calls still to answer; null = always */
  remaining: number | null;
  hits: number;
  /** its place in the order in which rules are tried (1 = first) */
  order: number;
  /** an earlier rule that answers every call this one matches: this one never answers */
  hiddenBy?: number;
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
  /** with `journal capture headers`: the request headers, tokens and cookies masked */
  headers?: Record<string, string>;
  /** with `journal capture bodies`: the JSON request body (personal fields masked, at most 4 KB) */
  body?: unknown;
}

/** What the journal keeps besides the call's line (opt-in: off by default). */
export interface JournalCapture {
  headers: boolean;
  bodies: boolean;
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
  })
  .strict();
export type ProxyInput = z.input<typeof proxyInput>;
/** The proxy settings as the mock shows them (the token itself is never shown). */
export interface ProxySettings {
  target: string | null;
  paths: string[];
  unknown: boolean;
  record: boolean;
  hasToken: boolean;
  recorded: number;
}

/** A state partition as the control API lists it. */
export interface PartitionSummary {
  name: string;
  scenario: string;
  seed: number;
  /** stubs and faults in force */
  rules: number;
  lastUsed: string;
}

export interface ControlPersona {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  contractIds: number[];
  description: string;
}

export interface MintedToken {
  token: string;
  refreshToken: string;
  expiresAt: string;
}

export const LATENCY_PROFILES = {
  none: { minMs: 0, maxMs: 0 },
  fast: { minMs: 5, maxMs: 40 },
  slow: { minMs: 400, maxMs: 1500 },
  flaky: { minMs: 20, maxMs: 3000 },
} as const;
export type LatencyProfile = keyof typeof LATENCY_PROFILES;
