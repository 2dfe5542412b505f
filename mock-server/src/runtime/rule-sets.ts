/**
 * Stub sets as files: a list of stubs (or faults) checked in full before any is added, so that a file
 * is loaded all or nothing (`stub import`, `serve --stubs DIR`, a state exported with its rules). A
 * refusal names the element by its index and says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { faultInput, stubInput, type AddedRule, type MockRule } from '../../control-api/schemas.ts';
import { ApiFailure } from '../store/errors.ts';
import { jsonPathsProblem, type FaultInput, type MockRules, type StubInput } from './faults.ts';
import { templateProblem } from './templates.ts';

type RuleInput = FaultInput | StubInput;

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
  const jsonPaths = jsonPathsProblem(input);
  if (jsonPaths) return jsonPaths;
  // a body or header that is a template must compile: refused here, not at the first call
  if (kind === 'stub') {
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
  for (const [index, item] of items.entries()) {
    const checked = await problemOf(kind, item);
    if (!('input' in checked)) throw refusal(kind, index, items.length, `${kind}s[${index}]`, checked);
    inputs.push(checked.input);
  }
  return inputs;
}

/** Adds checked inputs in their order: each answer carries its warnings (hidden, unknown path, persona). */
export function addRuleList(
  rules: MockRules,
  kind: MockRule['kind'],
  inputs: readonly RuleInput[],
  personas: readonly string[],
): AddedRule[] {
  return inputs.map((input) => rules.add(kind, input, personas));
}

/** A state's `rules` (exported with rules=true), each checked as its kind, before anything is replaced. */
export async function checkRuleSet(given: unknown): Promise<{ kind: MockRule['kind']; input: RuleInput }[]> {
  if (!Array.isArray(given))
    throw new ApiFailure(400, 'Invalid state: rules must be an array of stubs and faults', [
      { path: 'rules', message: 'expected an array' },
    ]);
  const checked: { kind: MockRule['kind']; input: RuleInput }[] = [];
  for (const [index, item] of given.entries()) {
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
export function addRuleSet(
  rules: MockRules,
  set: readonly { kind: MockRule['kind']; input: RuleInput }[],
  personas: readonly string[],
): AddedRule[] {
  return set.map(({ kind, input }) => rules.add(kind, input, personas));
}

/** The *.json files of a folder, in name order. */
function stubFilesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Loads a folder of stub files at start (`--stubs DIR`): each file all or nothing, in name order; the
 * first file that cannot be read or holds an invalid stub stops the start with its name.
 */
export async function loadStubFolder(
  rules: MockRules,
  dir: string,
  personas: readonly string[],
): Promise<{ file: string; added: AddedRule[] }[]> {
  let files: string[];
  try {
    files = stubFilesOf(dir);
  } catch (error) {
    throw new Error(`cannot read the stub folder ${dir}: ${(error as Error).message}`);
  }
  const loaded: { file: string; added: AddedRule[] }[] = [];
  for (const file of files) {
    let items: unknown;
    try {
      items = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: not a JSON file: ${(error as Error).message}`);
    }
    if (!Array.isArray(items)) throw new Error(`${file}: expected a JSON array of stubs`);
    let inputs: RuleInput[];
    try {
      inputs = await checkRuleList('stub', items);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    loaded.push({ file, added: addRuleList(rules, 'stub', inputs, personas) });
  }
  return loaded;
}
