/**
 * One handler per row of the control table (mock-server/control-api/endpoints.ts): each takes the
 * row's parsed params, query and body and returns the answer the row describes. The router
 * (router.ts) registers them from the rows; a row without a handler does not compile.
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { DEFAULT_SEED, isScenarioName, scenarioNames, scenarios, type ScenarioName } from '@portal/fixtures';
import { compileGlob, matchesJournalFilter, type ViolationEntry } from '../../control-api/schemas.ts';
import type { ControlEndpoints, ControlId, ControlOutput } from '../../control-api/endpoints.ts';
import { mintTokens } from '../auth/jwt.ts';
import { requestedPartition, runtimeOf } from '../middleware/context.ts';
import type { JournalEntry } from '../runtime/journal.ts';
import { verifyJournal } from '../runtime/journal-verify.ts';
import { LatencyDraw } from '../runtime/latency.ts';
import { templateProblem } from '../runtime/templates.ts';
import { changeRoles, createPersona, findUser, listPersonas } from '../runtime/personas.ts';
import { validateImportedState } from '../runtime/state-io.ts';
import { addRuleList, addRuleSet, checkRuleList, checkRuleSet, tooDeep } from '../runtime/rule-sets.ts';
import { DEFAULT_PARTITION } from '../runtime/partitions.ts';
import { ApiFailure, notFound } from '../store/errors.ts';
import { userByPersona } from '../store/access.ts';
import { personaView, rolesView } from '../wire/views.ts';
import { docsPage, mockOpenApi } from './docs.ts';

type Def<Id extends ControlId> = ControlEndpoints[Id];

/** What a handler is given: the row's inputs, parsed, and the call itself. */
export interface ControlCall<Id extends ControlId> {
  params: z.output<Def<Id>['params']>;
  query: z.output<Def<Id>['query']>;
  body: z.output<NonNullable<Def<Id>['body']>>;
  req: Request;
  res: Response;
}

/** Answers a row: its JSON (undefined for a 204), or writes the answer itself (html, events). */
export type ControlHandler<Id extends ControlId> = (
  call: ControlCall<Id>,
) => ControlOutput<Id> | undefined | void | Promise<ControlOutput<Id>>;

const partitionOf = (req: Request) => runtimeOf(req).partitions.get(requestedPartition(req));

/** The persona ids of the caller's partition: a rule naming another one is warned about. */
const personaIds = (req: Request) =>
  listPersonas(partitionOf(req).db).flatMap((u) => (u.personaId ? [u.personaId] : []));

function loaded(req: Request, name: ScenarioName, seed: number) {
  const p = partitionOf(req);
  const started = performance.now();
  runtimeOf(req).partitions.loadScenario(p, name, seed);
  return {
    name,
    seed: p.seed,
    loadMs: Math.round(performance.now() - started),
    ...(p.run === undefined ? {} : { run: p.run }),
    kept: {
      stubs: p.rules.list('stub').filter((r) => !r.spent).length,
      faults: p.rules.list('fault').filter((r) => !r.spent).length,
      latency: p.latency.none ? null : p.latency.settings,
    },
  };
}

/**
 * `?run=NAME` of a scenario load: the partition belongs to that run partition from now on (without
 * it, to none). The run partition must exist already, and be another one.
 */
function joinRun(req: Request, run: string | undefined): void {
  const p = partitionOf(req);
  if (run === undefined) {
    delete p.run;
    return;
  }
  if (run === p.name)
    throw new ApiFailure(400, `A partition cannot be its own run partition ("${run}")`, [
      { path: 'run', message: 'names this partition' },
    ]);
  if (!runtimeOf(req).partitions.has(run))
    throw new ApiFailure(404, `No partition "${run}" to join as the run partition`, [
      { path: 'run', message: 'no such partition' },
    ]);
  p.run = run;
}

function removeRule(req: Request, kind: 'fault' | 'stub', raw: string): undefined {
  const id = Number(raw);
  const rules = partitionOf(req).rules;
  if (Number.isInteger(id) && rules.remove(id, kind)) return undefined;
  // the id of a rule of the other kind: say so, and which command removes it
  const other = kind === 'fault' ? 'stub' : 'fault';
  if (rules.list(other).some((r) => r.id === id))
    throw new ApiFailure(
      404,
      `${kind === 'fault' ? 'Fault rule' : 'Stub'} ${id} not found: rule ${id} is a ${other} (portal ${other} clear ${id} removes it)`,
    );
  throw notFound(kind === 'fault' ? 'Fault rule' : 'Stub', raw);
}

