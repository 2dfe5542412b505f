/**
 * Live validation (what Prism's validating proxy does): a call and its answer checked against the
 * endpoint table's zod schemas, whoever answered (the mock's routes, a stub, the proxied backend).
 * The request: path parameters, query and body, fields the contract does not name included; the
 * answer: its JSON body against the endpoint's response schema (2xx answers with a body).
 */
import { endpointList } from '@portal/contract/endpoints';
import type { EndpointDef } from '@portal/contract';
import type { z } from 'zod';
import { compileRoutes, matchRoute } from './dispatch.ts';
import { compareRoutes, fullPath } from './register.ts';

/** The differences listed per call at most (the rest counted). */
const PROBLEMS_SHOWN = 5;

let table: ReturnType<typeof compileRoutes<EndpointDef>> | undefined;

/** The endpoint a method and path reach, with the path parameters; null when none does. */
export function endpointOf(
  method: string,
  path: string,
): { def: EndpointDef; params: Record<string, string> } | null {
  table ??= compileRoutes(
    [...endpointList]
      .sort(compareRoutes)
      .map((def) => ({ method: def.method, path: fullPath(def), value: def })),
  );
  try {
    const found = matchRoute(table, method, path);
    return found ? { def: found.value, params: found.params } : null;
  } catch {
    return null;
  }
}

/** What the walk reads of a zod schema's definition (zod 4 keeps it in `_zod.def`). */
interface SchemaDef {
  type: string;
  innerType?: Walkable;
  in?: Walkable;
  out?: Walkable;
  shape?: Record<string, Walkable>;
  catchall?: Walkable;
  element?: Walkable;
  options?: Walkable[];
  valueType?: Walkable;
}
interface Walkable {
  _zod: { def: SchemaDef };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under the wrappers (optional, default, a transform's pipe...). */
function unwrapped(schema: Walkable): Walkable {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = current._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out)
      current = def.in._zod.def.type === 'transform' ? def.out : def.in;
    else break;
  }
  return current;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of a value that its schema does not name, at any depth: `items.0.colour`. */
function unknownFields(schema: z.ZodType, value: unknown, at: string[] = []): string[] {
  const def = unwrapped(schema as unknown as Walkable)._zod.def;
  if (def.type === 'object' && def.shape && isObject(value)) {
    const open = def.catchall && def.catchall._zod.def.type !== 'never';
    return Object.entries(value).flatMap(([key, field]) => {
      const known = def.shape?.[key];
      if (known) return unknownFields(known as unknown as z.ZodType, field, [...at, key]);
      return open ? [] : [[...at, key].join('.')];
    });
  }
  if (def.type === 'array' && def.element && Array.isArray(value))
    return value.flatMap((item, index) =>
      unknownFields(def.element as unknown as z.ZodType, item, [...at, String(index)]),
    );
  if (def.type === 'record' && def.valueType && isObject(value))
    return Object.entries(value).flatMap(([key, field]) =>
      unknownFields(def.valueType as unknown as z.ZodType, field, [...at, key]),
    );
  if (def.type === 'union' && def.options) {
    // the option that fits best: the fewest unknown fields
    const each = def.options.map((option) => unknownFields(option as unknown as z.ZodType, value, at));
    return each.reduce((best, found) => (found.length < best.length ? found : best), each[0] ?? []);
  }
  return [];
}

/** A value's differences from a schema: its type errors, then the fields the schema does not name. */
function differences(where: string, schema: z.ZodType, value: unknown, strict: boolean): string[] {
  const problems: string[] = [];
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push(`${where} ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  if (strict)
    for (const field of unknownFields(schema, value)) problems.push(`${where} ${field}: not in the contract`);
  return problems;
}

/** The differences of a call from its endpoint: path parameters, query, body (upload bodies aside). */
export function requestProblems(
  def: EndpointDef,
  call: { params: Record<string, string>; query: unknown; body: unknown },
): string[] {
  const problems = [
    ...differences('request path', def.params, call.params, false),
    ...differences('request query', def.query, call.query ?? {}, true),
  ];
  if (def.upload) return problems;
  if (def.body) problems.push(...differences('request body', def.body, call.body, true));
  else if (call.body !== undefined && !(isObject(call.body) && Object.keys(call.body).length === 0))
    problems.push('request body: the contract takes no body here');
  return problems;
}

/** The differences of an answer from its endpoint's response schema (2xx answers with a JSON body). */
export function answerProblems(def: EndpointDef, status: number, type: string, bytes: Buffer): string[] {
  if (status < 200 || status >= 300 || status === 204 || def.binary || bytes.length === 0) return [];
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return [
      /json/i.test(type)
        ? 'answer: the body is not valid JSON'
        : `answer: ${type || 'a body'} that is not JSON, the contract answers JSON`,
    ];
  }
  return differences('answer', def.response, body, false);
}

/** At most PROBLEMS_SHOWN differences, and how many more there were. */
export function shown(problems: readonly string[]): string[] {
  if (problems.length <= PROBLEMS_SHOWN) return [...problems];
  return [...problems.slice(0, PROBLEMS_SHOWN), `(and ${problems.length - PROBLEMS_SHOWN} more)`];
}
