/**
 * The control API of the mock server (/__mock) as rows, the way the endpoint table describes /api:
 * id, method, path, params, query, body and response. The mock registers one handler per row, its
 * docs page and OpenAPI document list the rows, and the control client (client.ts) calls a
 * row by its id. Not part of the real backend.
 */
import { z } from 'zod';
import { ALL_ROLES } from '@portal/contract/roles';
import {
  callConditions,
  faultInput,
  LATENCY_DISTRIBUTIONS,
  LATENCY_MAX_MS,
  PARTITION_PATTERN,
  proxyInput,
  stubInput,
  type AddedRule,
  type JournalEntry,
  type MockRule,
  type StubInput,
  type ViolationEntry,
} from './schemas.ts';

export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the answer carries: JSON (the default), nothing (204), HTML, or server-sent events. */
export type ControlAnswer = 'json' | 'none' | 'html' | 'events';

export interface ControlEndpointDef<
  Id extends string = string,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: Id;
  method: ControlMethod;
  /** express-style, below /__mock: /personas/:id/token */
  path: string;
  summary: string;
  params: P;
  query: Q;
  /** undefined: the call takes no body (what is sent is ignored) */
  body?: B;
  response: R;
  /** status of a successful answer */
  status: number;
  answer: ControlAnswer;
}

const none = z.object({});

function row<
  const Id extends string,
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof none,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodUndefined,
>(def: {
  id: Id;
  method: ControlMethod;
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  status?: number;
  answer?: ControlAnswer;
}): ControlEndpointDef<Id, P, Q, B, R> {
  const answer = def.answer ?? (def.response ? 'json' : 'none');
  return {
    ...def,
    params: (def.params ?? none) as P,
    query: (def.query ?? none) as Q,
    response: (def.response ?? z.undefined()) as R,
    status: def.status ?? (answer === 'none' ? 204 : 200),
    answer,
  };
}

/* Inputs */

/** A persona's id: lower-case letters, digits, `-` and `_`, 1 to 64 characters. */
export const PERSONA_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const role = z.enum(ALL_ROLES as unknown as [string, ...string[]], 'unknown role');

export const personaInput = z
  .object({
    id: z.string().regex(PERSONA_ID_PATTERN, 'lower-case letters, digits, - and _').optional(),
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    email: z
      .string()
      .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'expected an e-mail address')
      .optional(),
    roles: z.array(role).max(40),
    contractIds: z.array(z.number().int().positive()).max(100),
    organizationIds: z.array(z.number().int().positive()).max(100).optional(),
    description: z.string().max(500).optional(),
  })
  .strict();
export type PersonaInput = z.input<typeof personaInput>;

export const roleChange = z
  .object({
    set: z.array(role).max(40).optional(),
    add: z.array(role).max(40).optional(),
    remove: z.array(role).max(40).optional(),
    /** change the roles of this contract only (portal-wide roles are refused here); without it, every membership */
    contractId: z.number().int().positive().optional(),
  })
  .strict()
  .refine((c) => c.set || c.add || c.remove, { message: 'give set, add or remove', path: ['set'] });
export type RoleChange = z.input<typeof roleChange>;

const latencySeed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)
  .optional();
const latencyMs = z.number().int().min(0).max(LATENCY_MAX_MS);

/**
 * The latency of every answer: a profile, a uniform range {minMs, maxMs}, or a log-normal draw
 * {distribution: 'lognormal', medianMs, sigma} (cut at maxMs). A seed makes the delays repeat.
 */
export const latencyInput = z.union([
  z.object({ profile: z.enum(['none', 'fast', 'slow', 'flaky']), seed: latencySeed }).strict(),
  z
    .object({
      distribution: z.literal('uniform').optional(),
      minMs: latencyMs,
      maxMs: latencyMs,
      seed: latencySeed,
    })
    .strict()
    .refine((l) => l.minMs <= l.maxMs, { message: 'minMs is above maxMs', path: ['maxMs'] }),
  z
    .object({
      distribution: z.literal('lognormal'),
      medianMs: z.number().int().min(1).max(LATENCY_MAX_MS),
      /** the spread: the standard deviation of the delay's logarithm (0.5: most delays within ×0.4-×2.7 of the median) */
      sigma: z.number().gt(0).max(4),
      minMs: latencyMs.optional(),
      maxMs: latencyMs.optional(),
      seed: latencySeed,
    })
    .strict()
    .refine((l) => (l.minMs ?? 0) <= l.medianMs && l.medianMs <= (l.maxMs ?? LATENCY_MAX_MS), {
      message: 'medianMs lies outside minMs-maxMs',
      path: ['medianMs'],
    }),
]);
export type LatencyInput = z.input<typeof latencyInput>;

