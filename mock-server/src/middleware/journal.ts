/** Records every call (outside the control API) in its partition's journal once answered. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { JournalOutcome } from '../../control-api/schemas.ts';
import { maskBody, maskHeaders, maskQueryText } from '../runtime/journal.ts';
import { ctxOf, type RequestContext } from './context.ts';

/**
 * Records the call in its partition's journal once it is over. `path` without the query, `query`
 * the raw text after `?`; the context is read then (the rules and the proxy fill it in meanwhile).
 */
function journalOnClose(
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  context: RequestContext,
  path: string,
  query: string,
): void {
  // 'close' follows 'finish' on every answer (one listener per call, not two); without an answer
  // a fault rule dropped the connection, or the client went away first
  res.once('close', () => {
    const { user, partition, run, started, rules, proxied, violation, upload } = context;
    const answered = res.writableFinished;
    const outcome: JournalOutcome = answered ? 'answered' : rules?.answeredBy ? 'dropped' : 'aborted';
    const { capture } = partition.journal;
    const record = {
      time: Date.now(),
      method: req.method as string,
      path,
      // secrets masked (`?token=` of the single sign-on, `?access_token=`)
      query: maskQueryText(query),
      status: answered ? res.statusCode : null,
      outcome,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      persona: user ? (user.personaId ?? `user:${user.id}`) : null,
      ...(rules?.answeredBy ? { rule: rules.answeredBy } : {}),
      ...(proxied ? { proxied: true } : {}),
      ...(upload ? { file: upload } : {}),
      ...(violation ? { violation } : {}),
      ...(capture.headers ? { headers: maskHeaders(req.headers) } : {}),
      ...(capture.bodies && req.body !== undefined ? { body: maskBody(req.body) } : {}),
    };
    partition.journal.record(record);
    // the run partition's journal has the calls of its tests, each naming the partition it came from
    run?.journal.record({ ...record, from: partition.name });
  });
}

export function journal(req: Request, res: Response, next: NextFunction): void {
  const at = req.originalUrl.indexOf('?');
  journalOnClose(req, res, ctxOf(res), req.path, at < 0 ? '' : req.originalUrl.slice(at + 1));
  next();
}
