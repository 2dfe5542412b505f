/**
 * Response templates: a stub's body strings and header values may use Handlebars over the request
 * (`{{request.path}}`, `{{request.pathSegments.[2]}}`, `{{request.query.q}}`,
 * `{{request.headers.x-trace}}`, `{{jsonPath request.body '$.field'}}`), the time (`{{now}}`,
 * `{{now offset='+3 days' format='yyyy-MM-dd'}}`), random values (`{{randomInt lower=1 upper=9}}`,
 * `{{uuid}}`), Faker's French values (`{{faker 'person.lastName'}}`) and typed values: a string that is
 * only `{{toNumber …}}`, `{{toBoolean …}}` or `{{toJson …}}` becomes that number, boolean or JSON
 * value (`"id": "{{toNumber request.pathSegments.[2]}}"` gives `"id": 42`). Only strings holding `{{`
 * are templates; they are compiled when the stub is added (a template that does not compile is
 * refused there) and rendered for each answer.
 */
import { randomInt, randomUUID } from 'node:crypto';
import Handlebars from 'handlebars';
import type { Faker } from '@faker-js/faker';
import { jsonPathProblem, selectAll } from './json-path.ts';

/** What a template sees of the call. */
export interface TemplateRequest {
  method: string;
  path: string;
  pathSegments: string[];
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

type HelperOptions = { hash?: Record<string, unknown> };

const hb = Handlebars.create();
let faker: Faker | null = null;

/** Loads Faker (French locale) once, when a template first asks for it: it is heavy. */
async function loadFaker(): Promise<void> {
  faker ??= (await import('@faker-js/faker')).fakerFR;
}

const UNITS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** `+3 days`, `-1 hours`, `10 minutes`: milliseconds. */
function offsetMs(offset: string): number {
  const match = /^\s*([+-]?\d+)\s*(second|minute|hour|day)s?\s*$/i.exec(offset);
  if (!match)
    throw new Error(`now: offset "${offset}" is not like "+3 days" (seconds, minutes, hours, days)`);
  return Number(match[1]) * (UNITS[(match[2] as string).toLowerCase()] as number);
}

/** `iso` (default), `epoch`, or a pattern of yyyy, MM, dd, HH, mm, ss (UTC). */
function formatDate(date: Date, format: string): string {
  if (format === 'iso') return date.toISOString();
  if (format === 'epoch') return String(date.getTime());
  const pad = (n: number) => String(n).padStart(2, '0');
  return format
    .replace(/yyyy/g, String(date.getUTCFullYear()))
    .replace(/MM/g, pad(date.getUTCMonth() + 1))
    .replace(/dd/g, pad(date.getUTCDate()))
    .replace(/HH/g, pad(date.getUTCHours()))
    .replace(/mm/g, pad(date.getUTCMinutes()))
    .replace(/ss/g, pad(date.getUTCSeconds()));
}

hb.registerHelper('now', (options: HelperOptions) => {
  spend();
  const hash = options.hash ?? {};
  const at = new Date(Date.now() + (hash.offset ? offsetMs(String(hash.offset)) : 0));
  return formatDate(at, String(hash.format ?? 'iso'));
});
hb.registerHelper('randomInt', (options: HelperOptions) => {
  spend();
  const lower = Number(options.hash?.lower ?? 0);
  const upper = Number(options.hash?.upper ?? 1000);
  if (!Number.isSafeInteger(lower) || !Number.isSafeInteger(upper) || upper < lower)
    throw new Error('randomInt: lower and upper are integers, lower <= upper');
  return randomInt(lower, upper + 1);
});
hb.registerHelper('uuid', () => {
  spend();
  return randomUUID();
});
hb.registerHelper('jsonPath', (json: unknown, path: unknown) => {
  spend();
  if (typeof path !== 'string')
    throw new Error("jsonPath: give a path, such as {{jsonPath request.body '$.id'}}");
  if (typeof json !== 'object' || json === null) return '';
  // checked on every call: the path may come from the request itself
  const found = selectAll(json, path);
  const first = found[0];
  return first === undefined ? '' : typeof first === 'object' ? JSON.stringify(first) : first;
});
hb.registerHelper('faker', (name: unknown) => {
  spend();
  if (!faker) throw new Error('faker is not loaded');
  if (typeof name !== 'string' || !/^[a-z]+\.[a-zA-Z]+$/.test(name))
    throw new Error(`faker: give a module.method such as 'person.lastName', got ${String(name)}`);
  const [module, method] = name.split('.') as [string, string];
  const fn = (faker as unknown as Record<string, Record<string, unknown>>)[module]?.[method];
  if (typeof fn !== 'function') throw new Error(`faker: no ${name}`);
  return String((fn as () => unknown).call((faker as unknown as Record<string, unknown>)[module]));
});

hb.registerHelper('toNumber', (value: unknown) => {
  spend();
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  if (value === '' || value === null || value === undefined || !Number.isFinite(number))
    throw new Error(`toNumber: "${String(value)}" is not a number`);
  return String(number);
});
hb.registerHelper('toBoolean', (value: unknown) => {
  spend();
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  if (text !== 'true' && text !== 'false')
    throw new Error(`toBoolean: "${String(value)}" is not true or false`);
  return text;
});
hb.registerHelper('toJson', (value: unknown) => {
  spend();
  return JSON.stringify(value ?? null);
});

/** The helpers whose value replaces the whole string when the string is that one template alone. */
const TYPED_HELPERS = new Set(['toNumber', 'toBoolean', 'toJson']);
const typedTexts = new Map<string, boolean>();

/**
 * Whether a string is one `{{toNumber …}}`, `{{toBoolean …}}` or `{{toJson …}}` and nothing else:
 * its rendered text is then parsed as JSON, so a body field can be a number, a boolean or an object.
 */
function isTyped(text: string): boolean {
  let typed = typedTexts.get(text);
  if (typed === undefined) {
    typed = false;
    if (/^\{\{\s*to(Number|Boolean|Json)\b/.test(text)) {
      const body = (hb.parse(text) as unknown as { body: HbNode[] }).body;
      const only = body.length === 1 ? body[0] : undefined;
      typed =
        only?.type === 'MustacheStatement' &&
        typeof only.path?.original === 'string' &&
        TYPED_HELPERS.has(only.path.original);
    }
    if (typedTexts.size >= COMPILED_LIMIT) typedTexts.clear();
    typedTexts.set(text, typed);
  }
  return typed;
}

/** Whether a value (a body, headers) holds any template. */
export function hasTemplates(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes('{{');
}

function strings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, visit);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) strings(item, visit);
}

