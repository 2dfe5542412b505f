/**
 * Stubs and faults: ONE ordered list of rules per partition, tried in order (priority, then the
 * newest first). Every matching delay-only rule adds its delay (it never hides another rule); the
 * first matching rule that answers (a status, a body, a dropped connection, broken JSON) decides.
 * A rule that an earlier, always-answering rule covers never answers: it is reported as hidden.
 */
import { z } from 'zod';
import {
  compileGlob,
  faultInput,
  SCENARIO_STARTED,
  stubInput,
  type AddedRule,
  type MockRule,
  type SequenceStep,
} from '../../control-api/schemas.ts';
import { endpointList } from '@portal/contract/endpoints';
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import {
  compileConditions,
  differences,
  hasConditions,
  jsonPathProblem,
  type CompiledConditions,
  type RuleCall,
} from './rule-match.ts';
import { ApiFailure } from '../store/errors.ts';
import { drawSeed, seededRandom } from './latency.ts';

export type FaultInput = z.infer<typeof faultInput>;
export type StubInput = z.infer<typeof stubInput>;
export type { MockRule, RuleCall };

/** One answer of a rule for one call: a sequence's step, or the rule's own answer. */
interface RuleStep {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** What the rules decided for a call: wait this long, then answer with this rule (or go on). */
export interface RuleDecision {
  delayMs: number;
  /** the rules that applied, in order: the journal names them */
  applied: { id: number; kind: MockRule['kind'] }[];
  /** the answering rule, with the answer of this call (a sequence's step) */
  answer?: MockRule & { step: RuleStep };
}

interface StoredRule extends Omit<MockRule, 'order' | 'hiddenBy'> {
  compiled: CompiledConditions;
  /** position of the next sequence step */
  step: number;
  /** with a rate: the seeded draws that decide which matching calls the rule takes */
  draw?: () => number;
}

/** A stored rule as the control API shows it: without its compiled matchers and its generator. */
function visible(rule: StoredRule): Omit<MockRule, 'order' | 'hiddenBy'> {
  const { compiled: _compiled, step: _step, draw: _draw, ...rest } = rule;
  return rest;
}

/** A sample path for a glob: `*` becomes one segment, `**` two. */
function sampleOf(glob: string): string {
  return glob.replace(/\*\*/g, 'x/x').replace(/\*/g, 'x');
}

/** The paths the mock answers, one sample each (parameters filled), with their methods. */
const knownPaths: { method: string; path: string }[] = [
  ...endpointList.map((def) => ({
    method: def.method as string,
    path: (def.base === 'documents' ? '/documents' : '') + def.path.replace(/:[A-Za-z]+/g, '1'),
  })),
  ...[
    '/saml/login',
    '/saml/logout',
    '/tiles/1/1/1.png',
    '/assets/logos/x',
    '/documents/view/x',
    '/stand-in/powerbi/x',
    '/stand-in/thingsboard/x',
  ].map((path) => ({ method: '*', path })),
];

/** The methods the contract answers on the paths a glob matches (empty: no path at all). */
function methodsOn(glob: string): Set<string> {
  const regex = compileGlob(glob);
  const sample = sampleOf(glob);
  const methods = new Set<string>();
  for (const known of knownPaths)
    if (regex.test(known.path) || compileGlob(known.path.replace(/\/1(?=\/|$)/g, '/*')).test(sample))
      methods.add(known.method);
  return methods;
}

/** The paging headers of an empty first page. */
export const EMPTY_PAGE: Record<string, string> = {
  [PAGINATION_HEADERS.totalCount]: '0',
  [PAGINATION_HEADERS.pageCount]: '0',
  [PAGINATION_HEADERS.currentPage]: '1',
  [PAGINATION_HEADERS.perPage]: '20',
};

/** The contract's list endpoint a call (or a rule's glob) reaches, if it answers a list. */
export function listShapeOf(method: string, path: string): { paginated: boolean } | undefined {
  const regex = compileGlob(path);
  const sample = sampleOf(path);
  const def = endpointList.find(
    (d) =>
      (method === '*' || d.method === method) &&
      d.response instanceof z.ZodArray &&
      (compileGlob(d.path.replace(/:[A-Za-z]+/g, '*')).test(sample) ||
        regex.test(d.path.replace(/:[A-Za-z]+/g, '1'))),
  );
  return def ? { paginated: def.paginated } : undefined;
}

/** Whether a rule answers (rather than only delaying the call). */
function answers(
  rule: Pick<
    MockRule,
    | 'kind'
    | 'status'
    | 'body'
    | 'drop'
    | 'dropAnswer'
    | 'malformed'
    | 'sequence'
    | 'resetMidBody'
    | 'dribbleMs'
  >,
): boolean {
  return (
    rule.kind === 'stub' ||
    rule.status !== undefined ||
    rule.body !== undefined ||
    !!rule.drop ||
    !!rule.dropAnswer ||
    !!rule.malformed ||
    !!rule.resetMidBody ||
    rule.dribbleMs !== undefined ||
    !!rule.sequence
  );
}

function stepOf(step: SequenceStep): RuleStep {
  return typeof step === 'number' ? { status: step } : step;
}

/** What may be wrong with a new rule beyond its schema (a JSONPath expression that does not parse), or null. */
export function jsonPathsProblem(input: FaultInput | StubInput): { path: string; message: string } | null {
  for (const [field, paths] of [
    ['bodyJsonPath', input.bodyJsonPath],
    ['bodyAbsent', input.bodyAbsent],
  ] as const)
    for (const [index, path] of (paths ?? []).entries()) {
      const problem = jsonPathProblem(path);
      if (problem) return { path: `${field}.${index}`, message: problem };
    }
  return null;
}

function refuseBadJsonPaths(input: FaultInput | StubInput): void {
  const problem = jsonPathsProblem(input);
  if (problem)
    throw new ApiFailure(400, `Invalid request body: ${problem.path}: ${problem.message}`, [problem]);
}

/** The fields of a rule's input (stub and fault), in the schemas' order: what an export keeps. */
const INPUT_FIELDS = [...new Set([...Object.keys(stubInput.shape), ...Object.keys(faultInput.shape)])];

/** A rule as exported with the state: its kind and the input that adds it again. */
export type ExportedRule = (FaultInput | StubInput) & { kind: MockRule['kind'] };

export class MockRules {
  private rules: StoredRule[] = [];
  private nextId = 1;
  /** the named scenarios' states (WireMock's scenarios); absent: `Started` */
  private readonly states = new Map<string, string>();

