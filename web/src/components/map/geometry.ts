import type { GeoJson } from '@portal/contract';
import type { GeocodeResult, MapFeature } from './types';

type Bounds = [[number, number], [number, number]];

function positions(value: unknown, out: [number, number][]): void {
  if (!Array.isArray(value)) return;
  if (value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number') {
    out.push([value[1], value[0]]); // GeoJSON is [lng, lat]
    return;
  }
  for (const item of value) positions(item, out);
}

/** The bounds of a GeoJSON value, or null when it has no position. */
export function boundsOf(geo: GeoJson | null | undefined): Bounds | null {
  if (!geo) return null;
  const points: [number, number][] = [];
  const visit = (g: unknown) => {
    if (!g || typeof g !== 'object') return;
    const o = g as { type?: string; coordinates?: unknown; geometry?: unknown; features?: unknown[] };
    if (o.type === 'FeatureCollection') o.features?.forEach(visit);
    else if (o.type === 'Feature') visit(o.geometry);
    else positions(o.coordinates, points);
  };
  visit(geo);
  if (points.length === 0) return null;
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

export function unionBounds(list: (Bounds | null)[]): Bounds | null {
  const present = list.filter((b): b is Bounds => b !== null);
  if (present.length === 0) return null;
  return [
    [Math.min(...present.map((b) => b[0][0])), Math.min(...present.map((b) => b[0][1]))],
    [Math.max(...present.map((b) => b[1][0])), Math.max(...present.map((b) => b[1][1]))],
  ];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The default address search: the shown features whose label or keywords contain the words typed. */
export function searchFeatures(features: MapFeature[], query: string): GeocodeResult[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return features.flatMap((f) => {
    const text = fold([f.label, ...(f.keywords ?? [])].join(' '));
    const bounds = boundsOf(f.geoJson);
    return bounds && words.every((w) => text.includes(w)) ? [{ label: f.label, bounds }] : [];
  });
}
