/**
 * Hybrid mode's two places in the chain (see runtime/proxy.ts): chosen paths first, unknown ones
 * last. The proxy is the call's partition's: one user's recording or target changes no one else's.
 */
import type { NextFunction, Request, Response } from 'express';
import { ctxOf } from './context.ts';

/** Chosen paths go to the backend before any route of the mock. */
export async function proxyChosen(req: Request, res: Response, next: NextFunction): Promise<void> {
  const { proxy } = ctxOf(res).partition;
  if (!proxy.takes(req.path)) return next();
  await proxy.forward(req, res, () => (ctxOf(res).proxied = true));
}

/** With `unknown`, what no route of the mock answered goes to the backend. */
export async function proxyUnknown(req: Request, res: Response, next: NextFunction): Promise<void> {
  const { proxy } = ctxOf(res).partition;
  if (!proxy.takesUnknown) return next();
  await proxy.forward(req, res, () => (ctxOf(res).proxied = true));
}
