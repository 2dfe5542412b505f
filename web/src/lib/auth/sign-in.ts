/**
 * The light half of the login flow (portal.md section 4), shared by the boot script (web/src/boot.ts,
 * which runs before React and the app load) and the session start: no api client, no React.
 */
import { paths } from '@portal/contract/routes';
import { apiBaseUrl } from '@/config/runtime-config';
import { forgetKeptReads, getRedirectPath, getToken, setRealm, setRedirectPath, setToken } from './storage';

/**
 * Takes a returning `?token=` from the address: stores it and puts in the address bar, without the
 * token, the page to open (portal.md section 4: "then goes to the saved page or home"). Runs before
 * the router starts, so the router opens that page first and never shows home on the way. A token
 * that replaces another one drops the service worker's copies of the previous user's reads. Returns
 * whether a token came back.
 */
export function captureReturnedToken(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  const previous = getToken();
  if (previous !== null && previous !== token) forgetKeptReads();
  setToken(token);
  const page = pathAfterSignIn();
  setRedirectPath(null);
  window.history.replaceState(window.history.state, '', page);
  return true;
}

/** Where a visit back from single sign-on goes: the page saved before leaving, else home. */
export function pathAfterSignIn(): string {
  const saved = getRedirectPath();
  // '//host/…' is another site's address, not a page of the portal
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : paths.home;
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

/** The realm of this host, or null when the backend does not give one (no api client: no error state). */
export async function fetchRealm(): Promise<string | null> {
  try {
    const response = await fetch(realmUrl(), { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { value?: unknown };
    return typeof body.value === 'string' && body.value !== '' ? body.value : null;
  } catch {
    return null;
  }
}

/** Saves the realm and the page to come back to; returns the single sign-on address to go to. */
export function prepareSignIn(realm: string): string {
  setRealm(realm);
  const { pathname, search, hash } = window.location;
  setRedirectPath(`${pathname}${search}${hash}`);
  return ssoLoginUrl(realm);
}
