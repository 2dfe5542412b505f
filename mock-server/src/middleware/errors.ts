/**
 * Turns every failure into a JSON 4xx body { message, errors? }; nothing a client sends gives a 500.
 * A 400 always names at least one field in errors (the whole input: path '').
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiFailure } from '../store/errors.ts';

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
  code?: string;
}

/** The error of a 400 that names no field: the whole input. */
function wholeInput(message: string): { path: string; message: string }[] {
  return [{ path: '', message }];
}

export function notFoundRoute(req: Request, res: Response): void {
  res.status(404).json({ message: `No route ${req.method} ${req.path}` });
}

export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (error instanceof ApiFailure) {
    // RFC 6750: a 401 says which scheme it expects
    if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="portal"');
    const errors = error.errors?.length
      ? error.errors
      : error.status === 400
        ? wholeInput(error.message)
        : undefined;
    res.status(error.status).json({ message: error.message, ...(errors ? { errors } : {}) });
    return;
  }
  const e = (error ?? {}) as HttpishError;
  if (e.type === 'entity.too.large') {
    res.status(413).json({ message: 'Request body too large' });
    return;
  }
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'Malformed JSON body', errors: [{ path: '', message: 'invalid JSON' }] });
    return;
  }
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    res.status(415).json({ message: e.message ?? 'Unsupported encoding' });
    return;
  }
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = e.expose !== false && e.message ? e.message : 'Bad request';
    res.status(status).json({ message, ...(status === 400 ? { errors: wholeInput(message) } : {}) });
    return;
  }
  console.error(`[mock-server] ${req.method} ${req.originalUrl} failed:`, error);
  res.status(500).json({ message: 'Internal mock server error' });
}
