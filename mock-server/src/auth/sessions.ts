/**
 * Single sign-on sessions: every token pair is minted for a session (the `sid` claim); the SSO logout
 * ends a session, and from then on its access and refresh tokens are refused. Other sessions, of the
 * same user too, are untouched. Kept per server instance, across partition resets and scenario loads.
 */
import { randomBytes } from 'node:crypto';

/** The cookie the simulated SSO keeps on its own pages, naming the browser's session. */
export const SSO_SESSION_COOKIE = 'mock_sso_session';
const SID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SID_PATTERN.test(value);
}

export class Sessions {
  private readonly ended = new Set<string>();

  end(sid: string): void {
    this.ended.add(sid);
  }

  /** A token without a session (signed elsewhere with the same key) is never ended. */
  isEnded(sid: string | undefined): boolean {
    return sid !== undefined && this.ended.has(sid);
  }
}
