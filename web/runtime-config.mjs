// The portal's runtime configuration, built from environment variables (common.md).
// One build serves any backend: the dev server (vite.config.ts), the production server
// (scripts/serve-dist.mjs) and the nginx image all serve /runtime-config.json from this.
// Plain ESM without dependencies so that every one of them can import it.

const OSM_TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The French national address API (its `/search/?q=` answers the maps' address search). */
const ADDRESS_API = 'https://api-adresse.data.gouv.fr';

/** @param {string | undefined} value */
function text(value) {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The one reading of a yes/no variable such as PORTAL_TEST_ENV: "true", "1" or "yes", any case
 * (the nginx entrypoint reads it the same way).
 * @param {string | undefined} value
 */
function isEnabled(value) {
  const lowered = (text(value) ?? '').toLowerCase();
  return lowered === 'true' || lowered === '1' || lowered === 'yes';
}

/** The default time a call may take before it fails (ms): PORTAL_REQUEST_TIMEOUT_MS. */
const REQUEST_TIMEOUT_MS = 30000;

/**
 * A positive whole number of milliseconds, else the default (0 or text are not a timeout).
 * @param {string | undefined} value
 */
function timeoutMs(value) {
  const given = text(value);
  return given && /^[0-9]{1,7}$/.test(given) && Number(given) > 0 ? Number(given) : REQUEST_TIMEOUT_MS;
}

/** @param {string} url */
function withoutTrailingSlash(url) {
  return url.replace(/\/+$/, '');
}

/**
 * A PORTAL_* value with a line break or another control character would split the server's header
 * lines and add origins to the content security policy: refused at start, as Node refuses such a
 * header (the nginx entrypoint refuses it the same way).
 * @param {Record<string, string | undefined>} env
 */
function refuseControlCharacters(env) {
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('PORTAL_') && value !== undefined && [...value].some((c) => c.charCodeAt(0) < 0x20)) {
      throw new Error(`${name} holds a line break or another control character; refused`);
    }
  }
}

/**
 * @param {Record<string, string | undefined>} [env]
 * @returns {import('./runtime-config.d.mts').RuntimeConfig}
 */
export function buildRuntimeConfig(env = process.env) {
  refuseControlCharacters(env);
  // PORTAL_MOCK_PORT (the compose stack passes MOCK_PORT): the addresses not given explicitly are
  // the mock's on that port of the user's machine: API, offline tiles and offline geocoder
  const mockPort = text(env.PORTAL_MOCK_PORT);
  const mock = mockPort && /^\d{1,5}$/.test(mockPort) ? `http://localhost:${mockPort}` : undefined;
  const apiBaseUrl = withoutTrailingSlash(text(env.PORTAL_API_URL) ?? mock ?? 'http://localhost:3001');
  const testApiBaseUrl = text(env.PORTAL_TEST_API_URL);
  const testEnv = isEnabled(env.PORTAL_TEST_ENV);
  const trackerUrl = text(env.PORTAL_TRACKER_URL);
  const trackerSiteId = text(env.PORTAL_TRACKER_SITE_ID);
  const rumApplicationId = text(env.PORTAL_RUM_APPLICATION_ID);
  const rumClientToken = text(env.PORTAL_RUM_CLIENT_TOKEN);
  const siteCode = text(env.PORTAL_SITE_CODE) ?? 'portal';
  return {
    apiBaseUrl,
    testApiBaseUrl: testApiBaseUrl ? withoutTrailingSlash(testApiBaseUrl) : null,
    testEnv,
    defaultUrl: text(env.PORTAL_DEFAULT_URL) ?? null,
    documentServiceUrl: withoutTrailingSlash(text(env.PORTAL_DOCUMENT_URL) ?? `${apiBaseUrl}/documents`),
    tileUrl: text(env.PORTAL_TILE_URL) ?? (mock ? `${mock}/tiles/{z}/{x}/{y}.png` : OSM_TILES),
    geocoderUrl: withoutTrailingSlash(
      text(env.PORTAL_GEOCODER_URL) ?? (mock ? `${mock}/geocoder` : ADDRESS_API),
    ),
    siteCode,
    requestTimeoutMs: timeoutMs(env.PORTAL_REQUEST_TIMEOUT_MS),
    tracker: trackerUrl && trackerSiteId ? { url: trackerUrl, siteId: trackerSiteId } : null,
    rum:
      rumApplicationId && rumClientToken
        ? {
            applicationId: rumApplicationId,
            clientToken: rumClientToken,
            site: text(env.PORTAL_RUM_SITE) ?? 'datadoghq.eu',
            service: text(env.PORTAL_RUM_SERVICE) ?? siteCode,
            env: text(env.PORTAL_RUM_ENV) ?? (testEnv ? 'test' : 'production'),
          }
        : null,
  };
}
