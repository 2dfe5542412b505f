/** Records every call (outside the control API) in its partition's journal once answered. */
import type { NextFunction, Request, Response } from 'express';
import { ctxOf } from './context.ts';

export function journal(req: Request, res: Response, next: NextFunction): void {
  const context = ctxOf(res);
  let done = false;
  const record = (status: number) => {
    if (done) return;
    done = true;
    const { user, partition, started } = ctxOf(res);
    partition.journal.record({
      time: new Date().toISOString(),
      method: req.method,
      path: req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      persona: user ? (user.personaId ?? `user:${user.id}`) : null,
    });
  };
  res.on('finish', () => record(res.statusCode));
  // a dropped connection (fault rule) or a client gone: status 0
  res.on('close', () => record(res.writableFinished ? res.statusCode : 0));
  void context;
  next();
}
