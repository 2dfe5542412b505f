/**
 * The light half of the login flow (portal.md section 4), shared by the boot script (web/src/boot.ts,
 * which runs before React and the app load) and the session start: no api client, no React.
 */
import { paths } from '@portal/contract/routes';
import { apiBaseUrl } from '@/config/runtime-config';
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

/** Where a visit back from single sign-on goes: the page saved before leaving, else home. */
export function pathAfterSignIn(): string {
  const saved = getRedirectPath();
  return saved && saved.startsWith('/') ? saved : paths.home;
}

/** A visit that must leave for single sign-on: no stored token (or 'undefined'), not on the SSO error page. */
export function needsSignIn(): boolean {
  return window.location.pathname !== paths.errors.sso && getToken() === null;
}

function ssoLoginUrl(realm: string): string {
  const params = new URLSearchParams({ realm, redirect: `${window.location.origin}/` });
  return `${apiBaseUrl()}/saml/login?${params.toString()}`;
}

/** The address of the realm of this host (GET /api/public/realms). */
export function realmUrl(): string {
  const params = new URLSearchParams({ domainName: window.location.hostname });
  // the boot script's one call, before the app (and its route table) loads: endpointRoutes.getRealm
  // (sign-in.test.ts keeps this path equal to the table's)
  // eslint-disable-next-line no-restricted-syntax
  return `${apiBaseUrl()}/api/public/realms?${params.toString()}`;
}

/** Saves the realm and the page to come back to; returns the single sign-on address to go to. */
export function prepareSignIn(realm: string): string {
  setRealm(realm);
  const { pathname, search, hash } = window.location;
  setRedirectPath(`${pathname}${search}${hash}`);
  return ssoLoginUrl(realm);
}
