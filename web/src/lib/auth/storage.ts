/** What the portal keeps in localStorage (common.md). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  realm: 'realm',
  redirectPath: 'redirect_path',
  currentContract: 'current_contract',
  /** the language chosen with the switcher: a preference of the browser, not of the session */
  language: 'language',
} as const;

/** What a sign-out or a refused token leaves in place: the person's language choice. */
const KEPT_ON_CLEAR: readonly string[] = [STORAGE_KEYS.language];

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the session lasts the page */
  }
}

/** The stored token; none when absent or the text 'undefined' (portal.md section 4). */
export function getToken(): string | null {
  const token = read(STORAGE_KEYS.token);
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}
export const setToken = (token: string | null) => write(STORAGE_KEYS.token, token);
export const getRealm = () => read(STORAGE_KEYS.realm);
export const setRealm = (realm: string) => write(STORAGE_KEYS.realm, realm);
export const getRedirectPath = () => read(STORAGE_KEYS.redirectPath);
export const setRedirectPath = (path: string | null) => write(STORAGE_KEYS.redirectPath, path);

export function getStoredContractId(): number | null {
  const value = Number(read(STORAGE_KEYS.currentContract));
  return Number.isInteger(value) && value > 0 ? value : null;
}
export const setStoredContractId = (id: number | null) =>
  write(STORAGE_KEYS.currentContract, id === null ? null : String(id));

/** Clears local storage (logout, refused token, permissions redirect), keeping the language choice. */
export function clearStorage(): void {
  try {
    const kept = KEPT_ON_CLEAR.map((key) => [key, window.localStorage.getItem(key)] as const);
    window.localStorage.clear();
    for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
  } catch {
    /* nothing to clear */
  }
}

/** The service worker's copies of the user's reads (web/service-worker/sw.ts, `API_CACHE`). */
const KEPT_READS_CACHE = 'portal-api';

/**
 * Drops the service worker's copies of the signed-in user's reads: at logout, and when a new
 * `?token=` replaces another one without a logout (another user may be signing in on this device).
 */
export function forgetKeptReads(): void {
  if (typeof caches !== 'undefined') void caches.delete(KEPT_READS_CACHE).catch(() => undefined);
}
