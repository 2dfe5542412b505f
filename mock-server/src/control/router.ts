/** The control API under /__mock: scenarios, state, personas, roles, faults, latency, journal, docs. */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { DEFAULT_SEED, isScenarioName, scenarioNames, scenarios } from '@portal/fixtures';
import { mintTokens } from '../auth/jwt.ts';
import { requestedPartition, runtimeOf } from '../middleware/context.ts';
import { isPortalOrigin } from '../middleware/cors.ts';
import { ApiFailure, issuesOf, notFound } from '../store/errors.ts';
import { docsPage, mockOpenApi } from './docs.ts';
import { faultInput, LATENCY_PROFILES, latencyInput, stubInput } from '../runtime/faults.ts';
import type { JournalEntry } from '../runtime/journal.ts';
import {
  changeRoles,
  createPersona,
  findUser,
  listPersonas,
  personaInput,
  roleChange,
} from '../runtime/personas.ts';
import { personaView, rolesView } from '../wire/views.ts';
import { validateImportedState } from '../runtime/state-io.ts';
import { proxyInput } from '../runtime/proxy.ts';
import { DEFAULT_PARTITION } from '../runtime/partitions.ts';
import { userByPersona } from '../store/access.ts';

function parse<T extends z.ZodType>(schema: T, value: unknown, what = 'request body'): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ApiFailure(
      400,
      `Invalid ${what}: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}`,
      issuesOf(result.error),
    );
  }
  return result.data;
}

