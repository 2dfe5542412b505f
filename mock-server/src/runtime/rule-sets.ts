/**
 * Stub sets as files: a list of stubs (or faults) checked in full before any is added, so that a file
 * is loaded all or nothing (`stub import`, `serve --stubs DIR`, a state exported with its rules). A
 * refusal names the element by its index and says why.
 */
import { faultInput, stubInput, type AddedRule, type MockRule } from '../../control-api/schemas.ts';
import { ApiFailure } from '../store/errors.ts';
import type { FaultInput, MockRules, StubInput } from './rules.ts';
import { conditionsProblem } from './rule-match.ts';
import { templateProblem } from './templates.ts';
import { readStubFiles, type StubFile } from './stub-files.ts';

type RuleInput = FaultInput | StubInput;

/** A long list is checked and added in slices of this many milliseconds, other calls answered in between. */
const SLICE_MS = 15;

/** A clock of slices: `due()` lets other calls run when the current slice has lasted SLICE_MS. */
function slices(): { due(): Promise<void> | undefined } {
  let start = performance.now();
  return {
    due() {
      if (performance.now() - start < SLICE_MS) return undefined;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          start = performance.now();
          resolve();
        }),
      );
    },
  };
}

/** How deep a rule's JSON values may nest (a body, a sequence, a partial body): listing and export stay safe. */
const RULE_MAX_DEPTH = 64;

/** Whether a value nests deeper than `max` (walked without recursion: the value may be very deep). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The first field of a rule that nests too deep, as a refusal, or null. */
export function tooDeep(input: object): { path: string; message: string } | null {
  for (const [field, value] of Object.entries(input))
    if (deeperThan(value, RULE_MAX_DEPTH))
      return { path: field, message: `nests deeper than ${RULE_MAX_DEPTH} levels` };
  return null;
}

/** Why one element of a list cannot be added, or null. */
async function problemOf(
  kind: MockRule['kind'],
  item: unknown,
): Promise<{ input: RuleInput } | { path: string; message: string }> {
  const parsed = (kind === 'stub' ? stubInput : faultInput).safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { path: issue?.path.map(String).join('.') ?? '', message: issue?.message ?? 'invalid' };
  }
  const input = parsed.data;
  const deep = tooDeep(input);
  if (deep) return deep;
  const matchers = conditionsProblem(input);
  if (matchers) return matchers;
  // a body or header that is a template must compile: refused here, not at the first call
  if (kind === 'stub' && !(input as StubInput).literal) {
    const stub = input as StubInput;
    const template = await templateProblem([stub.body, stub.responseHeaders, stub.sequence]);
    if (template) return { path: 'body', message: template };
  }
  return { input };
}

/** The refusal of a list for one element: its number, its index, its field and why; nothing is added. */
function refusal(
  kind: string,
  index: number,
  total: number,
  where: string,
  problem: { path: string; message: string },
): ApiFailure {
  const field = problem.path ? `${problem.path}: ` : '';
  return new ApiFailure(
    400,
    `Invalid ${kind} ${index + 1} of ${total} (${where}): ${field}${problem.message}; nothing was added`,
    [{ path: [where, problem.path].filter(Boolean).join('.'), message: problem.message }],
  );
}

/**
 * Every element checked, in order; the first invalid one is refused (400) with its index, its field and
 * the reason, and nothing is returned to add.
 */
export async function checkRuleList(kind: MockRule['kind'], items: readonly unknown[]): Promise<RuleInput[]> {
  const inputs: RuleInput[] = [];
  const clock = slices();
  for (const [index, item] of items.entries()) {
    await clock.due();
    const checked = await problemOf(kind, item);
    if (!('input' in checked)) throw refusal(kind, index, items.length, `${kind}s[${index}]`, checked);
    inputs.push(checked.input);
  }
  return inputs;
}

/**
 * Adds checked inputs in their order: each answer carries its warnings (hidden, unknown path,
 * persona). A rule that is there already (the same file imported again) is not added twice.
 */
export async function addRuleList(
  rules: MockRules,
  kind: MockRule['kind'],
  inputs: readonly RuleInput[],
  personas: readonly string[],
): Promise<AddedRule[]> {
  const added: AddedRule[] = [];
  const clock = slices();
  for (const input of inputs) {
    await clock.due();
    added.push(rules.addOnce(kind, input, personas));
  }
  return added;
}

/** A state's `rules` (exported with rules=true), each checked as its kind, before anything is replaced. */
export async function checkRuleSet(given: unknown): Promise<{ kind: MockRule['kind']; input: RuleInput }[]> {
  if (!Array.isArray(given))
    throw new ApiFailure(400, 'Invalid state: rules must be an array of stubs and faults', [
      { path: 'rules', message: 'expected an array' },
    ]);
  const checked: { kind: MockRule['kind']; input: RuleInput }[] = [];
  const clock = slices();
  for (const [index, item] of given.entries()) {
    await clock.due();
    const { kind, ...rule } = (item ?? {}) as { kind?: unknown };
    const where = `rules[${index}]`;
    if (kind !== 'stub' && kind !== 'fault')
      throw refusal('rule', index, given.length, where, {
        path: 'kind',
        message: 'expected "stub" or "fault"',
      });
    const problem = await problemOf(kind, rule);
    if (!('input' in problem)) throw refusal(kind, index, given.length, where, problem);
    checked.push({ kind, input: problem.input });
  }
  return checked;
}

/** Adds a checked rule set in its order (the order of the export: the same places). */
export async function addRuleSet(
  rules: MockRules,
  set: readonly { kind: MockRule['kind']; input: RuleInput }[],
  personas: readonly string[],
): Promise<AddedRule[]> {
  const added: AddedRule[] = [];
  const clock = slices();
  for (const { kind, input } of set) {
    await clock.due();
    added.push(rules.add(kind, input, personas));
  }
  return added;
}

/**
 * Loads a folder of stub files at start (`--stubs DIR`), in name order, all or nothing: every file is
 * read and every stub checked before any is added; the first file that cannot be read or holds an
 * invalid stub stops the start with its name.
 */
export async function loadStubFolder(
  rules: MockRules,
  dir: string,
  personas: readonly string[],
): Promise<{ file: string; added: AddedRule[] }[]> {
  let files: StubFile[];
  try {
    files = readStubFiles(dir, 'allowed');
  } catch (error) {
    throw new Error(`cannot read the stub folder: ${(error as Error).message}`);
  }
  const checked: { file: string; inputs: RuleInput[] }[] = [];
  for (const { name, stubs } of files) {
    try {
      checked.push({ file: name, inputs: await checkRuleList('stub', stubs) });
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }
  const loaded: { file: string; added: AddedRule[] }[] = [];
  for (const { file, inputs } of checked)
    loaded.push({ file, added: await addRuleList(rules, 'stub', inputs, personas) });
  return loaded;
}