export const seedQuery = z.object({
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  /**
   * The run partition this one belongs to (a test's partition in `portal test`): its stubs, faults
   * and latency apply here after this partition's own, and the calls made here show in its journal
   */
  run: z.string().regex(PARTITION_PATTERN, 'letters, digits, _ . : - (1 to 100)').optional(),
});

export const journalQuery = z.object({
  path: z.string().max(500).optional(),
  status: z.coerce.number().int().min(0).max(599).optional(),
  persona: z.string().max(100).optional(),
  method: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  since: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO date')
    .optional(),
});

export const captureInput = z
  .object({ headers: z.boolean().optional(), bodies: z.boolean().optional() })
  .strict();

export const tokenInput = z
  .object({
    ttlSeconds: z
      .number()
      .int()
      .min(-86_400)
      .max(30 * 86_400)
      .optional(),
  })
  .strict();

/** `journal verify`: the conditions of a rule, a status, a time, and how many calls are expected. */
export const journalVerifyInput = z
  .object({
    match: callConditions.default({ method: '*', path: '/**' }),
    status: z.number().int().min(0).max(599).optional(),
    since: z
      .string()
      .refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO date')
      .optional(),
    atLeast: z.number().int().min(0).optional(),
    atMost: z.number().int().min(0).optional(),
    exactly: z.number().int().min(0).optional(),
    /** nearest misses to show at most */
    misses: z.number().int().min(0).max(50).default(5),
  })
  .strict()
  .refine((v) => v.exactly === undefined || (v.atLeast === undefined && v.atMost === undefined), {
    message: 'exactly goes alone, without atLeast or atMost',
    path: ['exactly'],
  })
  .refine((v) => v.atLeast === undefined || v.atMost === undefined || v.atLeast <= v.atMost, {
    message: 'atLeast is above atMost',
    path: ['atMost'],
  });
export type JournalVerifyInput = z.input<typeof journalVerifyInput>;

/** A yes/no of a query string: `true` or `false` (what the control client sends for a boolean). */
const queryFlag = z
  .enum(['true', 'false'], 'expected true or false')
  .transform((v) => v === 'true')
  .optional();

export const stateExportQuery = z.object({
  /** also the partition's stubs and faults, as the inputs that add them again (`scenario export --with-rules`) */
  rules: queryFlag,
});

export const violationsQuery = z.object({
  since: journalQuery.shape.since,
  limit: journalQuery.shape.limit,
  /** every partition's violations, not only the caller's */
  all: queryFlag,
});

export const validationInput = z
  .object({
    enabled: z.boolean(),
    /** also the wire form of the query (lists as declared) and the answers' fields the contract does not name */
    strict: z.boolean().optional(),
  })
  .strict();

/* Answers */

export const mintedToken = z.object({ token: z.string(), refreshToken: z.string(), expiresAt: z.string() });
export type MintedToken = z.infer<typeof mintedToken>;

export const mockHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  persistence: z.unknown(),
  partitions: z.number(),
  scenario: z.string(),
  seed: z.number(),
  partition: z.string(),
  uptimeMs: z.number(),
  rssBytes: z.number(),
});
export type MockHealth = z.infer<typeof mockHealth>;

const membership = z.object({ contractId: z.number(), roles: z.array(z.string()) });

export const controlPersona = z.object({
  id: z.string(),
  userId: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  contractIds: z.array(z.number()),
  memberships: z.array(membership),
  organizationIds: z.array(z.number()),
  description: z.string(),
});
export type ControlPersona = z.infer<typeof controlPersona>;

export const userRoles = z.object({
  userId: z.number(),
  email: z.string(),
  personaId: z.string().nullable(),
  roles: z.array(z.string()),
  memberships: z.array(membership),
});
export type UserRoles = z.infer<typeof userRoles>;

