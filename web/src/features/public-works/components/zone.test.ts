import { describe, expect, it } from 'vitest';
import { fromGeometry, outsideVertices, parseVertices, polygonsOf, toPolygon } from './zone';

const shape = {
  type: 'FeatureCollection' as const,
  features: [{ type: 'Feature' as const, geometry: { type: 'MultiPolygon' as const, coordinates: [[[[5.029, 47.31], [5.053, 47.31], [5.053, 47.334], [5.029, 47.334], [5.029, 47.31]]]] }, properties: null }],
};

describe('work zones', () => {
  it('finds the vertices outside the merged shape', () => {
    const polygons = polygonsOf(shape);
    expect(outsideVertices([[47.32, 5.04], [47.321, 5.041]], polygons)).toEqual([]);
    expect(outsideVertices([[47.32, 5.04], [47.4, 5.04]], polygons)).toEqual([[47.4, 5.04]]);
    expect(outsideVertices([[47.32, 5.04]], [])).toEqual([[47.32, 5.04]]);
  });
  it('turns vertices into a closed polygon and back, and parses typed lines', () => {
    const polygon = toPolygon([[47.32, 5.04], [47.32, 5.042], [47.322, 5.042]]);
    expect(polygon).toEqual({ type: 'Polygon', coordinates: [[[5.04, 47.32], [5.042, 47.32], [5.042, 47.322], [5.04, 47.32]]] });
    expect(fromGeometry(polygon)).toEqual([[47.32, 5.04], [47.32, 5.042], [47.322, 5.042]]);
    expect(toPolygon([[47.32, 5.04]])).toBeNull();
    expect(parseVertices('47.32, 5.04\n47.33;5.05\n')).toEqual([[47.32, 5.04], [47.33, 5.05]]);
    expect(parseVertices('47.32')).toBeNull();
    expect(parseVertices('95, 5')).toBeNull();
  });
});
