/**
 * Stubs and faults: ONE ordered list of rules per partition, tried in order (priority, then the
 * newest first). Every matching delay-only rule adds its delay (it never hides another rule); the
 * first matching rule that answers (a status, a body, a dropped connection, broken JSON) decides.
 * A rule that an earlier, always-answering rule covers never answers: it is reported as hidden.
 */
import { z } from 'zod';
import {
  compileGlob,
  endpointList,
  faultInput,
  LATENCY_PROFILES,
  stubInput,
  type AddedRule,
  type MockRule,
  type PathGlob,
} from '@portal/contract';

export { compileGlob, faultInput, LATENCY_PROFILES, stubInput };
export type FaultInput = z.infer<typeof faultInput>;
export type StubInput = z.infer<typeof stubInput>;
export type { MockRule };

/** What a call looks like to the rules. */
export interface RuleCall {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  persona?: string | null;
}

/** What the rules decided for a call: wait this long, then answer with this rule (or go on). */
export interface RuleDecision {
  delayMs: number;
  /** the rules that applied, in order: the journal names them */
  applied: { id: number; kind: MockRule['kind'] }[];
  /** the answering rule, with the status of this call (a sequence's step) */
  answer?: MockRule & { status?: number };
}

interface StoredRule extends Omit<MockRule, 'order' | 'hiddenBy'> {
  regex: PathGlob;
  /** position of the next sequence step */
  step: number;
}

/** A sample path for a glob: `*` becomes one segment, `**` two. */
function sampleOf(glob: string): string {
  return glob.replace(/\*\*/g, 'x/x').replace(/\*/g, 'x');
}

/** The paths the mock answers, one sample each (parameters filled), from the contract's table. */
const knownPaths: string[] = [
  ...endpointList.map(
    (def) => (def.base === 'documents' ? '/documents' : '') + def.path.replace(/:[A-Za-z]+/g, '1'),
  ),
  '/saml/login',
  '/saml/logout',
  '/tiles/1/1/1.png',
  '/assets/logos/x',
  '/documents/view/x',
  '/stand-in/powerbi/x',
  '/stand-in/thingsboard/x',
];

/** Whether a path glob matches at least one path of the contract (or of the mock's pages). */
function matchesSomeEndpoint(glob: string): boolean {
  const regex = compileGlob(glob);
  const sample = sampleOf(glob);
  return knownPaths.some(
    (known) => regex.test(known) || compileGlob(known.replace(/\/1(?=\/|$)/g, '/*')).test(sample),
  );
}

/** Whether a rule answers (rather than only delaying the call). */
function answers(
  rule: Pick<MockRule, 'kind' | 'status' | 'body' | 'drop' | 'dropAnswer' | 'malformed' | 'sequence'>,
): boolean {
  return (
    rule.kind === 'stub' ||
    rule.status !== undefined ||
    rule.body !== undefined ||
    !!rule.drop ||
    !!rule.dropAnswer ||
    !!rule.malformed ||
    !!rule.sequence
  );
}

const hasConditions = (rule: MockRule | StoredRule): boolean =>
  !!(rule.query || rule.headers || rule.bodyFields || rule.persona);