  /** Adds a rule; the answer says where it stands and what may be wrong with it. */
  add(
    kind: MockRule['kind'],
    input: FaultInput | StubInput,
    knownPersonas: readonly string[] = [],
  ): AddedRule {
    refuseBadJsonPaths(input);
    const seed = 'rate' in input && input.rate !== undefined ? (input.seed ?? drawSeed()) : undefined;
    const stored: StoredRule = {
      ...input,
      ...(seed !== undefined ? { seed, draw: seededRandom(seed) } : {}),
      kind,
      id: this.nextId++,
      remaining: input.sequence ? input.sequence.length : (input.times ?? null),
      hits: 0,
      compiled: compileConditions(input),
      step: 0,
    };
    if (kind === 'stub' && stored.status === undefined && !stored.sequence) stored.status = 200;
    this.rules.push(stored);
    const listed = this.list().find((r) => r.id === stored.id) as MockRule;
    return { ...listed, warnings: this.warnings(input, listed, knownPersonas) };
  }

  private warnings(
    input: FaultInput | StubInput,
    listed: MockRule,
    knownPersonas: readonly string[],
  ): string[] {
    const warnings: string[] = [];
    const methods = methodsOn(input.path);
    if (methods.size === 0)
      warnings.push(`${input.path} matches no endpoint of the contract (a typo?): the portal never calls it`);
    else if (input.method !== '*' && !methods.has('*') && !methods.has(input.method))
      warnings.push(
        `no endpoint of the contract answers ${input.method} on ${input.path} (it takes ${[...methods].sort().join(', ')}): the portal never calls it`,
      );
    if (
      listed.kind === 'stub' &&
      input.body === undefined &&
      !input.sequence &&
      (listed.status ?? 200) < 300 &&
      listShapeOf(input.method, input.path)
    )
      warnings.push(
        `no --body: ${input.path} answers a list, so the stub answers an empty list [] (with the paging headers of an empty page)`,
      );
    if (input.persona && knownPersonas.length && !knownPersonas.includes(input.persona))
      warnings.push(
        `no persona "${input.persona}" in this partition: the rule matches no call (personas: ${knownPersonas.join(', ')})`,
      );
    if (listed.hiddenBy !== undefined)
      warnings.push(
        `rule ${listed.hiddenBy} comes first and answers every call this one matches: give this one a lower --priority number, or remove rule ${listed.hiddenBy}`,
      );
    for (const other of this.list())
      if (other.hiddenBy === listed.id)
        warnings.push(`this rule now hides rule ${other.id} (${other.method} ${other.path})`);
    return warnings;
  }

  private ordered(): StoredRule[] {
    return [...this.rules].sort((a, b) => a.priority - b.priority || b.id - a.id);
  }

