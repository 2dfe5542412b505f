/** CORS for the portal: any localhost / 127.0.0.1 origin, plus MOCK_CORS_ORIGINS. */
import type { NextFunction, Request, Response } from 'express';
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@portal/contract/constants';
import { runtimeOf } from './context.ts';

const LOCAL = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
const EXPOSED = [...Object.values(PAGINATION_HEADERS), IDEMPOTENT_REPLAYED_HEADER].join(', ');
const ALLOWED = ['Authorization', 'Content-Type', 'x-mock-partition', IDEMPOTENCY_HEADER].join(', ');

/**
 * The portal's own origins: any localhost / 127.0.0.1 origin and the configured ones (MOCK_CORS_ORIGINS).
 * CORS, the sign-in page's redirects and the control API's writes accept these only.
 */
export function isPortalOrigin(req: Request, origin: string): boolean {
  return LOCAL.test(origin) || runtimeOf(req).corsOrigins.has(origin);
}

export function cors(req: Request, res: Response, next: NextFunction): void {
  const origin = req.headers.origin;
  if (origin && isPortalOrigin(req, origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
  } else if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
}
