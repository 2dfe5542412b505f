import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildRuntimeConfig } from './runtime-config.mjs';
import { appChunks } from './tools/app-chunk.ts';
import { axiosFetchApart } from './tools/axios-fetch-apart.ts';
import { firstLoadHint } from './tools/first-load-hint.ts';
import { purgeBootstrap } from './tools/purge-css.ts';

/** Serves /runtime-config.json from the environment (no /api proxy: the backend is another origin). */
function runtimeConfig(): Plugin {
  const serve: Plugin['configureServer'] = (server) => {
    server.middlewares.use('/runtime-config.json', (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(buildRuntimeConfig(process.env)));
    });
  };
  return {
    name: 'portal-runtime-config',
    configureServer: serve,
    configurePreviewServer: serve as Plugin['configurePreviewServer'],
  };
}

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Bootstrap's stylesheet keeps the rules of the classes the portal and React Bootstrap can set. */
const bootstrapPurge = purgeBootstrap({
  own: fromHere('./src'),
  libraries: {
    'react-bootstrap': fromHere('../node_modules/react-bootstrap/esm'),
    '@restart/ui': fromHere('../node_modules/@restart/ui/esm'),
  },
  target: /bootstrap\/dist\/css\/bootstrap(\.min)?\.css$/,
  file: fromHere('../node_modules/bootstrap/dist/css/bootstrap.min.css'),
});

const port = Number(process.env.PORTAL_PORT ?? 5173);

/**
 * The installable portal (docs/offline.md): its web app manifest and its service worker
 * (service-worker/sw.ts, Workbox through injectManifest). The page registers the worker itself,
 * after the first paint of a signed-in page (lib/offline/start.ts), and asks before a new version
 * takes over (prompt mode).
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  // from this folder, whatever root builds with this configuration (the bench's harness does)
  srcDir: fromHere('./service-worker'),
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Portail',
    short_name: 'Portail',
    description: 'Portail des services : signalements, demandes, travaux',
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // the boot frame's and the favicon's blue (index.html)
    theme_color: '#0b5394',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // the shell, every screen's code and styles, the translations and the icons; the Power BI
    // client (a third of the code, of no use without network) is kept once used (sw.ts)
    globPatterns: ['**/*.{js,css,html,svg,png,json,woff2}'],
    globIgnores: ['**/.vite/**', 'runtime-config.json', 'assets/powerbi-*.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // the worker's own build: minified, no source map, one classic script (as it is registered)
    rollupFormat: 'iife',
    minify: true,
    sourcemap: false,
  },
  devOptions: { enabled: false },
});

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    runtimeConfig(),
    axiosFetchApart(),
    installable,
    bootstrapPurge,
    // signed in, the app's code (and the home page's) is asked once index.html's frame is painted,
    // not once the boot script has run
    firstLoadHint({
      app: fromHere('./src/main.tsx'),
      // the field agent's two screens too: opened first on a phone, their chunks no longer come with
      // a preload list of their imports (modulePreload below)
      pages: {
        '/': fromHere('./src/features/dashboard/routes/home.tsx'),
        '/signalement': fromHere('./src/features/signals/routes/signal-list.tsx'),
        '/signalement/signaler': fromHere('./src/features/signals/routes/signal-create.tsx'),
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router resolves to its development build by default: ship its production build
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: { port, strictPort: true, host: process.env.PORTAL_HOST ?? 'localhost' },
  preview: { port, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // index.html still names the boot script's chunks; a chunk loaded on demand (a screen, a dialog)
    // no longer carries the list of every chunk it imports: that list, for some sixty imports, was
    // 3 KiB of every page's code. Its imports are then asked as it is read: one more round trip,
    // on the first visit only (the service worker precaches every chunk), and most often taken
    // before the click (prefetch.ts loads a screen when its link is pointed at). Styles still load
    // with their chunk. No polyfill: every browser the portal supports knows modulepreload, and
    // without it the boot chunk merely loads when it is imported.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
        hostType === 'html' ? deps : [],
    },
    chunkSizeWarningLimit: 600,
    // Leaflet's control and marker images stay files: inlined, they tripled its CSS (6 KiB gzip)
    // for icons most maps never show
    assetsInlineLimit: (file: string) => (file.includes('/leaflet/dist/images/') ? false : undefined),
    rolldownOptions: {
      output: {
        // what every signed-in page runs, in the app's chunk rather than a dozen shared ones; the
        // home page's own modules in its chunk
        codeSplitting: {
          groups: appChunks({
            app: fromHere('./src/main.tsx'),
            boot: fromHere('./src/boot.ts'),
            screens: { home: fromHere('./src/features/dashboard/routes/home.tsx') },
          }),
        },
      },
    },
  },
}));
