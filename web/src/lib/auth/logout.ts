import { apiBaseUrl } from '@/config/runtime-config';
import { fetchRealm } from './sign-in';
import { clearStorage, forgetKeptReads, getRealm } from './storage';
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

/**
 * Logout (portal.md section 4): clear local storage, reset the user, go to the SSO logout with the
 * realm. The service worker's copies of the user's reads go too; the reports waiting on the device
 * stay, for this user's next sign-in (docs/offline.md). A session opened from a `?token=` link never
 * went through the sign-in that stores the realm: the host's realm is looked up, as the sign-in
 * does, so the single sign-on still learns which realm to close. Without network the single
 * sign-on cannot be reached: the session is forgotten here all the same and the portal says so on
 * its own page (`signed-out`), never the browser's error page.
 */
export async function logout(): Promise<void> {
  const stored = getRealm();
  forgetKeptReads();
  clearStorage();
  if (navigator.onLine === false) {
    resetSession('signed-out');
    return;
  }
  resetSession('redirecting');
  const realm = stored ?? (await fetchRealm());
  browser.assign(ssoLogoutUrl(realm));
}
