/** Records every call (outside the control API) in its partition's journal once answered. */
import type { NextFunction, Request, Response } from 'express';
import { ctxOf } from './context.ts';

export function journal(req: Request, res: Response, next: NextFunction): void {
  // 'close' follows 'finish' on every answer (one listener per call, not two); a dropped
  // connection (fault rule) or a client gone before the end is recorded with status 0
  res.once('close', () => {
    const { user, partition, started } = ctxOf(res);
    partition.journal.record({
      time: new Date().toISOString(),
      method: req.method,
      path: req.path,
      status: res.writableFinished ? res.statusCode : 0,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      persona: user ? (user.personaId ?? `user:${user.id}`) : null,
    });
  });
  next();
}
