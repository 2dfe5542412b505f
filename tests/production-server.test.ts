// The production settings, checked on both servers that apply them: web/scripts/serve-dist.mjs
// (Node, used by the e2e suite) and the nginx image's config (web/nginx/default.conf with the
// files 40-portal-runtime-config.sh writes at container start), the latter run with Debian's
// nginx. Same fixture build, same expectations: SPA fallback, caching, security headers, gzip,
// runtime configuration from the environment. The entrypoint script must agree exactly with
// web/runtime-config.mjs and web/scripts/security-headers.mjs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRuntimeConfig } from '../web/runtime-config.mjs';
// prettier-ignore
// @ts-expect-error -- plain ESM module without type declarations
import { RUM_SCRIPT_ORIGIN, contentSecurityPolicy, securityHeaders } from '../web/scripts/security-headers.mjs';
// @ts-expect-error -- plain ESM module without type declarations
import { startPortalServer } from '../web/scripts/serve-dist.mjs';
import { FIRST_LOAD_HINT } from '../web/scripts/first-load-hint.mjs';
import { fromRoot, readText } from './helpers.ts';

type Env = Record<string, string>;
const ENTRYPOINT = fromRoot('web/nginx/40-portal-runtime-config.sh');
const ASSET = 'assets/index-C0ffee12.js';

const ENVS: Array<{ title: string; env: Env }> = [
  { title: 'nothing set', env: {} },
  {
    title: 'a real backend with tracker, monitoring and extra origins',
    env: {
      PORTAL_API_URL: '  https://api.example.org/  ',
      PORTAL_TEST_API_URL: 'https://api-test.example.org:8443/v1/',
      PORTAL_TEST_ENV: 'TRUE',
      PORTAL_DEFAULT_URL: 'https://portal.example.org/',
      PORTAL_DOCUMENT_URL: 'https://docs.example.org/ged/',
      PORTAL_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      PORTAL_SITE_CODE: 'va"portal\\x',
      PORTAL_TRACKER_URL: 'https://stats.example.org/matomo/',
      PORTAL_TRACKER_SITE_ID: '12',
      PORTAL_RUM_APPLICATION_ID: 'app-1',
      PORTAL_RUM_CLIENT_TOKEN: 'pub-token',
      PORTAL_CSP_EXTRA_ORIGINS:
        'https://app.powerbi.com  https://evil.example";script-src:* http://[::1]:3000',
    },
  },
  {
    title: 'test environment by "yes", tracker half set, RUM overrides',
    env: {
      PORTAL_API_URL: 'http://localhost:3101',
      PORTAL_TEST_ENV: 'yes',
      PORTAL_TRACKER_URL: 'https://stats.example.org/',
      PORTAL_RUM_APPLICATION_ID: 'a',
      PORTAL_RUM_CLIENT_TOKEN: 'b',
      PORTAL_RUM_SITE: 'datadoghq.com',
      PORTAL_RUM_SERVICE: 'svc',
      PORTAL_RUM_ENV: 'staging',
    },
  },
  { title: 'the compose stack on another mock port', env: { PORTAL_MOCK_PORT: '4001' } },
  { title: 'a request timeout of 2.5 s', env: { PORTAL_REQUEST_TIMEOUT_MS: ' 002500 ' } },
  { title: 'a request timeout that is no number of ms', env: { PORTAL_REQUEST_TIMEOUT_MS: '5s' } },
  { title: 'a request timeout of zero', env: { PORTAL_REQUEST_TIMEOUT_MS: '000' } },
  {
    title: 'the mock port, with the API and the tiles given explicitly',
    env: {
      PORTAL_MOCK_PORT: '4001',
      PORTAL_API_URL: 'https://api.example.org',
      PORTAL_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    },
  },
  { title: 'a mock port that is not a port', env: { PORTAL_MOCK_PORT: '40a1' } },
  {
    title: 'test environment by "1" with monitoring and no RUM environment given',
    env: {
      PORTAL_TEST_ENV: ' 1 ',
      PORTAL_RUM_APPLICATION_ID: 'app-2',
      PORTAL_RUM_CLIENT_TOKEN: 'pub-2',
    },
  },
];

/** One directive of a policy, e.g. "script-src 'self' ...", or '' when absent. */
function directiveOf(csp: string, name: string): string {
  return csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
}

