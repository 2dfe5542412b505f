// Response headers of the production portal, shared by web/scripts/serve-dist.mjs; the nginx
// image computes the same values in web/nginx/40-portal-runtime-config.sh (tests/ checks they
// agree).
//
// The content security policy allows only what the portal needs: its own origin, the backend
// (API, test API, document service), the tile server, the Power BI and ThingsBoard frames served
// from the backend's origin, data:/blob: images, and the usage tracker and real-user monitoring
// when they are configured (the monitoring agent's script origin in script-src, its intake in
// connect-src). No eval'd script, and no inline script but index.html's first-load hint, allowed by
// its hash (first-load-hint.mjs). PORTAL_CSP_EXTRA_ORIGINS (space separated)
// adds origins to connect-src, img-src and frame-src, e.g. a real Power BI or map-server host.

import { FIRST_LOAD_HINT_SOURCE } from './first-load-hint.mjs';

/** What a CSP source may be here: scheme://host[:port], host possibly with a * label. */
const SOURCE = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[\]A-Za-z0-9*.:_[-]+$/;

/**
 * The scheme://host[:port] part of a URL or tile template ("{s}" subdomains become "*"),
 * or null when it is not one (anything that could break out of the header is refused).
 */
export function originOf(url) {
  if (!url) return null;
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]+)/.exec(String(url).trim());
  if (!match || !match[1]) return null;
  const origin = match[1].replace(/\{[a-z]\}/g, '*');
  return SOURCE.test(origin) ? origin : null;
}

/**
 * Origin of the real-user monitoring agent's script (RUM_SCRIPT in web/src/lib/monitoring),
 * allowed in script-src only when monitoring is configured.
 */
export const RUM_SCRIPT_ORIGIN = 'https://www.datadoghq-browser-agent.com';

/** Datadog intake origin for a RUM site such as datadoghq.eu. */
export function rumIntakeOrigin(site) {
  if (!site) return null;
  const origin = `https://browser-intake-${site}`;
  return SOURCE.test(origin) ? origin : null;
}

function list(...values) {
  const seen = [];
  for (const value of values.flat()) {
    if (value && !seen.includes(value)) seen.push(value);
  }
  return seen.join(' ');
}

export function extraOrigins(env = process.env) {
  return (env.PORTAL_CSP_EXTRA_ORIGINS ?? '').split(/\s+/).filter((item) => SOURCE.test(item));
}

/** Content-Security-Policy header value for a runtime configuration. */
export function contentSecurityPolicy(config, env = process.env) {
  const api = originOf(config.apiBaseUrl);
  const testApi = originOf(config.testApiBaseUrl);
  const documents = originOf(config.documentServiceUrl);
  const tiles = originOf(config.tileUrl);
  const geocoder = originOf(config.geocoderUrl);
  const tracker = config.tracker ? originOf(config.tracker.url) : null;
  const rum = config.rum ? rumIntakeOrigin(config.rum.site) : null;
  const rumScript = config.rum ? RUM_SCRIPT_ORIGIN : null;
  const extra = extraOrigins(env);
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", FIRST_LOAD_HINT_SOURCE, tracker, rumScript)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', api, testApi, documents, tiles, tracker, extra)}`,
    `font-src 'self' data:`,
    `connect-src ${list("'self'", api, testApi, documents, geocoder, tracker, rum, extra)}`,
    `frame-src ${list("'self'", api, testApi, documents, extra)}`,
    // the service worker (/sw.js) and the installable portal's manifest: the portal's own files
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Headers sent with every response. */
export function securityHeaders(config, env = process.env) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, env),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=()',
  };
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** The service worker's file: always checked for a new version, its scope the whole portal. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Vite puts every hashed file under /assets/; nothing else may be cached for long. */
export function cacheControlFor(urlPath) {
  return urlPath.startsWith('/assets/') ? IMMUTABLE : NO_CACHE;
}
