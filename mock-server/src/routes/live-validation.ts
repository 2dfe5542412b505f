/**
 * Live validation in the pipeline (contract-validation.ts): placed before the rules and the
 * proxy (app.ts), it checks the request, then keeps the bytes of the answer, whoever writes it, and
 * checks them once it is sent. A call with differences is marked in the journal (its `violation`)
 * and logged as one line: method, path, endpoint id, what differs.
 */
import type { NextFunction, Request, Response } from 'express';
import { answerProblems, endpointOf, requestProblems, shown } from './contract-validation.ts';
import { ctxOf, runtimeOf } from '../middleware/context.ts';

/** Answers bigger than this are not checked (their bytes are not kept). */
const ANSWER_LIMIT = 8 * 1024 * 1024;

/** Keeps what is written of the answer (up to ANSWER_LIMIT; null past it). */
function keepAnswer(res: Response): () => Buffer | null {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > ANSWER_LIMIT) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as typeof res.end;
  return () => (size > ANSWER_LIMIT ? null : Buffer.concat(chunks));
}

export function contractValidation(req: Request, res: Response, next: NextFunction): void {
  const runtime = runtimeOf(req);
  if (!runtime.validation.enabled) return next();
  const found = endpointOf(req.method, req.path);
  const context = ctxOf(res);
  if (!found) {
    // the contract's own prefix: a call there that no endpoint answers is the caller's mistake
    if (req.path.startsWith('/api/')) {
      context.violation = {
        endpoint: null,
        problems: [`no endpoint of the contract answers ${req.method} ${req.path}`],
      };
      runtime.reportViolation(req.method, req.path, context.violation);
    }
    return next();
  }
  const { def, params } = found;
  const problems = requestProblems(def, { params, query: req.query, body: req.body as unknown });
  const answer = keepAnswer(res);
  // 'finish' comes before 'close', where the journal records the call
  res.once('finish', () => {
    const bytes = answer();
    if (bytes)
      problems.push(
        ...answerProblems(def, res.statusCode, String(res.getHeader('content-type') ?? ''), bytes),
      );
    if (problems.length === 0) return;
    context.violation = { endpoint: def.id, problems: shown(problems) };
    runtime.reportViolation(req.method, req.originalUrl, context.violation);
  });
  next();
}
