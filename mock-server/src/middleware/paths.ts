/**
 * Addresses with dot segments are refused (400): `/a/%2e%2e/b`, `/a/../b` or `/a/..\b` would be
 * read by one party as a path under `/a/` (a proxy glob, a rule) and by another as `/b` (the WHATWG
 * URL parser of fetch, which decodes `%2e` and treats `\` as `/`), e.g. reaching a proxied backend
 * outside the paths it was given.
 */
import type { NextFunction, Request, Response } from 'express';

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/**
 * Whether a path (without its query) has a `.` or `..` segment, also written `%2e`, or split by `\`
 * or an encoded separator (`%2f`, `%5c`, which a backend may decode).
 */
export function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]|%2f|%5c/i).some((segment) => DOT_SEGMENT.test(segment));
}

export function refuseDotSegments(req: Request, res: Response, next: NextFunction): void {
  const url = req.url;
  const at = url.indexOf('?');
  if (!hasDotSegment(at < 0 ? url : url.slice(0, at))) return next();
  res.status(400).json({
    message: 'The address has a dot segment (".", "..", "%2e%2e"): give the path without them',
    errors: [{ path: 'path', message: 'dot segment' }],
  });
}