  /** The rules in the order they are tried, each with its place and what hides it; spent ones too. */
  list(kind?: MockRule['kind']): MockRule[] {
    const ordered = this.ordered();
    const shown = ordered.map((rule, index): MockRule => {
      const rest = visible(rule);
      // delays always apply: only a rule that answers can be hidden
      const hider =
        answers(rule) && !rule.spent
          ? ordered
              .slice(0, index)
              .find(
                (earlier) =>
                  answers(earlier) &&
                  !earlier.spent &&
                  earlier.remaining === null &&
                  earlier.rate === undefined &&
                  !hasConditions(earlier) &&
                  (earlier.method === '*' || earlier.method === rule.method) &&
                  earlier.compiled.glob.test(sampleOf(rule.compiled.conditions.path)),
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

  /**
   * The rules of a kind as the inputs that add them again, oldest first: added again in this order,
   * they take the same places (`stub export`).
   */
  exportInputs(kind: MockRule['kind']): (FaultInput | StubInput)[] {
    return this.exportAll()
      .filter((rule) => rule.kind === kind)
      .map(({ kind: _kind, ...input }) => input as FaultInput | StubInput);
  }

  /** Every rule as its kind and the input that adds it again, oldest first (`scenario export --with-rules`). */
  exportAll(): ExportedRule[] {
    return [...this.rules]
      .sort((a, b) => a.id - b.id)
      .map((rule) => {
        // the fields in the order of the schema: the same text however the rule was added
        const input = Object.fromEntries(
          INPUT_FIELDS.flatMap((field) => {
            const value = (rule as unknown as Record<string, unknown>)[field];
            return value === undefined ? [] : [[field, value]];
          }),
        );
        return { ...(input as FaultInput | StubInput), kind: rule.kind };
      });
  }

  /** Removes every rule, or every rule of a kind; returns how many went. */
  clear(kind?: MockRule['kind']): number {
    const before = this.rules.length;
    this.rules = kind ? this.rules.filter((r) => r.kind !== kind) : [];
    return before - this.rules.length;
  }

  /** Rules in force (spent ones aside). */
  get size(): number {
    return this.rules.reduce((n, r) => n + (r.spent ? 0 : 1), 0);
  }

  /** The named scenarios the rules use, with their current state. */
  scenarioStates(): { name: string; state: string }[] {
    const names = new Set(this.rules.flatMap((r) => (r.scenario ? [r.scenario] : [])));
    for (const name of this.states.keys()) names.add(name);
    return [...names].sort().map((name) => ({ name, state: this.states.get(name) ?? SCENARIO_STARTED }));
  }

  /** Every scenario (or one) back to `Started`; false when the one named is unknown. */
  resetScenarios(name?: string): boolean {
    if (name === undefined) {
      this.states.clear();
      return true;
    }
    const known = this.scenarioStates().some((s) => s.name === name);
    this.states.delete(name);
    return known;
  }

  private inState(rule: StoredRule): boolean {
    if (!rule.scenario || rule.requiredState === undefined) return true;
    return (this.states.get(rule.scenario) ?? SCENARIO_STARTED) === rule.requiredState;
  }

  /** Decides for one call: the delays to add and the rule that answers (counts go down). */
  decide(call: RuleCall): RuleDecision {
    const decision: RuleDecision = { delayMs: 0, applied: [] };
    if (this.rules.length === 0) return decision;
    for (const rule of this.ordered()) {
      // after the answering rule, only delays still apply
      if (rule.spent || (decision.answer && answers(rule))) continue;
      if (!this.inState(rule) || differences(rule.compiled, call, true).length) continue;
      // a rate: one seeded draw per matching call decides whether the rule takes it
      if (rule.draw && rule.rate !== undefined && rule.draw() >= rule.rate) continue;
      rule.hits++;
      decision.applied.push({ id: rule.id, kind: rule.kind });
      const step: RuleStep = rule.sequence
        ? stepOf(rule.sequence[rule.step++] as SequenceStep)
        : { status: rule.status, body: rule.body, delayMs: rule.delayMs };
      decision.delayMs += (rule.sequence ? (step.delayMs ?? rule.delayMs) : rule.delayMs) ?? 0;
      if (rule.remaining !== null) {
        rule.remaining--;
        // kept, marked spent: `stub list` still shows it and its hits
        if (rule.remaining <= 0) rule.spent = true;
      }
      if (rule.scenario && rule.newState) this.states.set(rule.scenario, rule.newState);
      if (!answers(rule)) continue;
      const rest = visible(rule);
      decision.answer = { ...rest, order: 0, status: step.status ?? rest.status, step };
    }
    return decision;
  }
}
