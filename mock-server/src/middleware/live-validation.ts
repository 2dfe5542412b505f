/**
 * Live validation in the pipeline (runtime/contract-validation.ts): placed before the rules and the
 * proxy (app.ts), it checks the request, then keeps the bytes of the answer, whoever writes it, and
 * checks them once it is sent. A call with differences is marked in the journal (its `violation`)
 * and logged as one line: partition, method, path, endpoint id and spec line, what differs.
 *
 * Each partition switches its own validation (on, strict). Only calls the contract lets through
 * are checked: a call without a valid token to an endpoint that needs one is answered 401 and not
 * read further. The check is bounded (problems counted past a cap, answers past ANSWER_LIMIT not
 * kept) and never ends the process: a check that throws is logged and marked as such.
 */
import type { NextFunction, Request, Response } from 'express';
import { checkCall, endpointOf, violationOf } from '../runtime/contract-validation.ts';
import { ctxOf, runtimeOf } from './context.ts';
import type { ContractViolation } from '../../control-api/schemas.ts';

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
    if (size <= ANSWER_LIMIT) chunks.push(buffer);
    else chunks.length = 0;
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

/** The one line a check that threw leaves in the journal. */
function failedCheck(error: unknown): string[] {
  return [
    `validation: the check could not complete (${error instanceof Error ? error.name : 'error'}); the call was answered`,
  ];
}

export function contractValidation(req: Request, res: Response, next: NextFunction): void {
  const context = ctxOf(res);
  const { partition } = context;
  if (!partition.validation.enabled) return next();
  const runtime = runtimeOf(req);
  const report = (violation: ContractViolation) => {
    context.violation = violation;
    runtime.reportViolation(partition.name, req.method, req.originalUrl, violation);
  };
  const found = endpointOf(req.method, req.path);
  if (!found) {
    // the contract's own prefix: a call there that no endpoint answers is the caller's mistake
    if (req.path.startsWith('/api/') && context.user)
      report(
        violationOf(null, [`request path: no endpoint of the contract answers ${req.method} ${req.path}`]),
      );
    return next();
  }
  const { def, params } = found;
  // after authentication: a call the contract refuses for want of a token is not read
  if (!def.public && !context.user) return next();
  const mark = req.originalUrl.indexOf('?');
  let answered: ReturnType<typeof checkCall>;
  try {
    answered = checkCall(
      def,
      { params, query: mark < 0 ? '' : req.originalUrl.slice(mark + 1), body: req.body as unknown },
      partition.validation.strict,
    );
  } catch (error) {
    console.error(`mock-server: live validation of ${req.method} ${req.path} failed:`, error);
    report(violationOf(def, failedCheck(error)));
    return next();
  }
  const answer = keepAnswer(res);
  // 'finish' comes before 'close', where the journal records the call
  res.once('finish', () => {
    try {
      const violation = answered({
        status: res.statusCode,
        headers: (name) => {
          const value = res.getHeader(name);
          return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
        },
        bytes: answer(),
        head: req.method === 'HEAD',
      });
      if (violation) report(violation);
    } catch (error) {
      console.error(`mock-server: live validation of ${req.method} ${req.path} failed:`, error);
      report(violationOf(def, failedCheck(error)));
    }
  });
  next();
}
