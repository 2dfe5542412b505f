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

/** The JSON answer of a failure: its status, its body, and whether it asks for a bearer token. */
function errorAnswer(
  error: unknown,
  call: { method?: string | undefined; url?: string | undefined },
): {
  status: number;
  body: { message: string; errors?: { path: string; message: string }[] };
  bearer?: true;
} {
  if (error instanceof ApiFailure) {
    const errors = error.errors?.length
      ? error.errors
      : error.status === 400
        ? wholeInput(error.message)
        : undefined;
    return {
      status: error.status,
      body: { message: error.message, ...(errors ? { errors } : {}) },
      // RFC 6750: a 401 says which scheme it expects
      ...(error.status === 401 ? { bearer: true as const } : {}),
    };
  }
  const e = (error ?? {}) as HttpishError;
  if (e.type === 'entity.too.large') return { status: 413, body: { message: 'Request body too large' } };
  if (e.type === 'entity.parse.failed')
    return {
      status: 400,
      body: { message: 'Malformed JSON body', errors: [{ path: '', message: 'invalid JSON' }] },
    };
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
    return { status: 415, body: { message: e.message ?? 'Unsupported encoding' } };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = e.expose !== false && e.message ? e.message : 'Bad request';
    return { status, body: { message, ...(status === 400 ? { errors: wholeInput(message) } : {}) } };
  }
  console.error(`[mock-server] ${call.method} ${call.url} failed:`, error);
  return { status: 500, body: { message: 'Internal mock server error' } };
}

const BEARER_CHALLENGE = 'Bearer realm="portal"';

export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const { status, body, bearer } = errorAnswer(error, { method: req.method, url: req.originalUrl });
  if (bearer) res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
  res.status(status).json(body);
}
