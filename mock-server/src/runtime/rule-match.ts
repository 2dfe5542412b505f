/**
 * Whether a call matches a rule's conditions, part by part: the stubs and faults decide with it,
 * and `journal verify` names with it the parts in which the calls that came closest differ.
 */
import { JSONPath } from 'jsonpath-plus';
import {
  compileGlob,
  REGEX_INPUT_LIMIT,
  type FaultInput,
  type PathGlob,
  type ValueMatcher,
} from '../../control-api/schemas.ts';

/** What a call looks like to the rules. */
export interface RuleCall {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  persona?: string | null;
}

/** The conditions of a rule (or of a `journal verify`), as given. */
export type RuleConditions = Pick<
  FaultInput,
  | 'method'
  | 'path'
  | 'pathMatches'
  | 'pathContains'
  | 'query'
  | 'headers'
  | 'bodyFields'
  | 'bodyJsonPath'
  | 'bodyAbsent'
  | 'bodyPartial'
  | 'persona'
>;

/** The conditions made ready to test: the glob and the patterns compiled once. */
export interface CompiledConditions {
  conditions: RuleConditions;
  glob: PathGlob;
  pathRegex?: RegExp;
  /** compiled `matches` patterns, by their source */
  patterns: Map<string, RegExp>;
}

export function compileConditions(conditions: RuleConditions): CompiledConditions {
  const patterns = new Map<string, RegExp>();
  for (const map of [conditions.query, conditions.headers])
    for (const matcher of Object.values(map ?? {}))
      if (typeof matcher === 'object' && matcher.matches)
        patterns.set(matcher.matches, new RegExp(matcher.matches));
  return {
    conditions,
    glob: compileGlob(conditions.path),
    ...(conditions.pathMatches ? { pathRegex: new RegExp(conditions.pathMatches) } : {}),
    patterns,
  };
}

/** Why the brackets, parentheses and quotes of a path do not pair up, or null. */
function unbalanced(path: string): string | null {
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[' };
  let quote: string | null = null;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] as string;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') open.push(ch);
    else if (ch === ')' || ch === ']') {
      if (open.pop() !== pairs[ch]) return `unexpected ${ch} at ${i + 1}`;
    }
  }
  if (quote) return `unclosed ${quote}`;
  return open.length ? `unclosed ${open[open.length - 1]}` : null;
}

/** A JSONPath that jsonpath-plus cannot read, or null (filters are read when they run: pairs checked here). */
export function jsonPathProblem(path: string): string | null {
  if (!path.startsWith('$')) return `${path}: a JSONPath starts with $`;
  const problem = unbalanced(path);
  if (problem) return `${path}: ${problem}`;
  try {
    JSONPath({ path, json: {}, wrap: true, eval: 'safe' });
    return null;
  } catch (error) {
    return `${path}: ${(error as Error).message}`;
  }
}

function selects(path: string, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  try {
    const found = JSONPath({ path, json: body, wrap: true, eval: 'safe' }) as unknown[];
    return found.length > 0;
  } catch {
    return false;
  }
}

/** Whether `actual` holds `expected`: objects may have more fields, arrays more items (any order). */
function partialEqual(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && expected.every((item) => actual.some((a) => partialEqual(item, a)));
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) =>
      partialEqual(value, (actual as Record<string, unknown>)[key]),
    );
  }
  return expected === actual || (expected !== undefined && String(expected) === String(actual ?? ''));
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

function valueMatches(
  matcher: ValueMatcher,
  value: string | undefined,
  patterns: Map<string, RegExp>,
): boolean {
  if (typeof matcher === 'string') return value === matcher;
  if (matcher.absent) return value === undefined;
  if (value === undefined) return false;
  if (matcher.equalTo !== undefined) return value === matcher.equalTo;
  if (matcher.contains !== undefined) return value.includes(matcher.contains);
  const regex = matcher.matches ? patterns.get(matcher.matches) : undefined;
  return regex ? regex.test(value.slice(0, REGEX_INPUT_LIMIT)) : false;
}

function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return String(expected) === String(actual);
  return JSON.stringify(expected) === JSON.stringify(actual);
}

function header(headers: RuleCall['headers'], name: string): string | undefined {
  return text(headers?.[name.toLowerCase()]);
}

/**
 * The parts of the call that do not match (empty: it matches): method, path, query.NAME,
 * header.NAME, body, persona. Stops at the first with `firstOnly` (the rules' hot path).
 */
export function differences(rule: CompiledConditions, call: RuleCall, firstOnly = false): string[] {
  const out: string[] = [];
  const c = rule.conditions;
  const miss = (part: string) => {
    out.push(part);
    return firstOnly;
  };
  const method = c.method ?? '*';
  if (method !== '*' && method !== call.method.toUpperCase() && miss('method')) return out;
  const path = call.path.split('?')[0] ?? call.path;
  if (
    (!rule.glob.test(path) ||
      (rule.pathRegex && !rule.pathRegex.test(path.slice(0, REGEX_INPUT_LIMIT))) ||
      (c.pathContains !== undefined && !path.includes(c.pathContains))) &&
    miss('path')
  )
    return out;
  if (c.persona && c.persona !== call.persona && miss('persona')) return out;
  for (const [key, matcher] of Object.entries(c.query ?? {}))
    if (!valueMatches(matcher, text(call.query?.[key]), rule.patterns) && miss(`query.${key}`)) return out;
  for (const [key, matcher] of Object.entries(c.headers ?? {}))
    if (!valueMatches(matcher, header(call.headers, key), rule.patterns) && miss(`header.${key}`)) return out;
  const body = call.body;
  const isObject = typeof body === 'object' && body !== null;
  const bodyOk =
    (!c.bodyFields ||
      (isObject &&
        Object.entries(c.bodyFields).every(([key, value]) =>
          sameValue(value, (body as Record<string, unknown>)[key]),
        ))) &&
    (c.bodyJsonPath ?? []).every((p) => selects(p, body)) &&
    (c.bodyAbsent ?? []).every((p) => !selects(p, body)) &&
    (c.bodyPartial === undefined || partialEqual(c.bodyPartial, body));
  if (!bodyOk) miss('body');
  return out;
}

/** Whether a rule has conditions besides its method and path (it may then leave some calls alone). */
export function hasConditions(c: RuleConditions & { scenario?: string }): boolean {
  return !!(
    c.query ||
    c.headers ||
    c.bodyFields ||
    c.bodyJsonPath ||
    c.bodyAbsent ||
    c.bodyPartial !== undefined ||
    c.persona ||
    c.pathMatches ||
    c.pathContains ||
    c.scenario
  );
}
