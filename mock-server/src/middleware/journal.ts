/** Records every call (outside the control API) in its partition's journal once answered. */
import type { NextFunction, Request, Response } from 'express';
import type { JournalOutcome } from '@portal/contract';
import { maskBody, maskHeaders } from '../runtime/journal.ts';
import { ctxOf } from './context.ts';

export function journal(req: Request, res: Response, next: NextFunction): void {
  // 'close' follows 'finish' on every answer (one listener per call, not two); without an answer
  // a fault rule dropped the connection, or the client went away first
  res.once('close', () => {
    const { user, partition, started, rules, proxied } = ctxOf(res);
    const answered = res.writableFinished;
    const outcome: JournalOutcome = answered ? 'answered' : rules?.answeredBy ? 'dropped' : 'aborted';
    const at = req.originalUrl.indexOf('?');
    const { capture } = partition.journal;
    partition.journal.record({
      time: new Date().toISOString(),
      method: req.method,
      path: req.path,
      query: at < 0 ? '' : req.originalUrl.slice(at + 1),
      status: answered ? res.statusCode : null,
      outcome,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      persona: user ? (user.personaId ?? `user:${user.id}`) : null,
      ...(rules?.answeredBy ? { rule: rules.answeredBy } : {}),
      ...(proxied ? { proxied: true } : {}),
      ...(capture.headers ? { headers: maskHeaders(req.headers) } : {}),
      ...(capture.bodies && req.body !== undefined ? { body: maskBody(req.body) } : {}),
    });
  });
  next();
}
