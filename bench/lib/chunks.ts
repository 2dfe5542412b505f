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
