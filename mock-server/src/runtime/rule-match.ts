/**
 * Whether a call matches a rule's conditions, part by part: the stubs and faults decide with it,
 * and `journal verify` names with it the parts in which the calls that came closest differ.
 */
import {
  compileGlob,
  REGEX_INPUT_LIMIT,
  type FaultInput,
  type PathGlob,
  type ValueMatcher,
} from '../../control-api/schemas.ts';
import { RE2JS } from 're2js';
import { ApiFailure } from '../store/errors.ts';
import { jsonPathProblem, selectAll } from './json-path.ts';

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
  pathRegex?: LinearPattern;
  /** compiled `matches` patterns, by their source */
  patterns: Map<string, LinearPattern>;
}

/**
 * A pattern run by RE2 (re2js): matching takes time linear in the text, whatever the pattern
 * (`^\d*\d*\d*\d*!` included), and is tried on REGEX_INPUT_LIMIT characters at most.
 */
interface LinearPattern {
  test(text: string): boolean;
}

function linearPattern(source: string): LinearPattern {
  const regex = RE2JS.compile(source);
  return { test: (text) => regex.matcher(text.slice(0, REGEX_INPUT_LIMIT)).find() };
}

/** Why a pattern cannot run in linear time (a look-around, a back-reference), or null. */
function patternProblem(source: string): string | null {
  try {
    linearPattern(source);
    return null;
  } catch (error) {
    return `${source.slice(0, 200)}: not supported by the linear-time engine (RE2: no look-around, no back-reference): ${(error as Error).message.slice(0, 200)}`;
  }
}

/** The JSONPaths and patterns of conditions, checked: the first refused one with its field, or null. */
export function conditionsProblem(conditions: RuleConditions): { path: string; message: string } | null {
  for (const field of ['bodyJsonPath', 'bodyAbsent'] as const)
    for (const [index, path] of (conditions[field] ?? []).entries()) {
      const problem = jsonPathProblem(path);
      if (problem) return { path: `${field}.${index}`, message: problem };
    }
  if (conditions.pathMatches) {
    const problem = patternProblem(conditions.pathMatches);
    if (problem) return { path: 'pathMatches', message: problem };
  }
  for (const part of ['query', 'headers'] as const)
    for (const [name, matcher] of Object.entries(conditions[part] ?? {}))
      if (typeof matcher === 'object' && matcher.matches) {
        const problem = patternProblem(matcher.matches);
        if (problem) return { path: `${part}.${name}.matches`, message: problem };
      }
  return null;
}

/** The conditions made ready to test; a refused JSONPath or pattern is a 400 naming its field. */
export function compileConditions(conditions: RuleConditions): CompiledConditions {
  const problem = conditionsProblem(conditions);
  if (problem)
    throw new ApiFailure(400, `Invalid request body: ${problem.path}: ${problem.message}`, [problem]);
  const patterns = new Map<string, LinearPattern>();
  for (const map of [conditions.query, conditions.headers])
    for (const matcher of Object.values(map ?? {}))
      if (typeof matcher === 'object' && matcher.matches)
        patterns.set(matcher.matches, linearPattern(matcher.matches));
  return {
    conditions,
    glob: compileGlob(conditions.path),
    ...(conditions.pathMatches ? { pathRegex: linearPattern(conditions.pathMatches) } : {}),
    patterns,
  };
}

/**
 * Whether a checked JSONPath selects something in the body; null when it cannot tell (the body is
 * not an object, or the engine failed on it): a matcher then never matches, a `bodyAbsent` included.
 */
function selects(path: string, body: unknown): boolean | null {
  if (typeof body !== 'object' || body === null) return false;
  try {
    return selectAll(body, path).length > 0;
  } catch {
    return null;
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
  patterns: Map<string, LinearPattern>,
): boolean {
  if (typeof matcher === 'string') return value === matcher;
  if (matcher.absent) return value === undefined;
  if (value === undefined) return false;
  if (matcher.equalTo !== undefined) return value === matcher.equalTo;
  if (matcher.contains !== undefined) return value.includes(matcher.contains);
  const regex = matcher.matches ? patterns.get(matcher.matches) : undefined;
  return regex ? regex.test(value) : false;
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
      (rule.pathRegex && !rule.pathRegex.test(path)) ||
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
    (c.bodyJsonPath ?? []).every((p) => selects(p, body) === true) &&
    (c.bodyAbsent ?? []).every((p) => selects(p, body) === false) &&
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
