/**
 * The control API under /__mock: one route per row of the control table
 * (mock-server/control-api/endpoints.ts), answered by the row's handler (handlers.ts) with the row's inputs parsed.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import { controlEndpointList, type ControlEndpointDef, type ControlId } from '../../control-api/endpoints.ts';
import { isPortalOrigin } from '../middleware/cors.ts';
import { ApiFailure, issuesOf } from '../store/errors.ts';
import { controlHandlers, type ControlCall, type ControlHandler } from './handlers.ts';

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

/** The row's inputs, parsed: a write without a body reads as `{}` when the row accepts that. */
function inputsOf(def: ControlEndpointDef, req: Request) {
  const given: unknown = req.body;
  const body =
    def.body === undefined ? undefined : given === undefined && def.body.safeParse({}).success ? {} : given;
  return {
    params: parse(def.params, req.params, 'path'),
    query: parse(def.query, req.query, 'query'),
    body: def.body === undefined ? undefined : parse(def.body, body),
  };
}

function answer(def: ControlEndpointDef, res: Response, output: unknown): void {
  if (res.headersSent) return;
  if (def.answer === 'none') res.status(def.status).end();
  else res.status(def.status).json(output);
}

export function controlRouter(): Router {
  const router = express.Router();
  router.use(localToolsOnly);
  for (const def of controlEndpointList) {
    const handler = controlHandlers[def.id as ControlId] as ControlHandler<ControlId>;
    const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    // express 5 hands a rejected promise to the error handler
    router[method](def.path, async (req, res) => {
      const call = { ...inputsOf(def, req), req, res } as ControlCall<ControlId>;
      answer(def, res, await handler(call));
    });
  }
  router.use((req, res) => {
    res.status(404).json({ message: `No control route ${req.method} /__mock${req.path}` });
  });
  return router;
}
