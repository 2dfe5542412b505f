import { apiBaseUrl } from '@/config/runtime-config';
import { clearStorage, getRealm } from './storage';
import { resetSession } from './session-store';

/** Where the browser goes; replaced in tests. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

function ssoLogoutUrl(realm: string | null): string {
  const params = new URLSearchParams({ realm: realm ?? '', redirect: `${window.location.origin}/` });
  return `${apiBaseUrl()}/saml/logout?${params.toString()}`;
}

/** Logout (portal.md section 4): clear local storage, reset the user, go to the SSO logout with the realm. */
export function logout(): void {
  const realm = getRealm();
  clearStorage();
  resetSession('redirecting');
  browser.assign(ssoLogoutUrl(realm));
}