export const latency = z.object({
  distribution: z.enum(LATENCY_DISTRIBUTIONS),
  /** the bounds: every delay lies within them (a log-normal draw is cut there) */
  minMs: z.number(),
  maxMs: z.number(),
  /** log-normal only */
  medianMs: z.number().optional(),
  sigma: z.number().optional(),
  /** the seed of the draws (given, or drawn when the latency was set): set it again to repeat them */
  seed: z.number(),
});
export type Latency = z.infer<typeof latency>;

/**
 * A scenario loaded (load, reset): it replaces the data only. The partition's stubs, faults and
 * latency stay in force, and `kept` says which, so nobody takes a stubbed answer for the scenario's.
 */
export const scenarioLoaded = z.object({
  name: z.string(),
  seed: z.number(),
  loadMs: z.number(),
  /** the run partition this one belongs to (loaded with query run) */
  run: z.string().optional(),
  /** the rules in force (spent ones aside) and the latency (null: none) that the load kept */
  kept: z.object({ stubs: z.number(), faults: z.number(), latency: latency.nullable() }),
});
export type ScenarioLoaded = z.infer<typeof scenarioLoaded>;

export const partitionSummary = z.object({
  name: z.string(),
  scenario: z.string(),
  seed: z.number(),
  /** stubs and faults in force */
  rules: z.number(),
  lastUsed: z.string(),
  /** the run partition it belongs to (a test's partition in `portal test`) */
  run: z.string().optional(),
});
export type PartitionSummary = z.infer<typeof partitionSummary>;

/** A partition evicted to make room under the cap (it was idle): `partition list` warns of it. */
export const partitionEviction = z.object({ name: z.string(), evictedAt: z.string(), lastUsed: z.string() });
export type PartitionEviction = z.infer<typeof partitionEviction>;

export const journalCapture = z.object({ headers: z.boolean(), bodies: z.boolean() });
export type JournalCapture = z.infer<typeof journalCapture>;

/** The proxy settings as the mock shows them (the token itself is never shown). */
export const proxySettings = z.object({
  target: z.string().nullable(),
  paths: z.array(z.string()),
  unknown: z.boolean(),
  record: z.boolean(),
  hasToken: z.boolean(),
  recorded: z.number(),
});
export type ProxySettings = z.infer<typeof proxySettings>;

const ruleScenarioState = z.object({ name: z.string(), state: z.string() });
export type RuleScenarioState = z.infer<typeof ruleScenarioState>;

const scenarioInfo = z.object({ name: z.string(), description: z.string() });
export type ScenarioInfo = z.infer<typeof scenarioInfo>;

const stateImported = z.object({
  name: z.string(),
  seed: z.number(),
  imported: z.literal(true),
  /** the stubs and faults the file brought (absent: it had none, the rules in force stay) */
  rules: z.object({ stubs: z.number(), faults: z.number(), warnings: z.array(z.string()) }).optional(),
});

/** Live validation of the traffic against the contract, the caller's partition's (`serve --validate` sets where new partitions start). */
export const validationSettings = z.object({
  enabled: z.boolean(),
  strict: z.boolean(),
  /** calls with a violation in the caller's partition's journal */
  violations: z.number(),
});
export type ValidationSettings = z.infer<typeof validationSettings>;

/** Shapes kept as TypeScript types (rules and journal entries are described in control.ts). */
const rules = z.custom<MockRule[]>();
const addedRule = z.custom<AddedRule>();
const byName = z.object({ name: z.string().min(1).max(200) });
const byId = z.object({ id: z.string().min(1).max(200) });
const byUser = z.object({ idOrEmail: z.string().min(1).max(320) });

export const journalVerdict = z.object({
  ok: z.boolean(),
  count: z.number(),
  /** in words: "exactly 1", "at least 2", "at most 0" */
  expected: z.string(),
  calls: z.custom<JournalEntry[]>(),
  /** the calls that came closest, and the parts that differed (method, path, query.q, header.x, body, persona, status) */
  nearestMisses: z.array(z.object({ call: z.custom<JournalEntry>(), differs: z.array(z.string()) })),
  /** parts that cannot be checked without capture (headers, bodies): `journal capture headers,bodies` */
  unchecked: z.array(z.string()),
});
export type JournalVerdict = z.infer<typeof journalVerdict>;