type Template = ReturnType<typeof hb.compile>;
const compiled = new Map<string, Template>();
const COMPILED_LIMIT = 5000;

/** A template compiled once; `escaped`: what it inserts is HTML-escaped (an answer in HTML or XML). */
function compile(text: string, escaped: boolean): Template {
  const key = `${escaped ? 'e' : 'r'}${text}`;
  let template = compiled.get(key);
  if (!template) {
    if (compiled.size >= COMPILED_LIMIT) compiled.clear();
    template = hb.compile(text, { noEscape: !escaped, strict: false, knownHelpersOnly: false });
    // Handlebars compiles lazily: a first render finds the syntax errors
    compiled.set(key, template);
  }
  return template;
}

/** How long one answer's templates may render, and how much text they may make. */
const RENDER_BUDGET = { ms: 50, chars: 1_000_000 };

/** The budget of the render under way: every block and helper checks it. */
let budget: { deadline: number; chars: number } | null = null;

function spend(chars = 0): void {
  if (!budget) return;
  budget.chars += chars;
  if (budget.chars > RENDER_BUDGET.chars)
    throw new Error(`the render makes more than ${RENDER_BUDGET.chars} characters: stopped`);
  if (performance.now() > budget.deadline)
    throw new Error(`the render takes longer than ${RENDER_BUDGET.ms} ms: stopped`);
}

type BlockOptions = { fn?: (context: unknown, options?: unknown) => string; [key: string]: unknown };

