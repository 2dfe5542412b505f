/**
 * A value against a zod schema: its type errors, and in strict mode the fields the schema does
 * not name, at any depth (what Prism's validation reports as additional properties).
 */
import type { z } from 'zod';
import { formatPath, type ProblemPart, type Problems } from './problems.ts';

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

/**
 * Calls `found` with each path of the value that its schema does not name (`[0].colour`). The walk
 * follows the schema, so its depth is the schema's; `stop` ends it early (enough found).
 */
function unknownFields(
  schema: Walkable,
  value: unknown,
  at: PropertyKey[],
  found: (path: PropertyKey[]) => void,
  stop: () => boolean,
): void {
  if (stop()) return;
  const def = unwrapped(schema)._zod.def;
  if (def.type === 'object' && def.shape && isObject(value)) {
    const open = def.catchall && def.catchall._zod.def.type !== 'never';
    for (const [key, field] of Object.entries(value)) {
      const known = def.shape[key];
      if (known) unknownFields(known, field, [...at, key], found, stop);
      else if (!open) found([...at, key]);
      if (stop()) return;
    }
  } else if (def.type === 'array' && def.element && Array.isArray(value)) {
    for (let index = 0; index < value.length && !stop(); index++)
      unknownFields(def.element, value[index], [...at, index], found, stop);
  } else if (def.type === 'record' && def.valueType && isObject(value)) {
    for (const [key, field] of Object.entries(value)) {
      unknownFields(def.valueType, field, [...at, key], found, stop);
      if (stop()) return;
    }
  } else if (def.type === 'union' && def.options) {
    // the option that fits best: the fewest unknown fields
    let best: PropertyKey[][] | null = null;
    for (const option of def.options) {
      const paths: PropertyKey[][] = [];
      unknownFields(
        option,
        value,
        at,
        (path) => paths.push(path),
        () => paths.length > 50,
      );
      if (!best || paths.length < best.length) best = paths;
      if (best.length === 0) break;
    }
    for (const path of best ?? []) found(path);
  }
}

/** Adds a value's differences from a schema to `problems`: type errors, then (strict) unknown fields. */
export function schemaProblems(
  problems: Problems,
  part: ProblemPart,
  schema: z.ZodType,
  value: unknown,
  strict: boolean,
): void {
  const def = unwrapped(schema as unknown as Walkable)._zod.def;
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    // a list item by item, stopping once enough is found: a huge wrong answer costs no more than a few items
    const element = def.element as unknown as z.ZodType;
    for (let index = 0; index < value.length; index++) {
      if (problems.full) {
        problems.unchecked = `${part} items ${index} to ${value.length - 1}`;
        return;
      }
      itemProblems(problems, part, element, value[index], [index], strict);
    }
    return;
  }
  itemProblems(problems, part, schema, value, [], strict);
}

function itemProblems(
  problems: Problems,
  part: ProblemPart,
  schema: z.ZodType,
  value: unknown,
  at: PropertyKey[],
  strict: boolean,
): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      if (problems.full) break;
      problems.add(part, formatPath([...at, ...issue.path]), issue.message);
    }
  if (!strict) return;
  unknownFields(
    schema as unknown as Walkable,
    value,
    at,
    (path) => problems.add(part, formatPath(path), 'not in the contract'),
    () => problems.full,
  );
}