/* The table */

export const controlEndpoints = {
  health: row({
    id: 'health',
    method: 'GET',
    path: '/health',
    summary: '200 {status, scenario, seed, partition, ...} once ready',
    response: mockHealth,
  }),
  listPartitions: row({
    id: 'listPartitions',
    method: 'GET',
    path: '/partitions',
    summary: 'The state partitions: name, scenario, seed, rules, lastUsed (most recent first)',
    response: z.array(partitionSummary),
  }),
  listEvictions: row({
    id: 'listEvictions',
    method: 'GET',
    path: '/partitions/evicted',
    summary:
      'The partitions evicted lately to stay under MOCK_MAX_PARTITIONS (idle ones only: not called for 5 minutes, not in a run), the latest first',
    response: z.array(partitionEviction),
  }),
  deletePartition: row({
    id: 'deletePartition',
    method: 'DELETE',
    path: '/partitions/:name',
    summary: "Forget a partition ('default' cannot go)",
    params: byName,
  }),
  listScenarios: row({
    id: 'listScenarios',
    method: 'GET',
    path: '/scenarios',
    summary: 'The scenarios: [{name, description}]',
    response: z.array(scenarioInfo),
  }),
  loadScenario: row({
    id: 'loadScenario',
    method: 'POST',
    path: '/scenarios/:name',
    summary:
      "Load a scenario (query seed optional; query run=NAME: NAME's stubs, faults and latency apply here after this partition's own, and its journal also gets this partition's calls); answers once loaded: {name, seed, loadMs, run?, kept: {stubs, faults, latency}}; the data only: the partition's stubs, faults and latency are kept",
    params: byName,
    query: seedQuery,
    response: scenarioLoaded,
  }),
  reset: row({
    id: 'reset',
    method: 'POST',
    path: '/reset',
    summary:
      'Reload the current scenario with its seed: the data only; the stubs, faults and latency are kept (the answer counts them in kept)',
    response: scenarioLoaded,
  }),
  exportState: row({
    id: 'exportState',
    method: 'GET',
    path: '/state',
    summary:
      'Export the whole state as JSON; with query rules=true, also the stubs and faults (as `rules: {stubs, faults}`)',
    query: stateExportQuery,
    response: z.unknown(),
  }),
  importState: row({
    id: 'importState',
    method: 'PUT',
    path: '/state',
    summary:
      'Import a state exported by GET /__mock/state; its `rules`, if any, replace the stubs and faults (all or nothing)',
    body: z.unknown(),
    response: stateImported,
  }),
  listPersonas: row({
    id: 'listPersonas',
    method: 'GET',
    path: '/personas',
    summary: 'Personas: [{id, email, firstName, lastName, roles, contractIds, description}]',
    response: z.array(controlPersona),
  }),
  createPersona: row({
    id: 'createPersona',
    method: 'POST',
    path: '/personas',
    summary:
      'Create an ad-hoc persona {id?, firstName?, lastName?, email?, roles, contractIds, organizationIds?} (201)',
    body: personaInput,
    response: controlPersona,
    status: 201,
  }),
  mintToken: row({
    id: 'mintToken',
    method: 'POST',
    path: '/personas/:id/token',
    summary: 'Mint a token: {token, refreshToken, expiresAt}; body {ttlSeconds?} optional',
    params: byId,
    body: tokenInput,
    response: mintedToken,
  }),
  getRoles: row({
    id: 'getRoles',
    method: 'GET',
    path: '/users/:idOrEmail/roles',
    summary: "A user's roles: {userId, email, roles}",
    params: byUser,
    response: userRoles,
  }),
  changeRoles: row({
    id: 'changeRoles',
    method: 'PATCH',
    path: '/users/:idOrEmail/roles',
    summary: 'Change roles: {set?, add?, remove?, contractId?}',
    params: byUser,
    body: roleChange,
    response: userRoles,
  }),
  listFaults: row({
    id: 'listFaults',
    method: 'GET',
    path: '/faults',
    summary: 'Fault rules, with hits and hiddenBy',
    response: rules,
  }),
  addFault: row({
    id: 'addFault',
    method: 'POST',
    path: '/faults',
    summary:
      'Add a fault rule {method?, path (glob), query?, headers?, bodyFields?, persona?, priority?, status?, body?, delayMs?, drop?, malformed?, resetMidBody?, dribbleMs?, chunks?, rate?, seed?, times?, sequence?} (201, with warnings)',
    body: faultInput,
    response: addedRule,
    status: 201,
  }),
  clearFaults: row({
    id: 'clearFaults',
    method: 'DELETE',
    path: '/faults',
    summary: 'Remove every fault rule',
  }),
  removeFault: row({
    id: 'removeFault',
    method: 'DELETE',
    path: '/faults/:id',
    summary: 'Remove one fault rule',
    params: byId,
  }),
  listStubs: row({
    id: 'listStubs',
    method: 'GET',
    path: '/stubs',
    summary: 'Response overrides (stubs), with hits and hiddenBy',
    response: rules,
  }),
  addStub: row({
    id: 'addStub',
    method: 'POST',
    path: '/stubs',
    summary:
      'Add a stub {method?, path (glob), query?, headers?, bodyFields?, persona?, priority?, status?, responseHeaders?, body?, delayMs?, times?, sequence?} (201, with warnings)',
    body: stubInput,
    response: addedRule,
    status: 201,
  }),
  exportStubs: row({
    id: 'exportStubs',
    method: 'GET',
    path: '/stubs/export',
    summary:
      'The stubs as the inputs that add them again (oldest first): what POST /__mock/stubs/import reads back unchanged',
    response: z.custom<StubInput[]>(),
  }),
  importStubs: row({
    id: 'importStubs',
    method: 'POST',
    path: '/stubs/import',
    summary:
      'Add a list of stubs, all or nothing: an invalid one is refused (400 naming its index and why) and none is added (201, each with its warnings)',
    body: z.array(z.unknown()).max(10_000),
    response: z.custom<AddedRule[]>(),
    status: 201,
  }),
  clearStubs: row({
    id: 'clearStubs',
    method: 'DELETE',
    path: '/stubs',
    summary: 'Remove every stub',
  }),
  removeStub: row({
    id: 'removeStub',
    method: 'DELETE',
    path: '/stubs/:id',
    summary: 'Remove one stub',
    params: byId,
  }),
  listRules: row({
    id: 'listRules',
    method: 'GET',
    path: '/rules',
    summary:
      'Stubs and faults in the order they are tried (priority, then newest first), with hits and hiddenBy',
    response: rules,
  }),
  ruleScenarios: row({
    id: 'ruleScenarios',
    method: 'GET',
    path: '/rule-scenarios',
    summary:
      "The named scenarios of the rules (WireMock's scenarios) and their current state: [{name, state}]",
    response: z.array(ruleScenarioState),
  }),
  resetRuleScenarios: row({
    id: 'resetRuleScenarios',
    method: 'DELETE',
    path: '/rule-scenarios',
    summary: "Every rule scenario (or the one of query name) back to 'Started'; answers the states",
    query: z.object({ name: z.string().min(1).max(100).optional() }),
    response: z.array(ruleScenarioState),
  }),
  getLatency: row({
    id: 'getLatency',
    method: 'GET',
    path: '/latency',
    summary: 'The latency: {distribution, minMs, maxMs, medianMs?, sigma?, seed}',
    response: latency,
  }),
  setLatency: row({
    id: 'setLatency',
    method: 'PUT',
    path: '/latency',
    summary:
      "Set the latency: {profile: 'none'|'fast'|'slow'|'flaky'}, {minMs, maxMs, seed?} (uniform) or {distribution: 'lognormal', medianMs, sigma, minMs?, maxMs?, seed?}",
    body: latencyInput,
    response: latency,
  }),
  journal: row({
    id: 'journal',
    method: 'GET',
    path: '/journal',
    summary: 'Calls received, newest last; filters path (glob), status, persona, method, limit, since',
    query: journalQuery,
    response: z.custom<JournalEntry[]>(),
  }),
  verifyJournal: row({
    id: 'verifyJournal',
    method: 'POST',
    path: '/journal/verify',
    summary:
      'Count the calls matching the rule conditions (and status, since); ok when atLeast/atMost/exactly hold; the nearest misses say which part differed',
    body: journalVerifyInput,
    response: journalVerdict,
  }),
  journalViolations: row({
    id: 'journalViolations',
    method: 'GET',
    path: '/journal/violations',
    summary:
      'The calls whose request or answer broke the contract (live validation on), oldest first, each with its partition; query since, limit, all=true (every partition)',
    query: violationsQuery,
    response: z.custom<ViolationEntry[]>(),
  }),
  getValidation: row({
    id: 'getValidation',
    method: 'GET',
    path: '/validation',
    summary:
      "Live validation of the caller's partition's traffic against the contract: {enabled, strict, violations}",
    response: validationSettings,
  }),
  setValidation: row({
    id: 'setValidation',
    method: 'PUT',
    path: '/validation',
    summary:
      "Turn live validation on or off for the caller's partition, strict or not: {enabled, strict?}; each violation is marked in the journal and logged",
    body: validationInput,
    response: validationSettings,
  }),
  getCapture: row({
    id: 'getCapture',
    method: 'GET',
    path: '/journal/capture',
    summary: 'What the journal keeps besides each call line: {headers, bodies} (off by default)',
    response: journalCapture,
  }),
  setCapture: row({
    id: 'setCapture',
    method: 'PUT',
    path: '/journal/capture',
    summary:
      'Opt in or out: {headers?: boolean, bodies?: boolean} (tokens, cookies and personal fields masked)',
    body: captureInput,
    response: journalCapture,
  }),
  clearJournal: row({
    id: 'clearJournal',
    method: 'DELETE',
    path: '/journal',
    summary: 'Clear the journal',
  }),
  journalStream: row({
    id: 'journalStream',
    method: 'GET',
    path: '/journal/stream',
    summary: 'Server-sent events: one data line per call; filters path (glob), status, persona, method',
    query: journalQuery,
    answer: 'events',
  }),
  getProxy: row({
    id: 'getProxy',
    method: 'GET',
    path: '/proxy',
    summary: "This partition's hybrid mode: {target, paths, unknown, record, hasToken, recorded}",
    response: proxySettings,
  }),
  setProxy: row({
    id: 'setProxy',
    method: 'PUT',
    path: '/proxy',
    summary:
      "Set this partition's hybrid mode: {target (URL or null), paths? (globs), unknown?, record?, token?, keepToken?}",
    body: proxyInput,
    response: proxySettings,
  }),
  recordings: row({
    id: 'recordings',
    method: 'GET',
    path: '/proxy/recordings',
    summary: 'Recorded answers, as stubs (masked)',
    response: z.custom<StubInput[]>(),
  }),
  clearRecordings: row({
    id: 'clearRecordings',
    method: 'DELETE',
    path: '/proxy/recordings',
    summary: 'Forget the recorded answers',
  }),
  openapi: row({
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This OpenAPI document',
    response: z.record(z.string(), z.unknown()),
  }),
  docs: row({
    id: 'docs',
    method: 'GET',
    path: '/docs',
    summary: 'A browsable page of the API',
    answer: 'html',
  }),
};