function journalStream({ req, res, query }: ControlCall<'journalStream'>): void {
  const p = partitionOf(req);
  const glob = query.path ? compileGlob(query.path) : null;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  const unsubscribe = p.journal.subscribe((entry: JournalEntry) => {
    if (matchesJournalFilter(entry, query, glob)) res.write(`data: ${JSON.stringify(entry)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  heartbeat.unref();
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

function validationView(req: Request) {
  const p = partitionOf(req);
  return { ...p.validation, violations: p.journal.violations().length };
}

/** A rule whose JSON nests too deep: 400 naming the field (it would break listing and export). */
function refuseDeep(body: object): void {
  const deep = tooDeep(body);
  if (deep) throw new ApiFailure(400, `Invalid request body: ${deep.path}: ${deep.message}`, [deep]);
}

/** PUT /state: the state, and its rules when it has some, replace the partition's (all or nothing). */
async function importState({ req, body }: ControlCall<'importState'>) {
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const { rules: given, ...state } = (isObject ? body : {}) as Record<string, unknown>;
  const checked = validateImportedState(isObject ? state : body);
  if (!checked.ok)
    throw new ApiFailure(400, `Invalid state: ${checked.message}`, [{ path: '', message: checked.message }]);
  const rules = given === undefined ? null : await checkRuleSet(given);
  const p = partitionOf(req);
  runtimeOf(req).partitions.replaceState(p, checked.state);
  if (!rules) return { name: p.scenario, seed: p.seed, imported: true as const };
  p.rules.clear();
  p.rules.resetScenarios();
  const added = await addRuleSet(p.rules, rules, personaIds(req));
  return {
    name: p.scenario,
    seed: p.seed,
    imported: true as const,
    rules: {
      stubs: added.filter((r) => r.kind === 'stub').length,
      faults: added.filter((r) => r.kind === 'fault').length,
      warnings: added.flatMap((r) => r.warnings.map((w) => `${r.kind} ${r.id}: ${w}`)),
    },
  };
}

export const controlHandlers: { [Id in ControlId]: ControlHandler<Id> } = {
  health: ({ req }) => {
    const p = partitionOf(req);
    const runtime = runtimeOf(req);
    const persistence = runtime.stateFile?.status() ?? null;
    return {
      // degraded: the last save of the state file failed (acknowledged writes are not on disk)
      status: persistence?.failing ? 'degraded' : 'ok',
      persistence,
      partitions: runtime.partitions.names().length,
      scenario: p.scenario,
      seed: p.seed,
      partition: p.name,
      uptimeMs: Date.now() - runtime.startedAt,
      rssBytes: process.memoryUsage().rss,
    };
  },
  listPartitions: ({ req }) =>
    runtimeOf(req)
      .partitions.list()
      .map((p) => ({
        name: p.name,
        scenario: p.scenario,
        seed: p.seed,
        rules: p.rules.size,
        lastUsed: new Date(p.lastUsed).toISOString(),
        ...(p.run === undefined ? {} : { run: p.run }),
      })),
  listEvictions: ({ req }) =>
    runtimeOf(req).partitions.evictions.map((e) => ({
      name: e.name,
      evictedAt: new Date(e.evictedAt).toISOString(),
      lastUsed: new Date(e.lastUsed).toISOString(),
    })),
  deletePartition: ({ req, params }) => {
    if (params.name === DEFAULT_PARTITION)
      throw new ApiFailure(400, 'The default partition cannot be deleted: reset it instead', [
        { path: 'name', message: 'the default partition cannot be deleted' },
      ]);
    if (!runtimeOf(req).partitions.delete(params.name)) throw notFound('Partition', params.name);
  },
  listScenarios: () => scenarioNames.map((name) => ({ name, description: scenarios[name].description })),
  loadScenario: ({ req, params, query }) => {
    if (!isScenarioName(params.name))
      throw new ApiFailure(404, `Unknown scenario "${params.name}": ${scenarioNames.join(', ')}`);
    joinRun(req, query.run);
    return loaded(req, params.name, query.seed ?? DEFAULT_SEED);
  },
  reset: ({ req }) => {
    const p = partitionOf(req);
    return loaded(req, isScenarioName(p.scenario) ? p.scenario : 'default', p.seed);
  },
  exportState: ({ req, res, query }) => {
    const p = partitionOf(req);
    const rules = query.rules ? { rules: p.rules.exportAll() } : {};
    res.type('application/json').send(JSON.stringify({ ...p.db.state, ...rules }));
  },
  importState,
  listPersonas: ({ req }) => listPersonas(partitionOf(req).db).map(personaView),
  createPersona: ({ req, body }) => personaView(createPersona(partitionOf(req).db, body)),
  mintToken: ({ req, params, body }) => {
    const p = partitionOf(req);
    const user = userByPersona(p.db, params.id);
    if (!user) throw notFound('Persona', params.id);
    return mintTokens(user, p.name, runtimeOf(req).key, body.ttlSeconds);
  },
  getRoles: ({ req, params }) => rolesView(findUser(partitionOf(req).db, params.idOrEmail)),
  changeRoles: ({ req, params, body }) => {
    const db = partitionOf(req).db;
    return rolesView(changeRoles(db, findUser(db, params.idOrEmail), body));
  },
  listFaults: ({ req }) => partitionOf(req).rules.list('fault'),
  addFault: ({ req, body }) => {
    refuseDeep(body);
    return partitionOf(req).rules.add('fault', body, personaIds(req));
  },
  clearFaults: ({ req }) => {
    partitionOf(req).rules.clear('fault');
  },
  removeFault: ({ req, params }) => removeRule(req, 'fault', params.id),
  listStubs: ({ req }) => partitionOf(req).rules.list('stub'),
  addStub: async ({ req, body }) => {
    // a body or header that is a template must compile: refused here, not at the first call
    refuseDeep(body);
    const problem = body.literal
      ? null
      : await templateProblem([body.body, body.responseHeaders, body.sequence]);
    if (problem)
      throw new ApiFailure(400, `Invalid request body: ${problem}`, [{ path: 'body', message: problem }]);
    return partitionOf(req).rules.add('stub', body, personaIds(req));
  },
  exportStubs: ({ req }) => partitionOf(req).rules.exportInputs('stub'),
  importStubs: async ({ req, body }) =>
    addRuleList(partitionOf(req).rules, 'stub', await checkRuleList('stub', body), personaIds(req)),
  clearStubs: ({ req }) => {
    partitionOf(req).rules.clear('stub');
  },
  removeStub: ({ req, params }) => removeRule(req, 'stub', params.id),
  listRules: ({ req }) => partitionOf(req).rules.list(),
  ruleScenarios: ({ req }) => partitionOf(req).rules.scenarioStates(),
  resetRuleScenarios: ({ req, query }) => {
    const rules = partitionOf(req).rules;
    if (!rules.resetScenarios(query.name)) throw notFound('Rule scenario', query.name ?? '');
    return rules.scenarioStates();
  },
  getLatency: ({ req }) => partitionOf(req).latency.settings,
  setLatency: ({ req, body }) => {
    const p = partitionOf(req);
    p.latency = LatencyDraw.of(body);
    return p.latency.settings;
  },
  journal: ({ req, query }) => partitionOf(req).journal.list(query),
  verifyJournal: ({ req, body }) => verifyJournal(partitionOf(req).journal, body),
  journalViolations: ({ req, query }) => {
    const runtime = runtimeOf(req);
    const partitions = query.all ? runtime.partitions.list() : [partitionOf(req)];
    const found = partitions
      .flatMap((p) =>
        p.journal
          .violations(query)
          // every partition: a call reported to a run partition is listed once, from its own
          .filter((entry) => !query.all || entry.from === undefined)
          .map((entry) => ({ ...entry, partition: p.name }) as ViolationEntry),
      )
      .sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
    return query.limit === undefined ? found : found.slice(-query.limit);
  },
  getValidation: ({ req }) => validationView(req),
  setValidation: ({ req, body }) => {
    const p = partitionOf(req);
    // switching on keeps the partition's strictness unless it is named; off is off
    p.validation = { enabled: body.enabled, strict: body.strict ?? (body.enabled && p.validation.strict) };
    return validationView(req);
  },
  getCapture: ({ req }) => partitionOf(req).journal.capture,
  setCapture: ({ req, body }) => {
    const journal = partitionOf(req).journal;
    journal.capture = { ...journal.capture, ...body };
    return journal.capture;
  },
  clearJournal: ({ req }) => {
    partitionOf(req).journal.clear();
  },
  journalStream,
  getProxy: ({ req }) => partitionOf(req).proxy.view(),
  setProxy: ({ req, body }) => partitionOf(req).proxy.set(body),
  recordings: ({ req }) => partitionOf(req).proxy.listRecordings(),
  clearRecordings: ({ req }) => {
    partitionOf(req).proxy.clearRecordings();
  },
  openapi: ({ req }) => mockOpenApi(`${req.protocol}://${req.get('host') ?? 'localhost'}`),
  docs: ({ res }) => {
    res.type('text/html; charset=utf-8').send(docsPage());
  },
};
