/** Applies the partition's latency profile, then the first fault rule matching the call. */
import type { NextFunction, Request, Response } from 'express';
import { ctxOf } from './context.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function faults(req: Request, res: Response, next: NextFunction): Promise<void> {
  const { partition } = ctxOf(res);
  const { minMs, maxMs } = partition.latency;
  if (maxMs > 0) await sleep(minMs + Math.random() * (maxMs - minMs));
  const rule = partition.faults.take(req.method, req.path);
  if (!rule) return next();
  if (rule.delayMs) await sleep(rule.delayMs);
  if (rule.drop) {
    req.socket.destroy();
    return;
  }
  if (rule.malformed) {
    res
      .status(rule.status ?? 200)
      .type('application/json')
      .send('{"malformed": tru');
    return;
  }
  if (rule.status !== undefined) {
    if (rule.status === 204 || rule.status === 304) {
      res.status(rule.status).end();
      return;
    }
    res
      .status(rule.status)
      .json(rule.body !== undefined ? rule.body : { message: `Injected fault: status ${rule.status}` });
    return;
  }
  next();
}
