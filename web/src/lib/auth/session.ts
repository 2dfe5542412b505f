/** The login flow of portal.md section 4. */
import { paths } from '@portal/contract/routes';
import { apiBaseUrl } from '@/config/runtime-config';
import { callData } from '../api-client';
import { authenticate } from './authenticate';
import { browser } from './logout';
import { sessionStore } from './session-store';
import { getRedirectPath, getToken, setRealm, setRedirectPath, setToken } from './storage';

/**
 * Takes a returning `?token=` from the address: stores it and removes it from the address bar.
 * Runs before the router starts, so the router never sees the token. Returns whether one came back.
 */
export function captureReturnedToken(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  setToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

export function ssoLoginUrl(realm: string): string {
  const params = new URLSearchParams({ realm, redirect: `${window.location.origin}/` });
  return `${apiBaseUrl()}/saml/login?${params.toString()}`;
}

/** Looks up the realm of this host, saves the page to restore, and leaves for single sign-on. */
export async function redirectToSso(): Promise<void> {
  const data = await callData('getRealm', { query: { domainName: window.location.hostname } });
  setRealm(data.value);
  const { pathname, search, hash } = window.location;
  setRedirectPath(`${pathname}${search}${hash}`);
  sessionStore.set((s) => ({ ...s, status: 'redirecting' }));
  browser.assign(ssoLoginUrl(data.value));
}

export type SessionStart =
  { kind: 'sso-error' } | { kind: 'redirecting' } | { kind: 'authenticated'; navigateTo: string | null };

/**
 * With no stored token (or 'undefined') and not on the SSO error page: realm, then single sign-on.
 * With a token that just came back: authenticate, then the saved page or home.
 * With a stored token: authenticate directly. On the SSO error page nothing is done.
 */
export async function startSession(returned: boolean): Promise<SessionStart> {
  if (window.location.pathname === paths.errors.sso) {
    sessionStore.set((s) => ({ ...s, status: 'sso-error' }));
    return { kind: 'sso-error' };
  }
  if (!getToken()) {
    await redirectToSso();
    return { kind: 'redirecting' };
  }
  await authenticate();
  if (!returned) return { kind: 'authenticated', navigateTo: null };
  const saved = getRedirectPath();
  setRedirectPath(null);
  return { kind: 'authenticated', navigateTo: saved && saved.startsWith('/') ? saved : paths.home };
}
