/** HS256 JSON Web Tokens with node:crypto. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MintedToken } from '../../control-api/endpoints.ts';
import { newSessionId } from './sessions.ts';

export interface TokenClaims {
  sub: string;
  email: string;
  partition: string;
  typ: 'access' | 'refresh';
  /** the single sign-on session the token belongs to (see sessions.ts) */
  sid?: string;
  /** the user instance's nonce (UserRecord.tokenNonce), absent for the scenarios' users */
  uid?: string;
  iat: number;
  exp: number;
}

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** The signing key: MOCK_JWT_SECRET, or a random key per process. */
export function signingKey(): string {
  return process.env.MOCK_JWT_SECRET || randomBytes(32).toString('hex');
}

export function signToken(claims: TokenClaims, key: string): string {
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', key).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

export function verifyToken(
  token: string,
  key: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  // one token, one spelling: Node's decoder ignores padding and stray characters, so the signature
  // must be exactly the canonical base64url text of its bytes (no `=`, no trailing bits)
  const given = Buffer.from(signature, 'base64url');
  if (given.toString('base64url') !== signature) return { ok: false, reason: 'malformed token' };
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid token signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed token claims' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'token expired' };
  return { ok: true, claims };
}

function isClaims(value: unknown): value is TokenClaims {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    typeof c.partition === 'string' &&
    (c.typ === 'access' || c.typ === 'refresh') &&
    (c.sid === undefined || typeof c.sid === 'string') &&
    (c.uid === undefined || typeof c.uid === 'string') &&
    typeof c.exp === 'number' &&
    typeof c.iat === 'number'
  );
}

const ACCESS_TTL_SECONDS = 8 * 3600;
const REFRESH_TTL_SECONDS = 7 * 24 * 3600;

/** An access and a refresh token for a user in a partition, of a session (a new one unless given). */
export function mintTokens(
  user: { id: number; email: string; tokenNonce?: string | undefined },
  partition: string,
  key: string,
  ttlSeconds = ACCESS_TTL_SECONDS,
  sid: string = newSessionId(),
): MintedToken {
  const iat = Math.floor(Date.now() / 1000);
  const base = {
    sub: String(user.id),
    email: user.email,
    partition,
    sid,
    ...(user.tokenNonce ? { uid: user.tokenNonce } : {}),
    iat,
  };
  const exp = iat + ttlSeconds;
  return {
    token: signToken({ ...base, typ: 'access', exp }, key),
    refreshToken: signToken({ ...base, typ: 'refresh', exp: iat + REFRESH_TTL_SECONDS }, key),
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}
