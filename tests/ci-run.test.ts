// .ci/run: a bash script that fails on any error, installs what a fresh machine lacks, and runs
// `npm ci` then the README's test command.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fromRoot, readPackage, readText } from './helpers.ts';

const script = readText('.ci/run');

describe('.ci/run', () => {
  it('is an executable bash script that parses and stops on the first failure', () => {
    expect(statSync(fromRoot('.ci/run')).mode & 0o111).not.toBe(0);
    expect(script.startsWith('#!/usr/bin/env bash\n')).toBe(true);
    expect(script).toMatch(/^set -euo pipefail$/m);
    const check = spawnSync('bash', ['-n', fromRoot('.ci/run')], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('installs Chromium, docker-compose and nginx only when missing', () => {
    expect(script).toMatch(/\[ -x \/usr\/bin\/chromium \][^\n]*missing\+=\(chromium\)/);
    expect(script).toMatch(/command -v docker-compose[^\n]*missing\+=\(docker-compose\)/);
    expect(script).toMatch(/missing\+=\(nginx-light\)/);
    expect(script).toMatch(/apt-get install -y[^\n]*"\$\{missing\[@\]\}"/);
  });

  it('runs npm ci, then npm test, whose script covers typecheck, lint, unit and e2e', () => {
    const ci = script.indexOf('\nnpm ci');
    const test = script.indexOf('\nnpm test');
    expect(ci).toBeGreaterThan(0);
    expect(test).toBeGreaterThan(ci);
    const scripts = readPackage('.').scripts ?? {};
    expect(scripts.test).toMatch(/typecheck/);
    expect(scripts.test).toMatch(/lint/);
    expect(scripts.test).toMatch(/test:unit/);
    expect(scripts.test).toMatch(/test:e2e/);
    expect(readPackage('e2e').scripts?.test).toBe('node scripts/ensure-browser.mjs && playwright test');
  });

  it('matches the test command the README gives first', () => {
    const head = readText('README.md').split('\n').slice(0, 8).join('\n');
    expect(head).toContain('npm install && npm start');
    expect(head).toContain('npm test');
  });

  it('has a lock file that npm ci accepts: every dependency of every locked package is locked too', () => {
    interface Entry {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    }
    const lock = JSON.parse(readText('package-lock.json')) as { packages: Record<string, Entry> };
    const locked = (from: string, name: string): boolean => {
      // Node's resolution: node_modules folders from the package's own up to the root
      for (let base = from; ;) {
        const prefix = base === '' ? '' : `${base}/`;
        if (lock.packages[`${prefix}node_modules/${name}`]) return true;
        if (base === '') return false;
        const cut = base.lastIndexOf('/node_modules/');
        base = cut === -1 ? '' : base.slice(0, cut);
      }
    };
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.includes('node_modules/')) continue;
      const names = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
      ];
      for (const name of names) if (!locked(path, name)) missing.push(`${name} (needed by ${path})`);
    }
    expect(missing, 'run `node scripts/lock-platform-bindings.mjs` or `npm install`').toEqual([]);
  });
});
