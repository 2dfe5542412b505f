/**
 * Plane geometry on GeoJSON positions ([lng, lat]) for the public works rule that a work zone lies
 * inside the planner's merged shape (portal.md, public works): the portal checks it before saving
 * and the mock server on every save, with these same functions.
 *
 * A zone is inside the shape when each of its vertices is, each of its edges stays inside (an edge
 * between two inside vertices can still cross a notch of a concave shape), and no hole of the shape
 * lies within the zone. Edges are cut where they cross a ring of the shape and the middle of each
 * piece is tested, so a zone spanning two adjacent polygons of the shape is inside.
 */

export type Position = readonly number[];
export type Ring = readonly Position[];
/** A polygon: its outer ring, then its holes. */
export type PolygonRings = readonly Ring[];

/** Ray casting: is the point inside the ring? */
export function pointInRing(point: Position, ring: Ring): boolean {
  const x = point[0] as number;
  const y = point[1] as number;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside one of the polygons: inside its outer ring and outside its holes. */
export function pointInPolygons(point: Position, polygons: readonly PolygonRings[]): boolean {
  return polygons.some(
    (p) => !!p[0] && pointInRing(point, p[0]) && !p.slice(1).some((hole) => pointInRing(point, hole)),
  );
}

/** The polygons of a GeoJSON feature collection's Polygon and MultiPolygon geometries. */
export function polygonsOf(shape: { features?: readonly unknown[] } | null | undefined): PolygonRings[] {
  const out: PolygonRings[] = [];
  for (const feature of shape?.features ?? []) {
    const g = (feature as { geometry?: unknown } | null)?.geometry as
      { type?: string; coordinates?: unknown } | null | undefined;
    if (g?.type === 'Polygon') out.push(g.coordinates as PolygonRings);
    else if (g?.type === 'MultiPolygon') out.push(...(g.coordinates as PolygonRings[]));
  }
  return out;
}

/** Where segment ab crosses segment cd, as a fraction of ab strictly between 0 and 1; null if not. */
function crossing(a: Position, b: Position, c: Position, d: Position): number | null {
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  const [cx, cy] = c as [number, number];
  const [dx, dy] = d as [number, number];
  const rx = bx - ax;
  const ry = by - ay;
  const sx = dx - cx;
  const sy = dy - cy;
  const denominator = rx * sy - ry * sx;
  if (denominator === 0) return null; // parallel or collinear: the middles of the pieces decide
  const t = ((cx - ax) * sy - (cy - ay) * sx) / denominator;
  const u = ((cx - ax) * ry - (cy - ay) * rx) / denominator;
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? t : null;
}

/** Does segment ab go outside the polygons anywhere along its length? */
export function segmentLeaves(a: Position, b: Position, polygons: readonly PolygonRings[]): boolean {
  const cuts = [0, 1];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const t = crossing(a, b, ring[i] as Position, ring[i + 1] as Position);
        if (t !== null) cuts.push(t);
      }
    }
  }
  cuts.sort((x, y) => x - y);
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const m = ((cuts[i] as number) + (cuts[i + 1] as number)) / 2;
    if (!pointInPolygons([ax + (bx - ax) * m, ay + (by - ay) * m], polygons)) return true;
  }
  return false;
}

/** What of a zone lies outside the shape: its vertices outside, and the number of its edges leaving it. */
export interface ZoneOutside {
  vertices: Position[];
  edges: number;
  /** holes of the shape lying within the zone */
  holes: number;
}

/** The lines of a geometry whose consecutive positions are edges (rings of polygons, a line). */
function linesOf(zone: { type: string; coordinates: unknown }): Ring[] {
  if (zone.type === 'LineString') return [zone.coordinates as Ring];
  if (zone.type === 'Polygon') return zone.coordinates as Ring[];
  if (zone.type === 'MultiPolygon') return (zone.coordinates as Ring[][]).flat();
  return [];
}

/** Where a zone (Point, LineString, Polygon or MultiPolygon) leaves the shape's polygons. */
export function zoneOutside(
  zone: { type: string; coordinates: unknown },
  polygons: readonly PolygonRings[],
): ZoneOutside {
  const lines = zone.type === 'Point' ? [[zone.coordinates as Position]] : linesOf(zone);
  const seen = new Set<string>();
  const vertices: Position[] = [];
  for (const point of lines.flat()) {
    const key = `${point[0]},${point[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!pointInPolygons(point, polygons)) vertices.push(point);
  }
  let edges = 0;
  for (const line of lines) {
    for (let i = 0; i + 1 < line.length; i++) {
      if (segmentLeaves(line[i] as Position, line[i + 1] as Position, polygons)) edges++;
    }
  }
  const outerRings: Ring[] =
    zone.type === 'Polygon'
      ? [(zone.coordinates as Ring[])[0] ?? []]
      : zone.type === 'MultiPolygon'
        ? (zone.coordinates as Ring[][]).map((p) => p[0] ?? [])
        : [];
  const holes = polygons
    .flatMap((p) => p.slice(1))
    .filter((hole) => hole.some((point) => outerRings.some((ring) => pointInRing(point, ring)))).length;
  return { vertices, edges, holes };
}

/** Is the zone wholly inside the shape's polygons? */
export function zoneInside(
  zone: { type: string; coordinates: unknown },
  polygons: readonly PolygonRings[],
): boolean {
  const outside = zoneOutside(zone, polygons);
  return outside.vertices.length === 0 && outside.edges === 0 && outside.holes === 0;
}
