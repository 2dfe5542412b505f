/**
 * The control API answers only requests addressed to the mock server itself: a `Host` that is a
 * loopback name (localhost, 127.x, [::1]), the host it was told to listen on, or one of the allowed
 * names (MOCK_ALLOWED_HOSTS, e.g. the compose service name). A web page on a name of its own that
 * resolves to 127.0.0.1 (DNS rebinding) would otherwise read the state, the journal and the personas.
 */
import type { NextFunction, Request, Response } from 'express';
import { runtimeOf } from './context.ts';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** The host name of a Host header, lower case, without its port (an IPv6 address keeps its brackets). */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

export function ownHostOnly(req: Request, res: Response, next: NextFunction): void {
  const header = req.headers.host;
  // HTTP/1.1 always has one; a tool speaking HTTP/1.0 may not (a browser always sends it)
  if (header === undefined) return next();
  const name = hostName(header);
  if (LOOPBACK.test(name) || runtimeOf(req).allowedHosts.has(name)) return next();
  res.status(403).json({
    message:
      `The control API answers only the mock server's own host names (localhost, 127.0.0.1, [::1], ` +
      `the --host given or MOCK_ALLOWED_HOSTS), not ${JSON.stringify(name.slice(0, 200))}`,
  });
}
