/** The login flow of portal.md section 4. */
import { paths } from '@portal/contract/routes';
import { callData } from '../api-client';
import { authenticate } from './authenticate';
import { browser } from './logout';
import { sessionStore } from './session-store';
import { prepareSignIn } from './sign-in';
import { getToken } from './storage';

/** Looks up the realm of this host, saves the page to restore, and leaves for single sign-on. */
async function redirectToSso(): Promise<void> {
  const data = await callData('getRealm', { query: { domainName: window.location.hostname } });
  const target = prepareSignIn(data.value);
  sessionStore.set((s) => ({ ...s, status: 'redirecting' }));
  browser.assign(target);
}

export type SessionStart = { kind: 'sso-error' } | { kind: 'redirecting' } | { kind: 'authenticated' };

/**
 * With no stored token (or 'undefined') and not on the SSO error page: realm, then single sign-on.
 * With a stored token (or one that just came back, the saved page already in the address, see
 * captureReturnedToken): authenticate directly. On the SSO error page nothing is done.
 */
export async function startSession(): Promise<SessionStart> {
  if (window.location.pathname === paths.errors.sso) {
    sessionStore.set((s) => ({ ...s, status: 'sso-error' }));
    return { kind: 'sso-error' };
  }
  if (!getToken()) {
    await redirectToSso();
    return { kind: 'redirecting' };
  }
  await authenticate();
  return { kind: 'authenticated' };
}
