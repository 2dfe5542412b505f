/**
 * JSONPath as RFC 9535 defines it, read by an engine that never evaluates code (jsonpath-rfc9535): a
 * filter is a comparison (`$.items[?@.status=="DONE"]`, parentheses allowed), never a script. What the
 * standard allows but costs more than linear time is refused too: a second descendant segment (`..`)
 * anywhere in the path, and the functions `match()` and `search()` (their regular expressions run on
 * a backtracking engine). Every entry point (stub and fault matchers, `journal verify`, the template
 * helper `jsonPath`) reads paths through this module.
 */
import { query, type JsonValue } from 'jsonpath-rfc9535';
import parse from 'jsonpath-rfc9535/parser';

const REGEX_FUNCTIONS = new Set(['match', 'search']);

/** What a parsed path holds that makes it refused: descendant segments and regular-expression functions. */
function walk(node: unknown, seen: { descendants: number; regexFunction?: string }): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, seen);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const { type, name } = node as { type?: unknown; name?: unknown };
  if (type === 'DescendantSegment') seen.descendants++;
  if (type === 'FunctionExpr' && typeof name === 'string' && REGEX_FUNCTIONS.has(name))
    seen.regexFunction ??= name;
  for (const value of Object.values(node)) walk(value, seen);
}

/** Whether the text looks like the script of a non-standard engine: a call or a statement in a filter. */
function looksLikeScript(path: string): boolean {
  return /\[\s*\(|@root|\bconstructor\b|\bfunction\b|=>|;|\b(call|apply|bind)\s*\(|`/.test(path);
}

const cache = new Map<string, string | null>();
const CACHE_LIMIT = 1000;

/**
 * Why a JSONPath is refused, or null: it is read as RFC 9535 (no script, no code: filters compare
 * values), holds at most one `..`, and no `match()` / `search()`.
 */
export function jsonPathProblem(path: string): string | null {
  const known = cache.get(path);
  if (known !== undefined) return known;
  const problem = readProblem(path);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(path, problem);
  return problem;
}

function readProblem(path: string): string | null {
  if (!path.startsWith('$')) return `${path.slice(0, 200)}: a JSONPath starts with $`;
  let ast: unknown;
  try {
    ast = parse(path);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]?.slice(0, 200) ?? 'invalid';
    if (looksLikeScript(path))
      return `${path.slice(0, 200)}: filter scripts are refused: the mock reads JSONPath as RFC 9535 and never runs code (compare values instead, such as $.items[?@.status=="DONE"])`;
    return `${path.slice(0, 200)}: not an RFC 9535 JSONPath: ${reason}`;
  }
  const seen: { descendants: number; regexFunction?: string } = { descendants: 0 };
  walk(ast, seen);
  if (seen.descendants > 1)
    return `${path.slice(0, 200)}: at most one descendant segment (..) per JSONPath: each one more multiplies the work by the size of the body`;
  if (seen.regexFunction)
    return `${path.slice(0, 200)}: ${seen.regexFunction}() is refused: its regular expression is not bounded in time (use a rule's "matches" on a query or header, or compare values)`;
  return null;
}

/** The values a checked JSONPath selects in a value; throws when the path is refused. */
export function selectAll(json: unknown, path: string): unknown[] {
  const problem = jsonPathProblem(path);
  if (problem) throw new Error(problem);
  return query(json as JsonValue, path);
}
