/**
 * Resolves, for every call outside the control API: the state partition (token claim, then the
 * x-mock-partition header, then the mock_partition cookie, else 'default') and the signed-in user.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { UserRecord } from '@portal/fixtures';
import type { ContractViolation } from '../../control-api/schemas.ts';
import { verifyToken, type TokenClaims } from '../auth/jwt.ts';
import { DEFAULT_PARTITION, type Partition } from '../runtime/partitions.ts';
import { tokenOwner } from '../store/access.ts';
import type { MockRuntime } from '../runtime/mock-runtime.ts';

export interface RequestContext {
  partition: Partition;
  /** the run partition of `partition` (a test's partition in `portal test`): its rules apply too */
  run?: Partition;
  user: UserRecord | null;
  claims: TokenClaims | null;
  /** why the bearer token was refused (absent, expired, bad signature...) */
  tokenError: string;
  started: number;
  /** the stubs and faults that applied to this call, and the one that answered (the journal names them) */
  /** answered by the proxied backend (hybrid mode) */
  proxied?: boolean;
  /** with live validation: how the call or its answer breaks the contract (middleware/live-validation.ts) */
  violation?: ContractViolation;
  /** a slow uplink fault applied: an upload's body is read at most this many bytes a second */
  uplinkBytesPerSecond?: number;
  /** the file an upload received (the journal names it) */
  upload?: { name: string; type: string; size: number };
  rules?: {
    applied: { id: number; kind: 'stub' | 'fault' }[];
    answeredBy?: { id: number; kind: 'stub' | 'fault' };
  };
}

export function ctxOf(res: Response): RequestContext {
  return res.locals.mock as RequestContext;
}

export function runtimeOf(req: Request): MockRuntime {
  return req.app.locals.runtime as MockRuntime;
}

/** What the context reads of a call: its headers only (an express request or Node's own). */
interface HasHeaders {
  headers: IncomingHttpHeaders;
}

export function cookie(req: HasHeaders, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The partition named by the request, without a token: header, cookie, ?partition= (SSO pages), default. */
export function requestedPartition(req: HasHeaders): string {
  const header = req.headers['x-mock-partition'];
  if (typeof header === 'string' && header !== '') return header;
  return cookie(req, 'mock_partition') || DEFAULT_PARTITION;
}

export function bearer(req: HasHeaders): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Tokens already verified (signature and claims), until they expire: saves an HMAC per call. */
const verifiedByKey = new Map<string, Map<string, TokenClaims>>();

function verifyCached(token: string, key: string): ReturnType<typeof verifyToken> {
  let verified = verifiedByKey.get(key);
  if (!verified) verifiedByKey.set(key, (verified = new Map()));
  const cached = verified.get(token);
  if (cached && cached.exp > Date.now() / 1000) return { ok: true, claims: cached };
  const result = verifyToken(token, key);
  if (result.ok) {
    if (verified.size > 10_000) verified.clear();
    verified.set(token, result.claims);
  }
  return result;
}

/**
 * The context of a call: its partition and signed-in user. Throws an ApiFailure for a bad partition
 * name (answered by the error handler).
 */
function contextOf(runtime: MockRuntime, req: HasHeaders): RequestContext {
  const started = performance.now();
  const token = bearer(req);
  let claims: TokenClaims | null = null;
  let tokenError = token ? '' : 'a bearer token is required';
  if (token) {
    const result = verifyCached(token, runtime.key);
    if (result.ok && result.claims.typ === 'access' && !runtime.sessions.isEnded(result.claims.sid))
      claims = result.claims;
    else if (!result.ok) tokenError = result.reason;
    else
      tokenError =
        result.claims.typ === 'access'
          ? 'the session of this token was signed out'
          : 'a refresh token cannot be used as an access token';
  }
  const partition = runtime.partitions.get(claims?.partition ?? requestedPartition(req));
  let user: UserRecord | null = null;
  if (claims) {
    // a token names one user for life, looked up in the state on every call (store/access.ts)
    user = tokenOwner(partition.db, claims) ?? null;
    if (!user) tokenError = 'the user of this token does not exist in this state';
  }
  const run = runtime.partitions.runOf(partition);
  return { partition, ...(run ? { run } : {}), user, claims: user ? claims : null, tokenError, started };
}

export function resolveContext(req: Request, res: Response, next: NextFunction): void {
  // partition errors (bad names) are answered by the error handler
  res.locals.mock = contextOf(runtimeOf(req), req);
  next();
}
