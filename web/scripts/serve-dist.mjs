#!/usr/bin/env node
// Serves the production build of the portal (web/dist) the way the nginx image does, without
// Docker and without dependencies: single-page-app fallback (any path without a file, /api/...
// included, answers index.html: the backend lives at another address), /runtime-config.json
// built from the environment at start, long caching for hashed assets and none for index.html,
// the runtime configuration, the service worker (/sw.js, with Service-Worker-Allowed: /) and the manifest, security headers with a content security policy, gzip.
//
//   npm run build -w web && node web/scripts/serve-dist.mjs
//
// Env: PORTAL_PORT (5173), PORTAL_DIST (web/dist), and the PORTAL_* variables of the runtime
// configuration (PORTAL_API_URL, PORTAL_TILE_URL, ...; see web/runtime-config.mjs).
import { createServer } from 'node:http';
import { readFileSync, statSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, relative, resolve, sep, isAbsolute } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildRuntimeConfig } from '../runtime-config.mjs';
import { cacheControlFor, NO_CACHE, SERVICE_WORKER_PATH, securityHeaders } from './security-headers.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_DIST = resolve(here, '..', 'dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ttf',
  '.otf',
  '.eot',
  '.ico',
]);
const MIN_GZIP_BYTES = 1024;

function contentType(path) {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** A file ready to send: body, gzipped body when worth it, ETag. */
function prepare(name, body) {
  const ext = extname(name).toLowerCase();
  const gzip = COMPRESSIBLE.has(ext) && body.length >= MIN_GZIP_BYTES ? gzipSync(body, { level: 9 }) : null;
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, gzip: gzip && gzip.length < body.length ? gzip : null, etag, type: contentType(name) };
}

/**
 * Builds the request handler for a dist folder and an environment.
 * @param {{ distDir?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function createPortalHandler({ distDir = DEFAULT_DIST, env = process.env } = {}) {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  let indexBody;
  try {
    indexBody = readFileSync(indexPath);
  } catch {
    throw new Error(
      `No portal build at ${root} (index.html is missing): run \`npm run build -w web\` first, or set PORTAL_DIST.`,
    );
  }
  const config = buildRuntimeConfig(env);
  const headers = securityHeaders(config, env);
  const index = prepare('index.html', indexBody);
  const runtimeConfig = prepare('runtime-config.json', Buffer.from(`${JSON.stringify(config, null, 2)}\n`));
  const cache = new Map();

  /** The file under root for a URL path, or null (missing, a folder, or outside root). */
  function fileFor(urlPath) {
    const candidate = resolve(root, `.${normalize(urlPath)}`);
    const rel = relative(root, candidate);
    if (rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null;
    if (cache.has(candidate)) return cache.get(candidate);
    let entry = null;
    try {
      if (statSync(candidate).isFile()) entry = prepare(candidate, readFileSync(candidate));
    } catch {
      entry = null;
    }
    // Only the build's own files are cached; the build does not change while it is served. The
    // service worker is read at every request, as nginx does: a build deployed into the folder
    // is found by the browsers' update check (docs/offline.md).
    if (entry && urlPath !== SERVICE_WORKER_PATH) cache.set(candidate, entry);
    return entry;
  }

  function send(req, res, status, file, cacheControl, extra = {}) {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const useGzip = file.gzip && /\bgzip\b/.test(accepts);
    const out = {
      ...headers,
      ...extra,
      'Content-Type': file.type,
      'Cache-Control': cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, out);
      res.end();
      return;
    }
    const body = useGzip ? file.gzip : file.body;
    if (useGzip) out['Content-Encoding'] = 'gzip';
    out['Content-Length'] = String(body.length);
    res.writeHead(status, out);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendText(res, status, message, extra = {}) {
    const body = Buffer.from(`${JSON.stringify({ message })}\n`);
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': NO_CACHE,
      ...extra,
    });
    res.end(body);
  }

  return function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, `Method ${req.method} is not allowed: this server only serves the portal's files.`, {
        Allow: 'GET, HEAD',
      });
      return;
    }
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://portal.invalid').pathname);
    } catch {
      sendText(res, 400, 'Malformed URL path.');
      return;
    }
    if (urlPath.includes('\0')) {
      sendText(res, 400, 'Malformed URL path.');
      return;
    }
    if (urlPath === '/runtime-config.json') {
      send(req, res, 200, runtimeConfig, NO_CACHE);
      return;
    }
    if (urlPath === '/' || urlPath === '/index.html') {
      send(req, res, 200, index, NO_CACHE);
      return;
    }
    const file = fileFor(urlPath);
    if (file && urlPath === SERVICE_WORKER_PATH) {
      // the service worker: never cached, so a new version is found; its scope the whole portal
      send(req, res, 200, file, NO_CACHE, { 'Service-Worker-Allowed': '/' });
      return;
    }
    if (file) {
      send(req, res, 200, file, cacheControlFor(urlPath));
      return;
    }
    // Hashed assets never fall back: a missing chunk is a 404, not a page of HTML.
    if (urlPath.startsWith('/assets/')) {
      sendText(res, 404, `No such asset: ${urlPath}`);
      return;
    }
    send(req, res, 200, index, NO_CACHE);
  };
}

/**
 * Starts the production server. Resolves once it listens.
 * @param {{ port?: number, host?: string, distDir?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function startPortalServer({ port, host, distDir, env = process.env } = {}) {
  const handler = createPortalHandler({ distDir: distDir ?? env.PORTAL_DIST ?? DEFAULT_DIST, env });
  const server = createServer(handler);
  const wanted = port ?? Number(env.PORTAL_PORT ?? 5173);
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(wanted, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : wanted;
      resolvePromise({
        url: `http://localhost:${actual}`,
        port: actual,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** Lists the files of a build (used in the startup line). */
function countFiles(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = process.env.PORTAL_DIST ?? DEFAULT_DIST;
  startPortalServer({ distDir })
    .then(({ url }) => {
      console.log(
        `Portal (production build, ${countFiles(distDir)} files from ${distDir}) listening on ${url}`,
      );
      console.log(`Runtime configuration: ${JSON.stringify(buildRuntimeConfig(process.env))}`);
    })
    .catch((error) => {
      console.error(`[serve-dist] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