const seedQuery = z.object({
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
const journalQuery = z.object({
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
const captureInput = z.object({ headers: z.boolean().optional(), bodies: z.boolean().optional() }).strict();
const tokenInput = z
  .object({
    ttlSeconds: z
      .number()
      .int()
      .min(-86_400)
      .max(30 * 86_400)
      .optional(),
  })
  .strict()
  .optional();

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The control API changes the state of everyone using the server: its writes come from the local tools
 * (CLI, tests, the portal in development), never from another web page. A write from a browser origin
 * that is not the portal's is refused (403), and so is a write with a body that is not JSON (415: a web
 * page can send text/plain across origins without asking first).
 */
function localToolsOnly(req: Request, _res: Response, next: NextFunction): void {
  if (READS.has(req.method)) return next();
  const origin = req.headers.origin;
  if (origin !== undefined && !isPortalOrigin(req, origin))
    throw new ApiFailure(
      403,
      `Control API writes are refused from the browser origin ${origin.slice(0, 200)}`,
    );
  if (origin === undefined && req.headers['sec-fetch-site'] === 'cross-site')
    throw new ApiFailure(403, 'Control API writes are refused from another site (no origin given)');
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json'))
    throw new ApiFailure(415, 'Control API writes take a JSON body (Content-Type: application/json)');
  next();
}

export function controlRouter(): Router {
  const router = express.Router();
  router.use(localToolsOnly);
  const partitionOf = (req: Request) => runtimeOf(req).partitions.get(requestedPartition(req));

  router.get('/health', (req, res) => {
    const p = partitionOf(req);
    const runtime = runtimeOf(req);
    const persistence = runtime.stateFile?.status() ?? null;
    res.json({
      // degraded: the last save of the state file failed (acknowledged writes are not on disk)
      status: persistence?.failing ? 'degraded' : 'ok',
      persistence,
      partitions: runtime.partitions.names().length,
      scenario: p.scenario,
      seed: p.seed,
      partition: p.name,
      uptimeMs: Date.now() - runtimeOf(req).startedAt,
      rssBytes: process.memoryUsage().rss,
    });
  });

  router.get('/partitions', (req, res) => {
    res.json(
      runtimeOf(req)
        .partitions.list()
        .map((p) => ({
          name: p.name,
          scenario: p.scenario,
          seed: p.seed,
          rules: p.faults.size,
          lastUsed: new Date(p.lastUsed).toISOString(),
        })),
    );
  });
  router.delete('/partitions/:name', (req, res) => {
    const name = String(req.params.name);
    if (name === DEFAULT_PARTITION)
      throw new ApiFailure(400, 'The default partition cannot be deleted: reset it instead', [
        { path: 'name', message: 'the default partition cannot be deleted' },
      ]);
    if (!runtimeOf(req).partitions.delete(name)) throw notFound('Partition', name);
    res.status(204).end();
  });

  router.get('/scenarios', (_req, res) => {
    res.json(scenarioNames.map((name) => ({ name, description: scenarios[name].description })));
  });

  router.post('/scenarios/:name', (req, res) => {
    const name = String(req.params.name);
    if (!isScenarioName(name))
      throw new ApiFailure(404, `Unknown scenario "${name}": ${scenarioNames.join(', ')}`);
    const { seed } = parse(seedQuery, req.query, 'query');
    const p = partitionOf(req);
    const started = performance.now();
    runtimeOf(req).partitions.loadScenario(p, name, seed ?? DEFAULT_SEED);
    res.json({ name, seed: p.seed, loadMs: Math.round(performance.now() - started) });
  });

  router.post('/reset', (req, res) => {
    const p = partitionOf(req);
    const name = isScenarioName(p.scenario) ? p.scenario : 'default';
    const started = performance.now();
    runtimeOf(req).partitions.loadScenario(p, name, p.seed);
    res.json({ name, seed: p.seed, loadMs: Math.round(performance.now() - started) });
  });

  router.get('/state', (req, res) => {
    res.type('application/json').send(JSON.stringify(partitionOf(req).db.state));
  });

  router.put('/state', (req, res) => {
    const checked = validateImportedState(req.body);
    if (!checked.ok)
      throw new ApiFailure(400, `Invalid state: ${checked.message}`, [
        { path: '', message: checked.message },
      ]);
    const p = partitionOf(req);
    runtimeOf(req).partitions.replaceState(p, checked.state);
    res.json({ name: p.scenario, seed: p.seed, imported: true });
  });

  router.get('/personas', (req, res) => {
    res.json(listPersonas(partitionOf(req).db).map(personaView));
  });

  router.post('/personas', (req, res) => {
    const input = parse(personaInput, req.body);
    res.status(201).json(personaView(createPersona(partitionOf(req).db, input)));
  });

  router.post('/personas/:id/token', (req, res) => {
    const p = partitionOf(req);
    const user = userByPersona(p.db, String(req.params.id));
    if (!user) throw notFound('Persona', String(req.params.id));
    const input = parse(
      tokenInput,
      req.body && Object.keys(req.body as object).length ? req.body : undefined,
    );
    res.json(mintTokens(user, p.name, runtimeOf(req).key, input?.ttlSeconds));
  });

  router.get('/users/:idOrEmail/roles', (req, res) => {
    res.json(rolesView(findUser(partitionOf(req).db, String(req.params.idOrEmail))));
  });

  router.patch('/users/:idOrEmail/roles', (req, res) => {
    const p = partitionOf(req);
    const change = parse(roleChange, req.body);
    res.json(rolesView(changeRoles(p.db, findUser(p.db, String(req.params.idOrEmail)), change)));
  });

  // stubs and faults: one ordered list per partition; /faults and /stubs show and change one kind
  for (const [route, kind, schema] of [
    ['faults', 'fault', faultInput],
    ['stubs', 'stub', stubInput],
  ] as const) {
    const what = kind === 'fault' ? 'Fault rule' : 'Stub';
    router.get(`/${route}`, (req, res) => {
      res.json(partitionOf(req).faults.list(kind));
    });
    router.post(`/${route}`, (req, res) => {
      res.status(201).json(partitionOf(req).faults.add(kind, parse(schema, req.body)));
    });
    router.delete(`/${route}`, (req, res) => {
      partitionOf(req).faults.clear(kind);
      res.status(204).end();
    });
    router.delete(`/${route}/:id`, (req, res) => {
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || !partitionOf(req).faults.remove(id, kind))
        throw notFound(what, String(req.params.id));
      res.status(204).end();
    });
  }
  router.get('/rules', (req, res) => {
    res.json(partitionOf(req).faults.list());
  });

  router.get('/latency', (req, res) => {
    res.json(partitionOf(req).latency);
  });
  router.put('/latency', (req, res) => {
    const input = parse(latencyInput, req.body);
    const p = partitionOf(req);
    p.latency =
      'profile' in input
        ? { ...LATENCY_PROFILES[input.profile] }
        : { minMs: input.minMs, maxMs: input.maxMs };
    res.json(p.latency);
  });

  router.get('/journal', (req, res) => {
    res.json(partitionOf(req).journal.list(parse(journalQuery, req.query, 'query')));
  });
  router.get('/journal/capture', (req, res) => {
    res.json(partitionOf(req).journal.capture);
  });
  router.put('/journal/capture', (req, res) => {
    const journal = partitionOf(req).journal;
    journal.capture = { ...journal.capture, ...parse(captureInput, req.body) };
    res.json(journal.capture);
  });
  router.delete('/journal', (req, res) => {
    partitionOf(req).journal.clear();
    res.status(204).end();
  });
  router.get('/journal/stream', (req: Request, res: Response) => {
    const p = partitionOf(req);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = p.journal.subscribe((entry: JournalEntry) => {
      res.write(`data: ${JSON.stringify(entry)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    heartbeat.unref();
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  router.get('/proxy', (req, res) => {
    res.json(runtimeOf(req).proxy.view());
  });
  router.put('/proxy', (req, res) => {
    res.json(runtimeOf(req).proxy.set(parse(proxyInput, req.body)));
  });
  router.get('/proxy/recordings', (req, res) => {
    res.json(runtimeOf(req).proxy.listRecordings());
  });
  router.delete('/proxy/recordings', (req, res) => {
    runtimeOf(req).proxy.clearRecordings();
    res.status(204).end();
  });

  router.get('/openapi.json', (req, res) => {
    res.json(mockOpenApi(`${req.protocol}://${req.get('host') ?? 'localhost'}`));
  });
  router.get('/docs', (_req, res) => {
    res.type('text/html; charset=utf-8').send(docsPage());
  });

  router.use((req, res) => {
    res.status(404).json({ message: `No control route ${req.method} /__mock${req.path}` });
  });
  return router;
}
