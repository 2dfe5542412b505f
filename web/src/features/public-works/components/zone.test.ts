import { describe, expect, it } from 'vitest';
import { fromGeometry, parseVertices, polygonsOf, toPolygon, zoneInsideShape } from './zone';

const shape = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      geometry: {
        type: 'MultiPolygon' as const,
        coordinates: [
          [
            [
              [5.029, 47.31],
              [5.053, 47.31],
              [5.053, 47.334],
              [5.029, 47.334],
              [5.029, 47.31],
            ],
          ],
        ],
      },
      properties: null,
    },
  ],
};

describe('work zones', () => {
  it('accepts a zone wholly inside the merged shape and refuses one that leaves it', () => {
    const polygons = polygonsOf(shape);
    expect(
      zoneInsideShape(
        [
          [47.32, 5.04],
          [47.32, 5.042],
          [47.322, 5.042],
        ],
        polygons,
      ),
    ).toBe(true);
    expect(
      zoneInsideShape(
        [
          [47.32, 5.04],
          [47.4, 5.04],
          [47.32, 5.045],
        ],
        polygons,
      ),
    ).toBe(false);
    expect(
      zoneInsideShape(
        [
          [47.32, 5.04],
          [47.32, 5.042],
          [47.322, 5.042],
        ],
        [],
      ),
    ).toBe(false);
  });
  it('refuses a zone whose vertices are inside a concave shape but whose edge crosses its notch', () => {
    // an L of [lng, lat]: a bottom bar and a left column
    const l = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          properties: null,
          geometry: {
            type: 'Polygon' as const,
            coordinates: [
              [
                [5, 47],
                [5.06, 47],
                [5.06, 47.02],
                [5.02, 47.02],
                [5.02, 47.06],
                [5, 47.06],
                [5, 47],
              ],
            ],
          },
        },
      ],
    };
    const polygons = polygonsOf(l);
    expect(
      zoneInsideShape(
        [
          [47.05, 5.01],
          [47.01, 5.05],
          [47.01, 5.01],
        ],
        polygons,
      ),
    ).toBe(false);
    expect(
      zoneInsideShape(
        [
          [47.005, 5.01],
          [47.005, 5.05],
          [47.015, 5.05],
          [47.015, 5.01],
        ],
        polygons,
      ),
    ).toBe(true);
  });
  it('turns vertices into a closed polygon and back, and parses typed lines', () => {
    const polygon = toPolygon([
      [47.32, 5.04],
      [47.32, 5.042],
      [47.322, 5.042],
    ]);
    expect(polygon).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [5.04, 47.32],
          [5.042, 47.32],
          [5.042, 47.322],
          [5.04, 47.32],
        ],
      ],
    });
    expect(fromGeometry(polygon)).toEqual([
      [47.32, 5.04],
      [47.32, 5.042],
      [47.322, 5.042],
    ]);
    expect(toPolygon([[47.32, 5.04]])).toBeNull();
    expect(parseVertices('47.32, 5.04\n47.33;5.05\n')).toEqual([
      [47.32, 5.04],
      [47.33, 5.05],
    ]);
    expect(parseVertices('47.32')).toBeNull();
    expect(parseVertices('95, 5')).toBeNull();
  });
});