/** The entrypoint run as the container runs it, writing into `dir`. */
function spawnEntrypoint(env: Env, dir: string) {
  const headersFile = join(dir, 'portal', 'security-headers.conf');
  const run = spawnSync('sh', [ENTRYPOINT], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...env,
      PORTAL_HTML_DIR: dir,
      PORTAL_HEADERS_FILE: headersFile,
    },
    encoding: 'utf8',
  });
  return { run, headersFile };
}

function runEntrypoint(env: Env, dir: string): { config: unknown; headers: Record<string, string> } {
  const { run, headersFile } = spawnEntrypoint(env, dir);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const headers: Record<string, string> = {};
  for (const match of readFileSync(headersFile, 'utf8').matchAll(/^add_header (\S+) "(.*)" always;$/gm)) {
    headers[match[1] as string] = match[2] as string;
  }
  return { config: JSON.parse(readFileSync(join(dir, 'runtime-config.json'), 'utf8')), headers };
}

describe('nginx entrypoint (40-portal-runtime-config.sh) agrees with the Node modules', () => {
  it.each(['PORTAL_API_URL', 'PORTAL_TRACKER_URL'])(
    'refuses a line break in %s at start, on both servers, and writes no header',
    (name) => {
      const env = { [name]: 'https://api.example.org\nhttps://evil.example', PORTAL_TRACKER_SITE_ID: '3' };
      expect(() => buildRuntimeConfig(env)).toThrow(`${name} holds a line break`);
      const dir = mkdtempSync(join(tmpdir(), 'portal-entrypoint-'));
      try {
        const { run, headersFile } = spawnEntrypoint(env, dir);
        expect(run.status).toBe(1);
        expect(run.stderr).toContain(`${name} holds a line break`);
        expect(existsSync(headersFile)).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.each(ENVS)('$title', ({ env }) => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-entrypoint-'));
    try {
      const { config, headers } = runEntrypoint(env, dir);
      const expected = buildRuntimeConfig(env);
      expect(config).toEqual(expected);
      expect(headers).toEqual(securityHeaders(expected, env));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows the mock port for every address not given: API, tiles, geocoder, documents and the policy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-entrypoint-'));
    try {
      const { config, headers } = runEntrypoint({ PORTAL_MOCK_PORT: '4001' }, dir);
      expect(config).toMatchObject({
        apiBaseUrl: 'http://localhost:4001',
        documentServiceUrl: 'http://localhost:4001/documents',
        tileUrl: 'http://localhost:4001/tiles/{z}/{x}/{y}.png',
        geocoderUrl: 'http://localhost:4001/geocoder',
      });
      expect(directiveOf(headers['Content-Security-Policy'] ?? '', 'connect-src')).toContain(
        'http://localhost:4001',
      );
      // given explicitly, an address wins over the mock port
      const explicit = runEntrypoint(
        { PORTAL_MOCK_PORT: '4001', PORTAL_API_URL: 'https://api.example.org' },
        dir,
      );
      expect(explicit.config).toMatchObject({
        apiBaseUrl: 'https://api.example.org',
        tileUrl: 'http://localhost:4001/tiles/{z}/{x}/{y}.png',
      });
      // and without it, a deployment keeps the public services
      expect(runEntrypoint({}, dir).config).toMatchObject({
        apiBaseUrl: 'http://localhost:3001',
        tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        geocoderUrl: 'https://api-adresse.data.gouv.fr',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the backend, tiles, tracker and monitoring in the policy, and nothing unsafe for scripts', () => {
    const env = ENVS[1]?.env as Env;
    const csp = contentSecurityPolicy(buildRuntimeConfig(env), env) as string;
    const directive = (name: string) => directiveOf(csp, name);
    // no inline script but index.html's first-load hint, by the hash of its text
    const hint = `'sha256-${createHash('sha256').update(FIRST_LOAD_HINT).digest('base64')}'`;
    expect(directive('script-src')).toBe(
      `script-src 'self' ${hint} https://stats.example.org https://www.datadoghq-browser-agent.com`,
    );
    expect(directive('script-src')).not.toContain('unsafe');
    expect(directive('connect-src')).toContain('https://api.example.org');
    expect(directive('connect-src')).toContain('https://api-test.example.org:8443');
    expect(directive('connect-src')).toContain('https://browser-intake-datadoghq.eu');
    expect(directive('img-src')).toContain('https://*.tiles.example.org');
    expect(directive('frame-src')).toContain('https://api.example.org');
    expect(directive('frame-src')).toContain('https://app.powerbi.com');
    expect(csp).not.toContain('evil.example');
    expect(csp).not.toContain('"');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it.each([
    { title: 'configured', env: ENVS[1]?.env as Env, allowed: true },
    { title: 'configured elsewhere', env: ENVS[2]?.env as Env, allowed: true },
    { title: 'not configured', env: ENVS[0]?.env as Env, allowed: false },
    {
      title: 'half configured (no client token)',
      env: {
        PORTAL_RUM_APPLICATION_ID: 'app-1',
        PORTAL_TRACKER_URL: 'https://stats.example.org/',
        PORTAL_TRACKER_SITE_ID: '3',
      },
      allowed: false,
    },
  ])(
    'allows the monitoring agent script on both servers only when monitoring is $title',
    ({ env, allowed }) => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-entrypoint-'));
      try {
        const node = directiveOf(contentSecurityPolicy(buildRuntimeConfig(env), env) as string, 'script-src');
        const nginx = directiveOf(
          runEntrypoint(env, dir).headers['Content-Security-Policy'] ?? '',
          'script-src',
        );
        for (const scriptSrc of [node, nginx]) {
          expect(scriptSrc.startsWith("script-src 'self'")).toBe(true);
          expect(scriptSrc.split(' ').includes('https://www.datadoghq-browser-agent.com')).toBe(allowed);
        }
        expect(nginx).toBe(node);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('allows the origin the monitoring module loads its agent from', () => {
    const source = readText('web/src/lib/monitoring/adapters.ts');
    const script = /const RUM_SCRIPT = '([^']+)'/.exec(source)?.[1];
    expect(script, 'RUM_SCRIPT in web/src/lib/monitoring/adapters.ts').toBeDefined();
    expect(new URL(script ?? '').origin).toBe(RUM_SCRIPT_ORIGIN);
  });

  it.each([
    { value: 'true', test: true },
    { value: 'TRUE', test: true },
    { value: ' 1 ', test: true },
    { value: 'yes', test: true },
    { value: 'Yes', test: true },
    { value: 'no', test: false },
    { value: '0', test: false },
    { value: '', test: false },
  ])(
    'reads PORTAL_TEST_ENV=$value the same for testEnv and the RUM environment, on both servers',
    ({ value, test }) => {
      const env: Env = {
        PORTAL_TEST_ENV: value,
        PORTAL_RUM_APPLICATION_ID: 'a',
        PORTAL_RUM_CLIENT_TOKEN: 'b',
      };
      const dir = mkdtempSync(join(tmpdir(), 'portal-entrypoint-'));
      try {
        const node = buildRuntimeConfig(env);
        expect(node.testEnv).toBe(test);
        expect(node.rum?.env).toBe(test ? 'test' : 'production');
        expect(runEntrypoint(env, dir).config).toEqual(node);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

// --- the same expectations for both servers ------------------------------------------------------

const SERVER_ENV: Env = {
  PORTAL_API_URL: 'http://localhost:3999',
  PORTAL_TILE_URL: 'http://localhost:3999/tiles/{z}/{x}/{y}.png',
};
const INDEX =
  '<!doctype html><html lang="fr"><head><title>Portail</title><script type="module" src="/assets/index-C0ffee12.js"></script></head><body><div id="root"></div></body></html>\n';
const SCRIPT = `document.getElementById('root').textContent = 'ok';\n/* ${'padding '.repeat(400)} */\n`;

const SERVICE_WORKER = `self.addEventListener('fetch', () => undefined); // ${'x'.repeat(1100)}\n`;
const MANIFEST = `${JSON.stringify({ name: 'Portail', start_url: '/', display: 'standalone' })}\n`;

function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, ASSET), SCRIPT);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dir, 'sw.js'), SERVICE_WORKER);
  writeFileSync(join(dir, 'manifest.webmanifest'), MANIFEST);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nothing answered at ${url}`);
}

interface Running {
  url: string;
  stop(): Promise<void>;
}

async function startServeDist(dist: string): Promise<Running> {
  const server = (await startPortalServer({
    port: 0,
    host: '127.0.0.1',
    distDir: dist,
    env: SERVER_ENV,
  })) as {
    port: number;
    close(): Promise<void>;
  };
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.close() };
}

function hasNginx(): boolean {
  return (
    spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx'], { stdio: 'ignore' }).status === 0
  );
}

async function startNginx(dist: string): Promise<Running> {
  const work = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  const html = join(work, 'html');
  mkdirSync(html);
  for (const file of ['index.html', ASSET, 'robots.txt', 'sw.js', 'manifest.webmanifest']) {
    mkdirSync(join(html, file, '..'), { recursive: true });
    writeFileSync(join(html, file), readFileSync(join(dist, file)));
  }
  const headersFile = join(work, 'portal', 'security-headers.conf');
  const run = spawnSync('sh', [ENTRYPOINT], {
    env: {
      PATH: process.env.PATH ?? '',
      ...SERVER_ENV,
      PORTAL_HTML_DIR: html,
      PORTAL_HEADERS_FILE: headersFile,
    },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  const port = await freePort();
  const site = readText('web/nginx/default.conf')
    .replaceAll('/usr/share/nginx/html', html)
    .replaceAll('/etc/nginx/portal/security-headers.conf', headersFile)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`);
  writeFileSync(join(work, 'default.conf'), site);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  writeFileSync(
    join(work, 'nginx.conf'),
    [
      isRoot ? 'user root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/error.log warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${work}/${t};`),
      `  include ${work}/default.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = process.env.NGINX_BIN ?? 'nginx';
  const check = spawnSync(nginx, ['-t', '-p', work, '-c', join(work, 'nginx.conf')], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
  });
  expect(check.status, check.stderr).toBe(0);
  const child: ChildProcess = spawn(nginx, ['-p', work, '-c', join(work, 'nginx.conf')], {
    stdio: 'ignore',
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

const SERVERS: Array<{ name: string; start: (dist: string) => Promise<Running>; available: () => boolean }> =
  [
    { name: 'serve-dist.mjs', start: startServeDist, available: () => true },
    { name: 'nginx (web/nginx/default.conf)', start: startNginx, available: hasNginx },
  ];

describe.each(SERVERS)('$name', ({ name, start, available }) => {
  let dist = '';
  let server: Running | null = null;
  const expectedConfig = buildRuntimeConfig(SERVER_ENV);
  const expectedCsp = contentSecurityPolicy(expectedConfig, SERVER_ENV) as string;

  beforeAll(async () => {
    if (!available()) {
      // CI installs nginx (.ci/run); a developer machine without it checks serve-dist only.
      expect(process.env.CI, `CI must install what ${name} needs`).toBeFalsy();
      return;
    }
    dist = makeDist();
    server = await start(dist);
  });
  afterAll(async () => {
    await server?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    if (!server) return null;
    return fetch(`${server.url}${path}`, { headers });
  };

  it.each([
    '/',
    '/gestion-territoriale',
    '/api/thingsboard/dashboards',
    '/api/powerbi/trends',
    '/demande/12?tab=1',
  ])('answers %s with index.html, not cached, with the security headers', async (path) => {
    const res = await get(path);
    if (!res) return;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(expectedCsp);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves hashed assets for a year, gzipped', async () => {
    const res = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    if (!res) return;
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('content-security-policy')).toBe(expectedCsp);
    expect(await res.text()).toBe(SCRIPT); // fetch decompresses
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await get('/assets/index-Missing0.js');
    if (!res) return;
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('serves the runtime configuration from the environment, not cached', async () => {
    const res = await get('/runtime-config.json');
    if (!res) return;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(expectedConfig);
  });

  it('serves the service worker for the whole portal, never cached, allowed by the policy', async () => {
    const res = await get('/sw.js');
    if (!res) return;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    expect(await res.text()).toBe(SERVICE_WORKER);
    expect(directiveOf(expectedCsp, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directiveOf(expectedCsp, 'manifest-src')).toBe("manifest-src 'self'");
  });

  it('serves the web app manifest as a manifest, not cached', async () => {
    const res = await get('/manifest.webmanifest');
    if (!res) return;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toMatchObject({ name: 'Portail', start_url: '/' });
  });

  it('serves other files of the build as they are, not cached for long', async () => {
    const res = await get('/robots.txt');
    if (!res) return;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('User-agent: *\n');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
