/** Work zones: vertices as [lat, lng] pairs, checked against the planner's shape (contract/src/geometry.ts). */
import { polygonsOf as shapePolygons, zoneInside } from '@portal/contract/geometry';
import type { Geometry, PolygonRings } from '@portal/contract';
import type { GeoShape } from '../api/works';

export type Vertex = [number, number]; // [lat, lng]

/** The polygons of the planner's shape. */
export const polygonsOf = (shape: GeoShape | undefined): PolygonRings[] => shapePolygons(shape);

/** Is the zone drawn by these vertices (3 or more) wholly inside the shape: vertices, edges and the shape's holes? */
export function zoneInsideShape(vertices: Vertex[], polygons: PolygonRings[]): boolean {
  const zone = toPolygon(vertices);
  return zone ? zoneInside(zone, polygons) : true;
}

export function toPolygon(vertices: Vertex[]): Geometry | null {
  if (vertices.length < 3) return null;
  const ring = vertices.map(([lat, lng]) => [lng, lat]);
  const first = ring[0] as number[];
  return { type: 'Polygon', coordinates: [[...ring, [...first]]] };
}

export function fromGeometry(zone: Geometry | null | undefined): Vertex[] {
  if (!zone || zone.type !== 'Polygon') return [];
  const ring = zone.coordinates[0] ?? [];
  const open =
    ring.length > 1 && JSON.stringify(ring[0]) === JSON.stringify(ring[ring.length - 1])
      ? ring.slice(0, -1)
      : ring;
  return open.map((p) => [p[1] as number, p[0] as number]);
}

/** One "lat, lng" per line. */
export const formatVertices = (vertices: Vertex[]) =>
  vertices.map(([lat, lng]) => `${lat}, ${lng}`).join('\n');

export function parseVertices(text: string): Vertex[] | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const out: Vertex[] = [];
  for (const line of lines) {
    const parts = line
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
    const [lat, lng] = parts as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    out.push([lat, lng]);
  }
  return out;
}
