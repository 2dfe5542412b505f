// docker-compose.yml: validated by Debian's docker-compose when it is installed (CI installs it),
// and always by a structural check of our own.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { exists, fromRoot, readText, repoRoot } from './helpers.ts';

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
}
interface Compose {
  name?: string;
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const text = readText('docker-compose.yml');
const compose = parse(text) as Compose;
const services = compose.services;

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

describe('docker-compose.yml', () => {
  // CI installs Debian's docker-compose and must run this; elsewhere, without the binary, the
  // structural checks below stand in for it.
  it('passes `docker-compose config -q`', () => {
    if (!hasCommand('docker-compose')) {
      expect(process.env.CI, 'CI must install docker-compose (.ci/run does)').toBeFalsy();
      console.warn('docker-compose is not installed: only the structural checks ran');
      return;
    }
    const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('has no top-level name (Debian docker-compose rejects it) and the three services', () => {
    expect(compose.name).toBeUndefined();
    expect(Object.keys(services).sort()).toEqual(['e2e', 'mock', 'portal']);
  });

  it('builds every service from a Dockerfile that exists, with the repo root as context', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.build?.context, name).toBe('.');
      expect(exists(service.build?.dockerfile ?? 'missing'), `${name}: ${service.build?.dockerfile}`).toBe(
        true,
      );
    }
  });

  it('publishes the mock on 3001 of the host loopback only (its control API rewrites the state) and the portal (nginx) on 8080, overridable', () => {
    expect(services.mock?.ports).toEqual(['${MOCK_BIND_ADDRESS:-127.0.0.1}:${MOCK_PORT:-3001}:3001']);
    expect(services.portal?.ports).toEqual(['${PORTAL_HTTP_PORT:-8080}:8080']);
  });

  it('health-checks the services and starts dependants only once they are healthy', () => {
    expect(services.mock?.healthcheck?.test.toString()).toMatch(/__mock\/health/);
    expect(services.portal?.healthcheck?.test.toString()).toMatch(/healthz/);
    expect(services.portal?.depends_on).toEqual({ mock: { condition: 'service_healthy' } });
    expect(services.e2e?.depends_on).toEqual({
      mock: { condition: 'service_healthy' },
      portal: { condition: 'service_healthy' },
    });
  });

  it('keeps the mock state in a named volume and takes scenario and seed from the environment', () => {
    expect(services.mock?.volumes).toContain('mock-state:/data');
    expect(compose.volumes).toHaveProperty('mock-state');
    expect(services.mock?.environment).toMatchObject({
      MOCK_SCENARIO: '${MOCK_SCENARIO:-default}',
      MOCK_SEED: '${MOCK_SEED:-}',
      MOCK_STATE_FILE: '/data/state.json',
    });
  });

  it('sets the mock host explicitly: the mock listens on 127.0.0.1 by default, which a published port cannot reach', () => {
    expect(services.mock?.environment).toMatchObject({ MOCK_HOST: '0.0.0.0' });
    // its control API answers the compose service name besides the loopback names
    expect(services.mock?.environment).toMatchObject({ MOCK_ALLOWED_HOSTS: '${MOCK_ALLOWED_HOSTS:-mock}' });
  });

  it('passes every variable of the runtime configuration to the portal', () => {
    const used = new Set(readText('web/runtime-config.mjs').match(/PORTAL_[A-Z_]+/g) ?? []);
    expect(used.size).toBeGreaterThan(5);
    const given = Object.keys(services.portal?.environment ?? {});
    // The optional RUM overrides keep their defaults (site, service, env).
    const missing = [...used].filter((v) => !given.includes(v) && !/^PORTAL_RUM_(SITE|SERVICE|ENV)$/.test(v));
    expect(missing).toEqual([]);
    // empty unless given: the entrypoint derives the mock's addresses from the mock's port
    expect(services.portal?.environment?.PORTAL_API_URL).toBe('${PORTAL_API_URL:-}');
    expect(services.portal?.environment?.PORTAL_MOCK_PORT).toBe('${MOCK_PORT:-3001}');
  });

  it('runs the end-to-end suites only under the e2e profile', () => {
    expect(services.e2e?.profiles).toEqual(['e2e']);
    expect(services.mock?.profiles).toBeUndefined();
    expect(services.portal?.profiles).toBeUndefined();
  });

  it('gives the e2e service the addresses of the published ports, and keeps its reports on the host', () => {
    const env = services.e2e?.environment ?? {};
    expect(env.E2E_BASE_URL).toBe('http://localhost:${PORTAL_HTTP_PORT:-8080}');
    expect(env.E2E_MOCK_URL).toBe('http://localhost:${MOCK_PORT:-3001}');
    expect(env.E2E_FORWARD).toBe('${MOCK_PORT:-3001}=mock:3001 ${PORTAL_HTTP_PORT:-8080}=portal:8080');
    expect(services.e2e?.volumes).toEqual([
      './e2e/playwright-report:/app/e2e/playwright-report',
      './e2e/test-results:/app/e2e/test-results',
    ]);
  });

  it('follows MOCK_PORT and PORTAL_HTTP_PORT in the resolved configuration (docker-compose config)', () => {
    if (!hasCommand('docker-compose')) {
      expect(process.env.CI, 'CI must install docker-compose (.ci/run does)').toBeFalsy();
      return;
    }
    const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', '--profile', 'e2e', 'config'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, MOCK_PORT: '3999', PORTAL_HTTP_PORT: '8999' },
    });
    expect(run.status, run.stderr).toBe(0);
    const resolved = parse(run.stdout) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    expect(resolved.services.e2e?.environment).toMatchObject({
      E2E_BASE_URL: 'http://localhost:8999',
      E2E_MOCK_URL: 'http://localhost:3999',
      E2E_FORWARD: '3999=mock:3001 8999=portal:8080',
    });
    // the portal's calls follow the mock: its entrypoint, given the resolved environment, writes a
    // runtime configuration whose API, tiles and address search are on the mock's new port
    const portalEnv = Object.fromEntries(
      Object.entries(resolved.services.portal?.environment ?? {}).map(([k, v]) => [k, v ?? '']),
    );
    const dir = mkdtempSync(join(tmpdir(), 'compose-portal-'));
    try {
      const entrypoint = spawnSync('sh', [fromRoot('web/nginx/40-portal-runtime-config.sh')], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          ...portalEnv,
          PORTAL_HTML_DIR: dir,
          PORTAL_HEADERS_FILE: join(dir, 'headers.conf'),
        },
        encoding: 'utf8',
      });
      expect(entrypoint.status, entrypoint.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(dir, 'runtime-config.json'), 'utf8'))).toMatchObject({
        apiBaseUrl: 'http://localhost:3999',
        tileUrl: 'http://localhost:3999/tiles/{z}/{x}/{y}.png',
        geocoderUrl: 'http://localhost:3999/geocoder',
        documentServiceUrl: 'http://localhost:3999/documents',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('.env.example', () => {
  it('names every variable docker-compose.yml reads, and nothing else', () => {
    const code = text
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    const used = new Set([...code.matchAll(/\$\{([A-Z0-9_]+)(?::-[^}]*)?\}/g)].map((m) => m[1]));
    const example = readText('.env.example');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...listed].sort());
  });
});
