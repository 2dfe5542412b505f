/**
 * Stubs and faults: ONE ordered list of rules per partition, tried in order (priority, then the
 * newest first). Every matching delay-only rule adds its delay (it never hides another rule); the
 * first matching rule that answers (a status, a body, a dropped connection, broken JSON) decides.
 * A rule that an earlier, always-answering rule covers never answers: it is reported as hidden.
 */
import { z } from 'zod';
import {
  compileGlob,
  globCovers,
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
  type CompiledConditions,
  type RuleCall,
} from './rule-match.ts';
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
  /** the slowest uplink of the rules that applied (bytes a second): an upload is read this fast */
  uplinkBytesPerSecond?: number;
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
  /** its kind and input as text: the same text is the same rule (an import adds it once) */
  same: string;
}

/** A stored rule as the control API shows it: without its compiled matchers and its generator. */
function visible(rule: StoredRule): Omit<MockRule, 'order' | 'hiddenBy'> {
  const { compiled: _compiled, step: _step, draw: _draw, same: _same, ...rest } = rule;
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

/** The known paths with their globs (parameters as `*`), compiled once. */
const knownGlobs = knownPaths.map((known) => ({
  ...known,
  glob: compileGlob(known.path.replace(/\/1(?=\/|$)/g, '/*')),
}));

/** The known paths by their number of segments: an exact path can only match those of its own count. */
const knownBySegments = new Map<number, typeof knownGlobs>();
for (const known of knownGlobs) {
  const count = known.path.split('/').length;
  knownBySegments.set(count, [...(knownBySegments.get(count) ?? []), known]);
}

/** The methods the contract answers on the paths a glob matches (empty: no path at all). */
function methodsOfGlob(glob: string): Set<string> {
  const regex = compileGlob(glob);
  const sample = sampleOf(glob);
  const exact = !glob.includes('*');
  const candidates = exact
    ? (knownBySegments.get(glob.replace(/\/+$/, '').split('/').length) ?? [])
    : knownGlobs;
  const methods = new Set<string>();
  for (const known of candidates)
    if (known.glob.test(sample) || (!exact && regex.test(known.path))) methods.add(known.method);
  return methods;
}

/** An id segment (digits, a UUID): any of them matches the same endpoints. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const methodsByShape = new Map<string, Set<string>>();

/** methodsOfGlob, remembered by the path's shape (ids as 1): a recording's 1,000 ids cost one look. */
function methodsOn(glob: string): Set<string> {
  const shape = glob
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? '1' : segment))
    .join('/');
  let methods = methodsByShape.get(shape);
  if (!methods) {
    if (methodsByShape.size >= 1000) methodsByShape.clear();
    methods = methodsOfGlob(shape);
    methodsByShape.set(shape, methods);
  }
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
const listEndpoints = endpointList
  .filter((d) => d.response instanceof z.ZodArray)
  .map((d) => ({
    method: d.method as string,
    paginated: d.paginated,
    glob: compileGlob(d.path.replace(/:[A-Za-z]+/g, '*')),
    sample: d.path.replace(/:[A-Za-z]+/g, '1'),
  }));