// the block helpers (each, with, if, unless, and the sections of a value) check the budget at every
// block they render, so a nested `each` over a large body stops at the budget instead of running on
for (const name of ['each', 'with', 'if', 'unless', 'blockHelperMissing']) {
  const original = hb.helpers[name] as (this: unknown, ...args: unknown[]) => unknown;
  hb.registerHelper(name, function (this: unknown, ...args: unknown[]) {
    spend();
    const options = args[args.length - 1] as BlockOptions;
    const fn = options.fn;
    const counted: BlockOptions = fn
      ? {
          ...options,
          fn: (context: unknown, more?: unknown) => {
            spend();
            const out = fn(context, more);
            spend(out.length);
            return out;
          },
        }
      : options;
    return original.apply(this, [...args.slice(0, -1), counted]);
  });
}

type HbNode = { type?: string; path?: { original?: unknown }; params?: HbNode[]; value?: unknown };

/** The JSONPaths a template gives the `jsonPath` helper as literal text, checked when it is added. */
function literalJsonPaths(node: unknown, found: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) literalJsonPaths(item, found);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const n = node as HbNode;
  if (
    (n.type === 'MustacheStatement' || n.type === 'SubExpression' || n.type === 'BlockStatement') &&
    n.path?.original === 'jsonPath'
  ) {
    const path = n.params?.[1];
    if (path?.type === 'StringLiteral' && typeof path.value === 'string') found.push(path.value);
  }
  for (const value of Object.values(node)) literalJsonPaths(value, found);
}

/** Partials and decorators (`{{> name}}`, `{{#*inline}}`): refused, they can make a render exponential. */
function refusedStatement(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = refusedStatement(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const type = (node as HbNode).type ?? '';
  if (/^Partial/.test(type)) return 'partials ({{> name}}) are not supported in stub templates';
  if (/^Decorator/.test(type)) return 'inline partials and decorators ({{#*inline}}) are not supported';
  for (const value of Object.values(node)) {
    const found = refusedStatement(value);
    if (found) return found;
  }
  return null;
}

/** Why the templates of a value do not compile, or null; loads Faker when one asks for it. */
export async function templateProblem(value: unknown): Promise<string | null> {
  let problem: string | null = null;
  let usesFaker = false;
  strings(value, (text) => {
    if (problem || !text.includes('{{')) return;
    try {
      hb.precompile(text);
      usesFaker ||= /\{\{\s*faker\b/.test(text);
      const ast = hb.parse(text);
      const refused = refusedStatement(ast);
      if (refused) {
        problem = `template "${text.slice(0, 80)}": ${refused}`;
        return;
      }
      const paths: string[] = [];
      literalJsonPaths(ast, paths);
      for (const path of paths) {
        const refused = jsonPathProblem(path);
        if (refused) {
          problem = `template "${text.slice(0, 80)}": jsonPath: ${refused}`;
          return;
        }
      }
    } catch (error) {
      problem = `template "${text.slice(0, 80)}": ${(error as Error).message.split('\n')[0]}`;
    }
  });
  if (usesFaker) await loadFaker();
  return problem;
}

function renderValue<T>(value: T, request: TemplateRequest, escaped: boolean): T {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    if (isTyped(value)) {
      const out = compile(value, false)({ request });
      spend(out.length);
      return JSON.parse(out) as T;
    }
    const out = compile(value, escaped)({ request });
    spend(out.length);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item) => renderValue(item, request, escaped)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, renderValue(v, request, escaped)]),
    ) as T;
  return value;
}

/**
 * The value with every template string rendered over the request, within RENDER_BUDGET (throws on a
 * helper's error or past the budget). `escaped`: what the templates insert is HTML-escaped, for an
 * answer in HTML or XML.
 */
export function render<T>(value: T, request: TemplateRequest, escaped = false): T {
  const outer = budget;
  budget ??= { deadline: performance.now() + RENDER_BUDGET.ms, chars: 0 };
  try {
    return renderValue(value, request, escaped);
  } finally {
    budget = outer;
  }
}
