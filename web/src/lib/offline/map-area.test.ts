/** The tiles of a work area: the square around a point, at every zoom kept, within the limit. */
import { describe, expect, it } from 'vitest';
import { areaTiles, estimatedBytes, MAX_AREA_TILES } from './map-area';

const DIJON = { lat: 47.3215, lng: 5.0415 };

describe('areaTiles', () => {
  it('covers the point at every zoom from 13 to 17, more tiles as it zooms in', () => {
    const tiles = areaTiles(DIJON, 500);
    const zooms = [...new Set(tiles.map((t) => t.z))];
    expect(zooms).toEqual([13, 14, 15, 16, 17]);
    const at = (z: number) => tiles.filter((t) => t.z === z).length;
    expect(at(17)).toBeGreaterThan(at(13));
    // the point's own tile at zoom 17 (OpenStreetMap's numbering)
    expect(tiles).toContainEqual({ z: 17, x: 67371, y: 45929 });
  });

  it('keeps the largest radius offered under the limit, and says its size', () => {
    const count = areaTiles(DIJON, 3000).length;
    expect(count).toBeLessThanOrEqual(MAX_AREA_TILES);
    expect(estimatedBytes(count)).toBe(count * 16 * 1024);
    expect(areaTiles(DIJON, 10_000).length).toBeGreaterThan(MAX_AREA_TILES);
  });
});
