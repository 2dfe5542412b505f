/**
 * The page's first script, before React and the app load (portal.md section 4, login): a returning
 * `?token=` is stored and leaves the address bar; a signed-out visit (no stored token, or the text
 * 'undefined') outside the SSO error page reads the runtime configuration and the realm, saves the
 * page to come back to and leaves for single sign-on without loading the app. Every other visit
 * loads the app. When the realm cannot be read, the app loads and its session start asks again,
 * which shows the error page of the error catalogue.
 */
import { loadRuntimeConfig } from '@/config/runtime-config';
import { captureReturnedToken, fetchRealm, needsSignIn, prepareSignIn } from '@/lib/auth/sign-in';
import { STORAGE_KEYS } from '@/lib/auth/storage';
import { sendSessionStartEarly } from '@/lib/auth/early-session';

/** The frame painted from index.html speaks the chosen language while the app loads. */
function frameInChosenLanguage(): void {
  try {
    if (window.localStorage.getItem(STORAGE_KEYS.language) !== 'en') return;
  } catch {
    return;
  }
  document.documentElement.lang = 'en';
  const name = document.getElementById('boot-frame-name');
  const status = document.getElementById('boot-frame-status');
  if (name) name.textContent = 'Portal';
  if (status) status.textContent = 'Loading the portal…';
}

function cannotStart(error: unknown): void {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<main style="padding:2rem;font-family:sans-serif"><h1>Le portail ne peut pas démarrer</h1><p>La configuration est inaccessible. Réessayez plus tard.</p></main>';
  }
}

async function boot(): Promise<void> {
  const returnedToken = captureReturnedToken();
  const signIn = !returnedToken && needsSignIn();
  // a visit that stays: the app's code downloads while the configuration arrives
  const app = signIn ? null : import('./main');
  if (!signIn) frameInChosenLanguage();
  const config = await loadRuntimeConfig();
  // the session's first calls travel while the app's code loads (back from single sign-on, the
  // address already holds the page saved before leaving)
  if (!signIn) sendSessionStartEarly(window.location.pathname);
  if (signIn) {
    const realm = await fetchRealm();
    if (realm !== null) {
      window.location.assign(prepareSignIn(realm));
      return;
    }
  }
  const { startApp } = await (app ?? import('./main'));
  await startApp(config);
}

boot().catch(cannotStart);
