/**
 * The portal's service worker (docs/offline.md), built by vite-plugin-pwa (injectManifest):
 * - precaches the app's shell and code (the build's files) and answers every page with the shell;
 * - keeps, at run time, what a reporter's screens read: the runtime configuration, the session's
 *   calls, the contract's configuration, the signal categories and request types (network first,
 *   the last answer when there is no network), each answer kept under the user's token so that
 *   another user of the device never reads it; map tiles of places already viewed (cache first,
 *   bounded, the oldest dropped first);
 * - waits to take over until the page says so (the "new version" prompt), never by itself;
 * - wakes the page when Background Sync fires, to send the waiting reports (the token lives there).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { endpointRoutes } from '@portal/contract/endpoint-routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** The same names as web/src/lib/offline (the page and the worker are built apart). */
const SYNC_TAG = 'send-waiting-reports';
const SYNC_MESSAGE = 'send-waiting-reports';
const API_CACHE = 'portal-api';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// every page of the app is its shell (the router draws the screen)
/** The downloaded work area's tiles (web/src/lib/offline/map-area.ts). */
const AREA_TILES_CACHE = 'portal-area-tiles';

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));

// the build's files left out of the precache, once used (their names change with their content)
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'portal-assets', plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/runtime-config.json',
  new NetworkFirst({ cacheName: 'portal-config', networkTimeoutSeconds: 3 }),
);

/** The reads kept for the screens opened without network (the session's, a reporter's). */
const KEPT_READS = [
  'tokenCheck',
  'listUserConfigurations',
  'userContracts',
  'adminPermissions',
  'getContract',
  'getSiteConfiguration',
  'listSignalCategories',
  'listRequestTypes',
  'portalConfiguration',
  'getUserConfiguration',
  'listWidgets',
  // the map opens on the user's areas of the contract
  'userAreas',
] as const satisfies readonly (keyof typeof endpointRoutes)[];

const keptPaths = KEPT_READS.map(
  (id) => new RegExp(`${endpointRoutes[id].path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps each answer under the token that read it: one user's answers are never another's. */
const perUser: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.set('__user', await digest(request.headers.get('Authorization') ?? ''));
    return url.href;
  },
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    !sameOrigin && request.headers.has('Authorization') && keptPaths.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [perUser, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

/** A tile answer worth keeping: a plain one, or an image read without CORS (opaque). */
const tilesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 || response.type === 'opaque' ? response : null,
};

// map tiles ({z}/{x}/{y}.png): first the work area the agent downloaded (web/src/lib/offline/map-area.ts,
// kept until the agent replaces it), then the places already viewed (bounded, the oldest dropped first)
const viewedTiles = new CacheFirst({
  cacheName: 'portal-tiles',
  plugins: [
    tilesOnly,
    new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});
registerRoute(
  ({ url, request }) => request.destination === 'image' && /\/\d+\/\d+\/\d+\.png$/.test(url.pathname),
  async (options) => {
    const area = await caches.open(AREA_TILES_CACHE);
    const kept = await area.match(options.request.url);
    return kept ?? viewedTiles.handle(options);
  },
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Background Sync: the network is back; the pages send their waiting reports. */
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((clients) => clients.forEach((client) => client.postMessage({ type: SYNC_MESSAGE }))),
  );
});