function header(headers: RuleCall['headers'], name: string): string | undefined {
  const value = headers?.[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return String(expected) === String(actual);
  return JSON.stringify(expected) === JSON.stringify(actual);
}

function matches(rule: StoredRule, call: RuleCall): boolean {
  if (rule.method !== '*' && rule.method !== call.method) return false;
  if (!rule.regex.test(call.path)) return false;
  if (rule.persona && rule.persona !== call.persona) return false;
  for (const [key, value] of Object.entries(rule.query ?? {}))
    if (!sameValue(value, call.query?.[key])) return false;
  for (const [key, value] of Object.entries(rule.headers ?? {}))
    if (header(call.headers, key) !== value) return false;
  if (rule.bodyFields) {
    const body = call.body;
    if (typeof body !== 'object' || body === null) return false;
    for (const [key, value] of Object.entries(rule.bodyFields))
      if (!sameValue(value, (body as Record<string, unknown>)[key])) return false;
  }
  return true;
}

export class MockRules {
  private rules: StoredRule[] = [];
  private nextId = 1;

  /** Adds a rule; the answer says where it stands and what may be wrong with it. */
  add(kind: MockRule['kind'], input: FaultInput | StubInput): AddedRule {
    const stored: StoredRule = {
      ...input,
      kind,
      id: this.nextId++,
      remaining: input.sequence ? input.sequence.length : (input.times ?? null),
      hits: 0,
      regex: compileGlob(input.path),
      step: 0,
    };
    if (kind === 'stub' && stored.status === undefined && !stored.sequence) stored.status = 200;
    this.rules.push(stored);
    const listed = this.list().find((r) => r.id === stored.id) as MockRule;
    const warnings: string[] = [];
    if (!matchesSomeEndpoint(input.path))
      warnings.push(`${input.path} matches no endpoint of the contract (a typo?): the portal never calls it`);
    if (listed.hiddenBy !== undefined)
      warnings.push(
        `rule ${listed.hiddenBy} comes first and answers every call this one matches: give this one a lower --priority number, or remove rule ${listed.hiddenBy}`,
      );
    for (const other of this.list())
      if (other.hiddenBy === stored.id)
        warnings.push(`this rule now hides rule ${other.id} (${other.method} ${other.path})`);
    return { ...listed, warnings };
  }

  /** The rules in the order they are tried, each with its place and what hides it. */
  list(kind?: MockRule['kind']): MockRule[] {
    const ordered = [...this.rules].sort((a, b) => a.priority - b.priority || b.id - a.id);
    const shown = ordered.map((rule, index): MockRule => {
      const { regex: _regex, step: _step, ...rest } = rule;
      // delays always apply: only a rule that answers can be hidden
      const hider = answers(rule)
        ? ordered
            .slice(0, index)
            .find(
              (earlier) =>
                answers(earlier) &&
                earlier.remaining === null &&
                !hasConditions(earlier) &&
                (earlier.method === '*' || earlier.method === rule.method) &&
                earlier.regex.test(sampleOf(rule.path)),
            )
        : undefined;
      return { ...rest, order: index + 1, ...(hider ? { hiddenBy: hider.id } : {}) };
    });
    return kind ? shown.filter((r) => r.kind === kind) : shown;
  }

  remove(id: number, kind?: MockRule['kind']): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id || (kind !== undefined && r.kind !== kind));
    return this.rules.length < before;
  }

  /** Removes every rule, or every rule of a kind; returns how many went. */
  clear(kind?: MockRule['kind']): number {
    const before = this.rules.length;
    this.rules = kind ? this.rules.filter((r) => r.kind !== kind) : [];
    return before - this.rules.length;
  }

  get size(): number {
    return this.rules.length;
  }

  /** Decides for one call: the delays to add and the rule that answers (counts go down). */
  decide(call: RuleCall): RuleDecision {
    const decision: RuleDecision = { delayMs: 0, applied: [] };
    if (this.rules.length === 0) return decision;
    const ordered = [...this.rules].sort((a, b) => a.priority - b.priority || b.id - a.id);
    for (const rule of ordered) {
      // after the answering rule, only delays still apply
      if ((decision.answer && answers(rule)) || !matches(rule, call)) continue;
      rule.hits++;
      decision.applied.push({ id: rule.id, kind: rule.kind });
      decision.delayMs += rule.delayMs ?? 0;
      const status = rule.sequence ? rule.sequence[rule.step++] : rule.status;
      if (rule.remaining !== null) {
        rule.remaining--;
        if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
      }
      if (!answers(rule)) continue;
      const { regex: _regex, step: _step, ...rest } = rule;
      decision.answer = { ...rest, order: 0, status };
    }
    return decision;
  }
}

export const latencyInput = z.union([
  z.object({ profile: z.enum(['none', 'fast', 'slow', 'flaky']) }).strict(),
  z
    .object({ minMs: z.number().int().min(0).max(60_000), maxMs: z.number().int().min(0).max(60_000) })
    .strict()
    .refine((l) => l.minMs <= l.maxMs, { message: 'minMs is above maxMs', path: ['maxMs'] }),
]);
