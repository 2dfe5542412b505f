import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AssetSize,
  buildPathOf,
  kindOf,
  largestChunks,
  precachedFiles,
  routeFiles,
  routeTotals,
  toKiB,
} from '../lib/chunks.ts';
import { buildSizes } from '../sections/bundle.ts';

const size = (file: string, gzip: number): [string, AssetSize] => [file, { file, bytes: gzip * 3, gzip }];
const sizes = new Map([
  size('assets/index-a1.js', 60_000),
  size('assets/home-b2.js', 20_000),
  size('assets/map-c3.js', 45_000),
  size('assets/index-d4.css', 30_000),
  size('assets/map-e5.css', 4_000),
]);

describe('the files a route loaded', () => {
  it('sorts files into JS, CSS and the rest, ignoring query strings', () => {
    expect(kindOf('assets/index-a1.js')).toBe('js');
    expect(kindOf('assets/worker.mjs?v=3')).toBe('js');
    expect(kindOf('assets/index-d4.css#x')).toBe('css');
    expect(kindOf('runtime-config.json')).toBe('other');
    expect(kindOf('assets/logo.svg')).toBe('other');
  });

  it('keeps only the portal origin and turns a URL into a build path', () => {
    expect(buildPathOf('http://127.0.0.1:4173/assets/index-a1.js?v=1', 'http://127.0.0.1:4173')).toBe(
      'assets/index-a1.js',
    );
    expect(buildPathOf('http://127.0.0.1:4173/assets/a%20b.js', 'http://127.0.0.1:4173')).toBe(
      'assets/a b.js',
    );
    expect(buildPathOf('http://127.0.0.1:3001/api/contracts', 'http://127.0.0.1:4173')).toBeNull();
    expect(buildPathOf('http://127.0.0.1:4173/', 'http://127.0.0.1:4173')).toBeNull();
    expect(buildPathOf('not a url', 'http://127.0.0.1:4173')).toBeNull();
  });

  it('sums the gzip bytes per kind, each file once, and names files the build lacks', () => {
    const totals = routeTotals(
      [
        'assets/index-a1.js',
        'assets/home-b2.js',
        'assets/index-a1.js',
        'assets/index-d4.css',
        'runtime-config.json',
        'assets/gone.js',
      ],
      sizes,
    );
    expect(totals).toEqual({
      jsGzip: 80_000,
      cssGzip: 30_000,
      jsFiles: 2,
      cssFiles: 1,
      unknown: ['assets/gone.js'],
    });
  });

  it('lists the largest chunks first', () => {
    expect(
      largestChunks(
        ['assets/home-b2.js', 'assets/index-a1.js', 'assets/map-c3.js', 'assets/map-e5.css'],
        sizes,
        2,
      ).map((c) => c.file),
    ).toEqual(['assets/index-a1.js', 'assets/map-c3.js']);
  });

  it('reports sizes in KiB with one decimal', () => {
    expect(toKiB(153_600)).toBe(150);
    expect(toKiB(168_141)).toBe(164.2);
  });
});

describe('the sizes of a build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-build-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures every JS and CSS file with its gzip -9 size, and nothing else', () => {
    mkdirSync(join(dir, 'assets'));
    const js = 'export const answer = 42;\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'index-a1.js'), js);
    writeFileSync(join(dir, 'assets', 'index-d4.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'index-a1.js.map'), '{}');
    const measured = buildSizes(dir);
    expect([...measured.keys()].sort()).toEqual(['assets/index-a1.js', 'assets/index-d4.css']);
    expect(measured.get('assets/index-a1.js')).toEqual({
      file: 'assets/index-a1.js',
      bytes: js.length,
      gzip: gzipSync(js, { level: 9 }).length,
    });
  });
});

describe('route files from the build manifest', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_boot.js'], dynamicImports: ['_main.js'] },
    '_boot.js': { file: 'assets/boot.js' },
    '_main.js': { file: 'assets/main.js', imports: ['_boot.js'], css: ['assets/main.css'] },
    'src/routes/list.tsx': { file: 'assets/list.js', imports: ['_main.js', '_table.js'] },
    '_table.js': { file: 'assets/table.js', css: ['assets/table.css'] },
    'src/lib/offline/start.ts': { file: 'assets/start.js', imports: ['_boot.js'] },
    'src/lazy.tsx': { file: 'assets/lazy.js', css: ['assets/lazy.css'] },
  };

  it('adds the static imports and CSS of every file asked for, not their dynamic imports', () => {
    expect(routeFiles(['assets/index.js', 'assets/list.js'], manifest)).toEqual([
      'assets/boot.js',
      'assets/index.js',
      'assets/list.js',
      'assets/main.css',
      'assets/main.js',
      'assets/table.css',
      'assets/table.js',
    ]);
  });

  it('gives the same files whatever the order and whether the deferred modules were fetched yet', () => {
    const always = ['src/lib/offline/start.ts'];
    const early = routeFiles(['assets/list.js', 'assets/index.js'], manifest, always);
    const late = routeFiles(
      ['assets/index.js', 'assets/start.js', 'assets/list.js', 'assets/index.js'],
      manifest,
      always,
    );
    expect(early).toEqual(late);
    expect(early).toContain('assets/start.js');
    expect(early).not.toContain('assets/lazy.js');
  });

  it('reads the files Workbox precaches from the service worker', () => {
    const sw =
      'e.precacheAndRoute([{url:"assets/a.js",revision:null},{"revision":"x","url":"index.html"},{url:"assets/a.js",revision:null}])';
    expect(precachedFiles(sw)).toEqual(['assets/a.js', 'index.html']);
  });
});