export type ControlEndpoints = typeof controlEndpoints;
export type ControlId = keyof ControlEndpoints;
export const controlEndpointList: readonly ControlEndpointDef[] = Object.values(controlEndpoints);

type Def<Id extends ControlId> = ControlEndpoints[Id];
type HasNoKeys<S extends z.ZodType> =
  S extends z.ZodObject<infer Shape> ? ([keyof Shape] extends [never] ? true : false) : false;
type BodyOf<Id extends ControlId> = z.input<NonNullable<Def<Id>['body']>>;

/** What a call of a row takes: its path params, query and body, each when the row has some. */
export type ControlInput<Id extends ControlId> = (HasNoKeys<Def<Id>['params']> extends true
  ? { params?: undefined }
  : { params: z.input<Def<Id>['params']> }) & {
  query?: z.input<Def<Id>['query']>;
} & ([BodyOf<Id>] extends [never]
    ? { body?: undefined }
    : Record<never, never> extends BodyOf<Id>
      ? { body?: BodyOf<Id> }
      : { body: BodyOf<Id> });

/** What a row answers (parsed JSON), as its response schema gives it. */
export type ControlOutput<Id extends ControlId> = z.output<Def<Id>['response']>;

/** The path of a row with its params filled in (each encoded), below /__mock. */
export function controlPath(def: Pick<ControlEndpointDef, 'path'>, params: object = {}): string {
  return def.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
