/**
 * Applies the partition's latency profile, then its stubs and faults (one ordered list): the
 * delays of the matching rules, then the first rule that answers, if any.
 */
import type { NextFunction, Request, Response } from 'express';
import { DRIBBLE_CHUNKS, HEADER_NAME, HEADER_VALUE, type MockRule } from '../../control-api/schemas.ts';
import { EMPTY_PAGE, listShapeOf } from '../runtime/rules.ts';
import { hasTemplates, render, type TemplateRequest } from '../runtime/templates.ts';
import { ctxOf } from './context.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The body as bytes, whatever `write`/`end` were given. */
function bytesOf(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/**
 * WireMock's transport faults on whatever answer follows (the rule's or the mock's own): the body
 * is held back, then sent in `chunks` pieces spread over `dribbleMs` (a slow body), and/or only its
 * first half is sent after the headers, and the connection is reset (RST): the client sees the
 * status and part of a body of the announced length, then an error.
 */
function shapeBody(req: Request, res: Response, rule: MockRule): void {
  const { write, end } = res;
  const parts: Buffer[] = [];
  res.write = ((chunk: unknown, encoding?: unknown) => {
    if (chunk !== undefined && typeof chunk !== 'function') parts.push(bytesOf(chunk, encoding));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      parts.push(bytesOf(chunk, encoding));
    // the held body goes out through the response's own methods
    res.write = write;
    res.end = end;
    void deliver(req, res, Buffer.concat(parts), rule);
    return res;
  }) as typeof res.end;
}

async function deliver(req: Request, res: Response, body: Buffer, rule: MockRule): Promise<void> {
  const send = (piece: Buffer) => new Promise<void>((resolve) => res.write(piece, () => resolve()));
  req.socket.setNoDelay(true);
  // the length of the whole body is announced (unless the answer wrote its head already): a cut
  // body is then visibly short of it
  if (!res.headersSent) {
    res.removeHeader('transfer-encoding');
    res.setHeader('content-length', body.length);
  }
  res.flushHeaders();
  const sent = rule.resetMidBody ? body.subarray(0, Math.floor(body.length / 2)) : body;
  const chunks =
    rule.dribbleMs !== undefined ? Math.min(rule.chunks ?? DRIBBLE_CHUNKS, Math.max(sent.length, 1)) : 1;
  const size = Math.ceil(sent.length / chunks);
  for (let i = 0; i < chunks; i++) {
    if (i > 0 && rule.dribbleMs !== undefined) await sleep(rule.dribbleMs / (chunks - 1));
    if (req.socket.destroyed) return;
    const piece = sent.subarray(i * size, (i + 1) * size);
    if (piece.length) await send(piece);
  }
  if (!rule.resetMidBody) {
    res.end();
    return;
  }
  // let the bytes written reach the client before the reset throws away what is still queued
  await sleep(30);
  req.socket.resetAndDestroy();
}

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

export async function applyRules(req: Request, res: Response, next: NextFunction): Promise<void> {
  const context = ctxOf(res);
  const { partition, run, user } = context;
  // a test's partition without a latency of its own takes its run's
  const latency = partition.latency.none && run ? run.latency : partition.latency;
  if (!latency.none) await sleep(latency.next());
  if (partition.rules.size === 0 && !run?.rules.size) return next();
  const call = {
    method: req.method,
    path: req.path,
    query: req.query as Record<string, unknown>,
    headers: req.headers,
    body: req.body as unknown,
    persona: user?.personaId ?? null,
  };
  const decision = partition.rules.decide(call);
  // the run's rules come after the partition's own: they decide when none of these answered
  if (!decision.answer && run?.rules.size) {
    const inherited = run.rules.decide(call);
    decision.applied.push(...inherited.applied);
    decision.delayMs += inherited.delayMs;
    if (inherited.uplinkBytesPerSecond !== undefined)
      decision.uplinkBytesPerSecond = Math.min(
        decision.uplinkBytesPerSecond ?? Infinity,
        inherited.uplinkBytesPerSecond,
      );
    if (inherited.answer) decision.answer = inherited.answer;
  }
  const rule = decision.answer;
  context.rules = {
    applied: decision.applied,
    ...(rule ? { answeredBy: { id: rule.id, kind: rule.kind } } : {}),
  };
  if (decision.uplinkBytesPerSecond !== undefined)
    context.uplinkBytesPerSecond = decision.uplinkBytesPerSecond;
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
  // a slow or cut body: the answer below (or the mock's own) goes out through shapeBody
  if (rule.resetMidBody || rule.dribbleMs !== undefined) {
    shapeBody(req, res, rule);
    // the mock's own answer, sent the rule's way: the journal names the rule (a reset is `dropped`)
    if (rule.status === undefined && rule.body === undefined && !rule.sequence && !rule.malformed)
      return next();
  }
  let step = rule.step;
  let headers = { ...rule.responseHeaders, ...step.headers };
  if (rule.kind === 'stub' && !rule.literal && (hasTemplates(step.body) || hasTemplates(headers))) {
    try {
      const request = templateRequest(req);
      // an answer read as a page (HTML, XML, SVG) gets what its templates insert HTML-escaped
      const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      step = { ...step, body: render(step.body, request, /html|xml/i.test(type ?? '')) };
      headers = Object.fromEntries(
        Object.entries(render(headers, request)).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      );
    } catch (error) {
      res.status(500).json({ message: `Stub ${rule.id}: its template failed: ${(error as Error).message}` });
      return;
    }
  }
  const status = step.status ?? rule.status ?? 200;
  // a header Node cannot send (a template that put a line break in it): a 500 that names the stub
  const unsendable = Object.entries(headers).find(
    ([name, value]) => !HEADER_NAME.test(name) || !HEADER_VALUE.test(value),
  );
  if (unsendable) {
    res.status(500).json({
      message: `${rule.kind === 'stub' ? 'Stub' : 'Fault'} ${rule.id}: its header "${unsendable[0]}" is not a valid header (a line break, a control or non-Latin-1 character)`,
    });
    return;
  }
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
