/**
 * Applies the partition's latency profile, then its stubs and faults (one ordered list): the
 * delays of the matching rules, then the first rule that answers, if any.
 */
import type { NextFunction, Request, Response } from 'express';
import { EMPTY_PAGE, listShapeOf } from '../runtime/faults.ts';
import { hasTemplates, render, type TemplateRequest } from '../runtime/templates.ts';
import { ctxOf } from './context.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a stub's templates see of the call. */
function templateRequest(req: Request): TemplateRequest {
  return {
    method: req.method,
    path: req.path,
    pathSegments: req.path.split('/').filter(Boolean),
    query: req.query as Record<string, unknown>,
    headers: req.headers,
    body: req.body as unknown,
  };
}

export async function faults(req: Request, res: Response, next: NextFunction): Promise<void> {
  const context = ctxOf(res);
  const { partition, user } = context;
  const { minMs, maxMs } = partition.latency;
  if (maxMs > 0) await sleep(minMs + Math.random() * (maxMs - minMs));
  if (partition.faults.size === 0) return next();
  const decision = partition.faults.decide({
    method: req.method,
    path: req.path,
    query: req.query as Record<string, unknown>,
    headers: req.headers,
    body: req.body as unknown,
    persona: user?.personaId ?? null,
  });
  const rule = decision.answer;
  context.rules = {
    applied: decision.applied,
    ...(rule ? { answeredBy: { id: rule.id, kind: rule.kind } } : {}),
  };
  if (decision.delayMs) await sleep(decision.delayMs);
  if (!rule) return next();
  if (rule.drop) {
    req.socket.destroy();
    return;
  }
  if (rule.dropAnswer) {
    // the handler runs and changes the state; its answer never leaves: the connection closes instead
    const lose = () => {
      req.socket.destroy();
      return res;
    };
    res.writeHead = lose as unknown as typeof res.writeHead;
    res.write = lose as unknown as typeof res.write;
    res.end = lose as unknown as typeof res.end;
    return next();
  }
  let step = rule.step;
  let headers = { ...rule.responseHeaders, ...step.headers };
  if (rule.kind === 'stub' && (hasTemplates(step.body) || hasTemplates(headers))) {
    try {
      const request = templateRequest(req);
      step = { ...step, body: render(step.body, request) };
      headers = render(headers, request);
    } catch (error) {
      res.status(500).json({ message: `Stub ${rule.id}: its template failed: ${(error as Error).message}` });
      return;
    }
  }
  const status = step.status ?? rule.status ?? 200;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (rule.malformed) {
    res.status(status).type('application/json').send('{"malformed": tru');
    return;
  }
  // a sequence's 2xx step without a body of its own: the mock's real answer (the retry succeeds)
  if (step.body === undefined && status < 300 && rule.sequence) {
    context.rules.answeredBy = undefined;
    return next();
  }
  if (status === 204 || status === 304) {
    res.status(status).end();
    return;
  }
  if (step.body !== undefined) {
    res.status(status).json(step.body);
    return;
  }
  // a stub without a body on a list: an empty list, with the paging headers of an empty page
  const list = rule.kind === 'stub' && status < 300 ? listShapeOf(req.method, req.path) : undefined;
  if (list) {
    if (list.paginated)
      for (const [name, value] of Object.entries(EMPTY_PAGE))
        if (!res.hasHeader(name)) res.setHeader(name, value);
    res.status(status).json([]);
    return;
  }
  res.status(status).json({
    message: `${rule.kind === 'stub' ? 'Stubbed' : 'Injected fault:'} status ${status}`,
  });
}
