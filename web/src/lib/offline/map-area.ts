/**
 * A work area's map kept for offline use (docs/offline.md): the tiles of a square around a point,
 * at the zoom levels a report needs (the street, the building), fetched before going out into a
 * cache of their own that the service worker reads before the network (web/service-worker/sw.ts).
 * One area at a time; bounded in tiles, its size said before and after.
 */
import { runtimeConfig } from '@/config/runtime-config';

/** The cache the service worker reads tiles from first; the same name in sw.ts. */
const AREA_TILES_CACHE = 'portal-area-tiles';
/** From the district to the building. */
const AREA_ZOOMS = [13, 14, 15, 16, 17] as const;
/** At most this many tiles in an area (about 40 MB). */
export const MAX_AREA_TILES = 2500;
/** A map tile weighs about this much (an estimate before download). */
const TILE_BYTES = 16 * 1024;
const AREA_KEY = 'portal-map-area';

interface Tile {
  z: number;
  x: number;
  y: number;
}

/** The tile of a point at a zoom level (Web Mercator, as Leaflet and OpenStreetMap cut them). */
function tileOf(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

/** The tiles of the square of `radiusM` metres around a point, at every zoom of AREA_ZOOMS. */
export function areaTiles(centre: { lat: number; lng: number }, radiusM: number): Tile[] {
  const dLat = radiusM / 111_320;
  const dLng = radiusM / (111_320 * Math.cos((centre.lat * Math.PI) / 180));
  const tiles: Tile[] = [];
  for (const z of AREA_ZOOMS) {
    const nw = tileOf(centre.lat + dLat, centre.lng - dLng, z);
    const se = tileOf(centre.lat - dLat, centre.lng + dLng, z);
    for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** The size an area will take, before it is fetched. */
export const estimatedBytes = (count: number): number => count * TILE_BYTES;

/** A tile's address as the map asks for it (Leaflet's `{s}` choice included). */
function tileUrl(tile: Tile, template: string = runtimeConfig().tileUrl): string {
  const subdomains = 'abc';
  return template
    .replace('{s}', subdomains[Math.abs(tile.x + tile.y) % subdomains.length] as string)
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y))
    .replace('{r}', '');
}

/** The area kept on the device: where, how many tiles, how many bytes, when. */
export interface KeptArea {
  centre: { lat: number; lng: number };
  radiusM: number;
  tiles: number;
  bytes: number;
  failed: number;
  savedAt: number;
}

export function keptArea(): KeptArea | null {
  try {
    const raw = window.localStorage.getItem(AREA_KEY);
    return raw ? (JSON.parse(raw) as KeptArea) : null;
  } catch {
    return null;
  }
}

/**
 * Fetches the area's tiles into the area cache (the previous area goes first), a few at a time;
 * `onProgress` hears how many are done. Refuses an area over MAX_AREA_TILES.
 */
export async function downloadArea(
  centre: { lat: number; lng: number },
  radiusM: number,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<KeptArea> {
  const tiles = areaTiles(centre, radiusM);
  if (tiles.length > MAX_AREA_TILES) throw new RangeError(`${tiles.length} tiles: at most ${MAX_AREA_TILES}`);
  await caches.delete(AREA_TILES_CACHE);
  const cache = await caches.open(AREA_TILES_CACHE);
  let done = 0;
  let bytes = 0;
  let failed = 0;
  const queue = [...tiles];
  const worker = async () => {
    for (let tile = queue.shift(); tile; tile = queue.shift()) {
      if (signal?.aborted) return;
      const url = tileUrl(tile);
      try {
        const response = await fetch(url, { mode: 'cors', ...(signal ? { signal } : {}) });
        if (!response.ok) throw new Error(String(response.status));
        const body = await response.clone().blob();
        await cache.put(url, response);
        bytes += body.size;
      } catch {
        failed++;
      }
      onProgress(++done, tiles.length);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  const area: KeptArea = {
    centre,
    radiusM,
    tiles: tiles.length - failed,
    bytes,
    failed,
    savedAt: Date.now(),
  };
  try {
    window.localStorage.setItem(AREA_KEY, JSON.stringify(area));
  } catch {
    // the tiles are kept; only the summary is not
  }
  return area;
}

/** Deletes the area's tiles. */
export async function deleteArea(): Promise<void> {
  await caches.delete(AREA_TILES_CACHE);
  try {
    window.localStorage.removeItem(AREA_KEY);
  } catch {
    // nothing kept
  }
}