export function listShapeOf(method: string, path: string): { paginated: boolean } | undefined {
  const regex = compileGlob(path);
  const sample = sampleOf(path);
  const def = listEndpoints.find(
    (d) => (method === '*' || d.method === method) && (d.glob.test(sample) || regex.test(d.sample)),
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

/** The fields of a rule's input (stub and fault), in the schemas' order: what an export keeps. */
const INPUT_FIELDS = [...new Set([...Object.keys(stubInput.shape), ...Object.keys(faultInput.shape)])];

/** A rule as exported with the state: its kind and the input that adds it again. */
export type ExportedRule = (FaultInput | StubInput) & { kind: MockRule['kind'] };

/** Whether `a` is tried before `b`: priority, then the newest first. */
const before = (a: StoredRule, b: StoredRule) =>
  a.priority < b.priority || (a.priority === b.priority && a.id > b.id);

/** The key of a path for the indexes: its sample path, without a trailing slash. */
const keyOf = (path: string) => sampleOf(path).replace(/\/+$/, '') || '/';

/** Whether a rule answers every call of its method and glob, always: it hides what it covers. */
function hides(rule: StoredRule): boolean {
  return (
    answers(rule) &&
    rule.remaining === null &&
    rule.rate === undefined &&
    !hasConditions(rule.compiled.conditions)
  );
}

/** The text that says two imported rules are the same: kind and input, fields in the schemas' order. */
function sameness(kind: MockRule['kind'], input: FaultInput | StubInput): string {
  const fields = INPUT_FIELDS.flatMap((field) => {
    const value = (input as unknown as Record<string, unknown>)[field];
    return value === undefined ? [] : [[field, value]];
  });
  return JSON.stringify([kind, fields]);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The rules of one partition. Adding, listing and deciding take time linear in the number of rules
 * (1,000 recorded stubs are added in well under a second): the order is kept sorted as rules come,
 * and the rules that may hide others are indexed by path, so that finding what hides a rule looks
 * at the few rules on its path (and the rules with wildcards), not at every earlier rule.
 */
export class MockRules {
  private rules: StoredRule[] = [];
  /** the rules in the order they are tried */
  private order: StoredRule[] = [];
  /** the rules that hide what they cover, by the key of their path (no wildcard) */
  private exactHiders = new Map<string, StoredRule[]>();
  /** the rules that hide what they cover, with a wildcard in their path */
  private wildHiders: StoredRule[] = [];
  /** every rule, by the key of its path */
  private byKey = new Map<string, StoredRule[]>();
  /** the sameness text of each rule, to import a file twice without adding its rules twice */
  private same = new Map<string, StoredRule>();
  private nextId = 1;
  /** the named scenarios' states (WireMock's scenarios); absent: `Started` */
  private readonly states = new Map<string, string>();

  /** Adds a rule; the answer says where it stands and what may be wrong with it. */
  add(
    kind: MockRule['kind'],
    input: FaultInput | StubInput,
    knownPersonas: readonly string[] = [],
  ): AddedRule {
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
      same: sameness(kind, input),
    };
    if (kind === 'stub' && stored.status === undefined && !stored.sequence) stored.status = 200;
    this.insert(stored);
    const listed = this.shown(stored);
    return { ...listed, warnings: this.warnings(input, listed, knownPersonas) };
  }

  /**
   * Adds a rule unless the same rule (kind and input) is there already: then that one is answered,
   * with a warning (a stub file imported twice adds its stubs once).
   */
  addOnce(
    kind: MockRule['kind'],
    input: FaultInput | StubInput,
    knownPersonas: readonly string[] = [],
  ): AddedRule {
    const existing = this.same.get(sameness(kind, input));
    if (!existing) return this.add(kind, input, knownPersonas);
    return {
      ...this.shown(existing),
      warnings: [`the same ${kind} is there already (rule ${existing.id}): not added again`],
    };
  }

  private insert(rule: StoredRule): void {
    this.rules.push(rule);
    // binary search of its place: the first rule it comes before
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(this.order[mid] as StoredRule, rule)) low = mid + 1;
      else high = mid;
    }
    this.order.splice(low, 0, rule);
    const key = keyOf(rule.path);
    push(this.byKey, key, rule);
    if (!this.same.has(rule.same)) this.same.set(rule.same, rule);
    if (hides(rule)) {
      if (rule.path.includes('*')) this.wildHiders.push(rule);
      else push(this.exactHiders, key, rule);
    }
  }

  /** Rebuilds the order and the indexes from the rules (after a removal). */
  private reindex(): void {
    const rules = this.rules;
    this.rules = [];
    this.order = [];
    this.exactHiders = new Map();
    this.wildHiders = [];
    this.byKey = new Map();
    this.same = new Map();
    for (const rule of [...rules].sort((a, b) => a.id - b.id)) this.insert(rule);
  }

  /** The first rule, in the order tried, that answers every call the given one matches, if any. */
  private hiderOf(rule: StoredRule): StoredRule | undefined {
    if (!answers(rule) || rule.spent) return undefined;
    const sample = sampleOf(rule.compiled.conditions.path);
    let first: StoredRule | undefined;
    for (const candidates of [this.exactHiders.get(keyOf(rule.path)), this.wildHiders])
      for (const earlier of candidates ?? [])
        if (
          earlier !== rule &&
          !earlier.spent &&
          before(earlier, rule) &&
          (!first || before(earlier, first)) &&
          (earlier.method === '*' || earlier.method === rule.method) &&
          earlier.compiled.glob.test(sample) &&
          globCovers(earlier.path, rule.path)
        )
          first = earlier;
    return first;
  }

  /** A rule as listed: its place (1 first) and what hides it. */
  private shown(rule: StoredRule, index = this.order.indexOf(rule)): MockRule {
    const hider = this.hiderOf(rule);
    return { ...visible(rule), order: index + 1, ...(hider ? { hiddenBy: hider.id } : {}) };
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
    const added = this.rules.find((r) => r.id === listed.id);
    if (added && hides(added)) {
      // the rules it may now hide: those on its path, or every rule when its path has a wildcard
      const others = added.path.includes('*') ? this.order : (this.byKey.get(keyOf(added.path)) ?? []);
      for (const other of others)
        if (other !== added && this.hiderOf(other) === added)
          warnings.push(`this rule now hides rule ${other.id} (${other.method} ${other.path})`);
    }
    return warnings;
  }

  /** The rules in the order they are tried, each with its place and what hides it; spent ones too. */
  list(kind?: MockRule['kind']): MockRule[] {
    const shown = this.order.map((rule, index) => this.shown(rule, index));
    return kind ? shown.filter((r) => r.kind === kind) : shown;
  }

  remove(id: number, kind?: MockRule['kind']): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id || (kind !== undefined && r.kind !== kind));
    if (this.rules.length === before) return false;
    this.reindex();
    return true;
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
    this.reindex();
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
    for (const rule of this.order) {
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
      if (rule.uplinkBytesPerSecond !== undefined)
        decision.uplinkBytesPerSecond = Math.min(
          decision.uplinkBytesPerSecond ?? Infinity,
          rule.uplinkBytesPerSecond,
        );
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
