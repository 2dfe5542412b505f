/** Pure helpers over the assets a route loaded: totals per kind, the largest chunks. */

export interface AssetSize {
  /** path under the build, e.g. "assets/index-abc.js" */
  file: string;
  /** raw bytes */
  bytes: number;
  /** gzip -9 bytes */
  gzip: number;
}

export type AssetKind = 'js' | 'css' | 'other';

export function kindOf(file: string): AssetKind {
  const path = file.replace(/[?#].*$/, '');
  if (/\.(m?js)$/.test(path)) return 'js';
  if (/\.css$/.test(path)) return 'css';
  return 'other';
}

/** The build-relative path of a URL on the portal's origin ("/assets/x.js?v" -> "assets/x.js"), or null. */
export function buildPathOf(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+/, '');
  return path || null;
}

export interface RouteTotals {
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  cssFiles: number;
  /** files the route loaded that the build does not have (should be empty) */
  unknown: string[];
}

/** Sums the gzip sizes of the JS and CSS files a route loaded (each file counted once). */
export function routeTotals(files: Iterable<string>, sizes: ReadonlyMap<string, AssetSize>): RouteTotals {
  const totals: RouteTotals = { jsGzip: 0, cssGzip: 0, jsFiles: 0, cssFiles: 0, unknown: [] };
  for (const file of new Set(files)) {
    const kind = kindOf(file);
    if (kind === 'other') continue;
    const size = sizes.get(file);
    if (!size) {
      totals.unknown.push(file);
      continue;
    }
    if (kind === 'js') {
      totals.jsGzip += size.gzip;
      totals.jsFiles += 1;
    } else {
      totals.cssGzip += size.gzip;
      totals.cssFiles += 1;
    }
  }
  return totals;
}

/** The n largest chunks (by gzip size) among the given files, largest first. */
export function largestChunks(
  files: Iterable<string>,
  sizes: ReadonlyMap<string, AssetSize>,
  n: number,
): AssetSize[] {
  return [...new Set(files)]
    .map((file) => sizes.get(file))
    .filter((s): s is AssetSize => s !== undefined && kindOf(s.file) !== 'other')
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file))
    .slice(0, n);
}

const KiB = 1024;
export function toKiB(bytes: number): number {
  return Math.round((bytes / KiB) * 10) / 10;
}

/** One entry of Vite's build manifest (.vite/manifest.json). */
interface ManifestEntry {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestEntry>;

/**
 * What a route loads, from the build manifest: the JS files it asked for, each with the chunks it
 * imports statically (which the browser must load before running it) and the CSS of all of them,
 * plus `alwaysModules` (source paths: the modules every such page loads after its first paint)
 * with theirs. The same files whatever order they were asked in or whether the page got to the
 * deferred ones before the bench stopped listening: sorted, each once.
 */
export function routeFiles(
  requested: Iterable<string>,
  manifest: BuildManifest,
  alwaysModules: readonly string[] = [],
): string[] {
  const byFile = new Map<string, string>();
  for (const [key, entry] of Object.entries(manifest)) byFile.set(entry.file, key);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const next of entry.imports ?? []) visit(next);
  };
  for (const file of requested) {
    const key = byFile.get(file);
    if (key) visit(key);
    else if (kindOf(file) !== 'other') files.add(file);
  }
  for (const source of alwaysModules) if (manifest[source]) visit(source);
  return [...files].sort();
}

/** The files the service worker precaches, from the manifest Workbox injected into sw.js. */
export function precachedFiles(serviceWorker: string): string[] {
  const files = new Set<string>();
  for (const match of serviceWorker.matchAll(/["']?url["']?:\s*["'`]([^"'`]+)["'`]/g)) {
    const file = (match[1] ?? '').replace(/^\/+/, '');
    if (file) files.add(file);
  }
  return [...files].sort();
}
