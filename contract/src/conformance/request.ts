/**
 * A call against its endpoint: path parameters, query and body. The query is read from the pairs
 * of the query string as sent, so that strict mode can hold the wire form: a list in the form the
 * contract declares (`name[]` repeated, or one comma-joined `name`), no parameter the contract does
 * not name, one value for a parameter that is not a list, every required one present.
 */
import type { z } from 'zod';
import { listFormOf, type EndpointDef, type ListForm } from '../endpoint.ts';
import { Problems } from './problems.ts';
import { schemaProblems } from './schema-walk.ts';

/** The pairs of a query string, in order (`new URLSearchParams(text)`). */
export type QueryPairs = Iterable<readonly [string, string]>;

export interface CallInput {
  params: Record<string, string>;
  /** the query string as sent: its text (with or without `?`) or its pairs */
  query: string | QueryPairs;
  body: unknown;
}

export interface CheckOptions {
  /**
   * also the wire form (a list in its declared form, one value for a parameter that is not a list)
   * and the fields of an answer the contract does not name; unknown query parameters and request
   * body fields are reported in either mode
   */
  strict: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The query parameters an endpoint declares, by name. */
export function queryShape(def: Pick<EndpointDef, 'query'>): Record<string, z.ZodType> {
  return (def.query as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
}

/** How a list parameter is written on the wire: `typeCodes[]=a&typeCodes[]=b`, `areas=1,2`. */
export function listExample(name: string, form: ListForm): string {
  return form === 'brackets' ? `${name}[]=a&${name}[]=b repeated` : `${name}=a,b comma-joined`;
}

function pairsOf(query: string | QueryPairs): [string, string][] {
  if (typeof query === 'string') return [...new URLSearchParams(query.replace(/^\?/, ''))];
  return [...query].map(([name, value]) => [name, value]);
}

/** The wire-form problems of a query, in strict mode; the values by parameter name (`[]` dropped). */
function readQuery(
  def: EndpointDef,
  pairs: readonly [string, string][],
  strict: boolean,
  problems: Problems,
): Record<string, string | string[]> {
  const shape = queryShape(def);
  const values: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const sentAs = new Map<string, Set<string>>();
  for (const [sent, value] of pairs) {
    const bracketed = sent.endsWith('[]');
    const name = bracketed ? sent.slice(0, -2) : sent;
    const existing = values[name];
    values[name] =
      existing === undefined ? (bracketed ? [value] : value) : [...([] as string[]).concat(existing), value];
    const forms = sentAs.get(name) ?? new Set<string>();
    forms.add(sent);
    sentAs.set(name, forms);
  }
  for (const [name, forms] of sentAs) {
    const field = shape[name];
    const written = [...forms].join(' and ');
    if (!field) {
      problems.add('request query', written, 'not in the contract');
      continue;
    }
    if (!strict) continue;
    const form = listFormOf(field);
    const value = values[name];
    const count = Array.isArray(value) ? value.length : 1;
    if (!form) {
      if (forms.has(`${name}[]`) || count > 1)
        problems.add('request query', written, `one value expected, got ${count}`);
    } else if (form === 'brackets') {
      if (forms.has(name)) {
        const joined = ([] as string[]).concat(value ?? []).some((v) => v.includes(','));
        problems.add(
          'request query',
          name,
          `sent ${joined ? 'comma-joined ' : ''}as ${name}=…; the contract declares ${listExample(name, form)}`,
        );
      }
    } else if (forms.has(`${name}[]`) || count > 1) {
      problems.add(
        'request query',
        forms.has(`${name}[]`) ? `${name}[]` : name,
        `sent ${forms.has(`${name}[]`) ? `as ${name}[]=…` : `${count} times`}; the contract declares ${listExample(name, form)}`,
      );
    }
  }
  return values;
}

/** The differences of a call from its endpoint. Upload bodies (multipart) are not read. */
export function requestProblems(
  def: EndpointDef,
  call: CallInput,
  options: CheckOptions,
  problems = new Problems(),
): Problems {
  schemaProblems(problems, 'request path', def.params, call.params, false);
  const query = readQuery(def, pairsOf(call.query), options.strict, problems);
  // unknown names were reported above from the wire form; the schema reads the declared ones
  schemaProblems(problems, 'request query', def.query, query, false);
  if (def.upload) return problems;
  if (def.body) schemaProblems(problems, 'request body', def.body, call.body, true);
  else if (call.body !== undefined && !(isObject(call.body) && Object.keys(call.body).length === 0))
    problems.add('request body', '', 'the contract takes no body here');
  return problems;
}
