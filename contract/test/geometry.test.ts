import { describe, expect, it } from 'vitest';
import {
  pointInPolygons,
  polygonsOf,
  segmentLeaves,
  zoneInside,
  zoneOutside,
  type PolygonRings,
} from '../src/geometry.ts';

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });
/** An L: a bottom bar and a left column; the notch is the top right square. */
const L: PolygonRings = [
  [
    [0, 0],
    [6, 0],
    [6, 2],
    [2, 2],
    [2, 6],
    [0, 6],
    [0, 0],
  ],
];

describe('points', () => {
  it('are inside a polygon when inside its outer ring and outside its holes', () => {
    const withHole: PolygonRings = [rect(0, 0, 10, 10), rect(4, 4, 6, 6)];
    expect(pointInPolygons([1, 1], [withHole])).toBe(true);
    expect(pointInPolygons([5, 5], [withHole])).toBe(false);
    expect(pointInPolygons([11, 5], [withHole])).toBe(false);
    expect(pointInPolygons([1, 1], [])).toBe(false);
  });
});

describe('segments', () => {
  it('leave a concave shape through its notch even between two inside ends', () => {
    expect(segmentLeaves([1, 5], [5, 1], [L])).toBe(true);
    expect(segmentLeaves([1, 1], [5, 1], [L])).toBe(false);
    expect(segmentLeaves([1, 1], [1, 5], [L])).toBe(false);
  });

  it('stay inside when they cross from one polygon of the shape into an adjacent one', () => {
    const left: PolygonRings = [rect(0, 0, 2, 2)];
    const right: PolygonRings = [rect(2, 0, 4, 2)];
    expect(segmentLeaves([1, 1], [3, 1], [left, right])).toBe(false);
    expect(segmentLeaves([1, 1], [3, 1], [left])).toBe(true);
  });
});

describe('zones', () => {
  it('inside a concave shape: vertices and edges inside', () => {
    expect(zoneInside(polygon(rect(0.5, 0.5, 5, 1.5)), [L])).toBe(true);
    expect(
      zoneOutside(
        polygon([
          [1, 5],
          [5, 1],
          [1, 1],
          [1, 5],
        ]),
        [L],
      ),
    ).toEqual({ vertices: [], edges: 1, holes: 0 });
    expect(
      zoneInside(
        polygon([
          [1, 5],
          [5, 1],
          [1, 1],
          [1, 5],
        ]),
        [L],
      ),
    ).toBe(false);
  });

  it('counts each vertex outside once (a closed ring repeats its first)', () => {
    expect(zoneOutside(polygon(rect(3, 3, 5, 5)), [L])).toEqual({
      vertices: [
        [3, 3],
        [5, 3],
        [5, 5],
        [3, 5],
      ],
      edges: 4,
      holes: 0,
    });
  });

  it('refuses a zone around a hole of the shape, though its outline is inside', () => {
    const withHole: PolygonRings = [rect(0, 0, 10, 10), rect(4, 4, 6, 6)];
    expect(zoneOutside(polygon(rect(3, 3, 7, 7)), [withHole])).toEqual({ vertices: [], edges: 0, holes: 1 });
    expect(zoneInside(polygon(rect(1, 1, 3, 3)), [withHole])).toBe(true);
  });

  it('checks points and lines too; nothing is inside an empty shape', () => {
    expect(zoneInside({ type: 'Point', coordinates: [1, 1] }, [L])).toBe(true);
    expect(zoneInside({ type: 'Point', coordinates: [4, 4] }, [L])).toBe(false);
    expect(
      zoneInside(
        {
          type: 'LineString',
          coordinates: [
            [1, 5],
            [1, 1],
            [5, 1],
          ],
        },
        [L],
      ),
    ).toBe(true);
    expect(
      zoneInside(
        {
          type: 'LineString',
          coordinates: [
            [1, 5],
            [5, 1],
          ],
        },
        [L],
      ),
    ).toBe(false);
    expect(zoneInside(polygon(rect(1, 1, 2, 2)), [])).toBe(false);
  });
});

describe('polygonsOf', () => {
  it('reads the Polygon and MultiPolygon geometries of a feature collection, ignoring the rest', () => {
    const shape = {
      features: [
        { geometry: { type: 'Polygon', coordinates: [rect(0, 0, 1, 1)] } },
        { geometry: { type: 'MultiPolygon', coordinates: [[rect(2, 2, 3, 3)], [rect(4, 4, 5, 5)]] } },
        { geometry: { type: 'Point', coordinates: [0, 0] } },
        { geometry: null },
      ],
    };
    expect(polygonsOf(shape)).toEqual([[rect(0, 0, 1, 1)], [rect(2, 2, 3, 3)], [rect(4, 4, 5, 5)]]);
    expect(polygonsOf(undefined)).toEqual([]);
  });
});
