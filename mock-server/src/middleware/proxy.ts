/** Hybrid mode's two places in the chain (see runtime/proxy.ts): chosen paths first, unknown ones last. */
import type { NextFunction, Request, Response } from 'express';
import { ctxOf, runtimeOf } from './context.ts';

/** Chosen paths go to the backend before any route of the mock. */
export async function proxyChosen(req: Request, res: Response, next: NextFunction): Promise<void> {
  const proxy = runtimeOf(req).proxy;
  if (!proxy.takes(req.path)) return next();
  await proxy.forward(req, res, () => (ctxOf(res).proxied = true));
}

/** With `unknown`, what no route of the mock answered goes to the backend. */
export async function proxyUnknown(req: Request, res: Response, next: NextFunction): Promise<void> {
  const proxy = runtimeOf(req).proxy;
  if (!proxy.takesUnknown) return next();
  await proxy.forward(req, res, () => (ctxOf(res).proxied = true));
}
