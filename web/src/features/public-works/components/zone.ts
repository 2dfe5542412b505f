/** Work zones: vertices as [lat, lng] pairs, checked against the planner's shape by point in polygon. */
import type { Geometry } from '@portal/contract';
import type { GeoShape } from '../api/works';

export type Vertex = [number, number]; // [lat, lng]
type Ring = number[][]; // GeoJSON [lng, lat]

export function pointInRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The polygons of a shape (each a list of rings). */
export function polygonsOf(shape: GeoShape | undefined): Ring[][] {
  const out: Ring[][] = [];
  for (const f of shape?.features ?? []) {
    const g = f.geometry as { type?: string; coordinates?: unknown } | null;
    if (g?.type === 'Polygon') out.push(g.coordinates as Ring[]);
    else if (g?.type === 'MultiPolygon') out.push(...(g.coordinates as Ring[][]));
  }
  return out;
}

export function insideShape(vertex: Vertex, polygons: Ring[][]): boolean {
  const [lat, lng] = vertex;
  return polygons.some((p) => !!p[0] && pointInRing(lng, lat, p[0]) && !p.slice(1).some((hole) => pointInRing(lng, lat, hole)));
}

/** The vertices outside the shape. */
export const outsideVertices = (vertices: Vertex[], polygons: Ring[][]) => vertices.filter((v) => !insideShape(v, polygons));

export function toPolygon(vertices: Vertex[]): Geometry | null {
  if (vertices.length < 3) return null;
  const ring = vertices.map(([lat, lng]) => [lng, lat]);
  const first = ring[0] as number[];
  return { type: 'Polygon', coordinates: [[...ring, [...first]]] };
}

export function fromGeometry(zone: Geometry | null | undefined): Vertex[] {
  if (!zone || zone.type !== 'Polygon') return [];
  const ring = zone.coordinates[0] ?? [];
  const open = ring.length > 1 && JSON.stringify(ring[0]) === JSON.stringify(ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
  return open.map((p) => [p[1] as number, p[0] as number]);
}

/** One "lat, lng" per line. */
export const formatVertices = (vertices: Vertex[]) => vertices.map(([lat, lng]) => `${lat}, ${lng}`).join('\n');

export function parseVertices(text: string): Vertex[] | null {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const out: Vertex[] = [];
  for (const line of lines) {
    const parts = line.split(/[,;\s]+/).filter(Boolean).map(Number);
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
    const [lat, lng] = parts as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    out.push([lat, lng]);
  }
  return out;
}
