/**
 * The address search of the maps (portal.md section 2): the geocoder whose address is in the
 * runtime configuration, answering in the French national address API's format (`/search/?q=`, a
 * GeoJSON FeatureCollection; the mock serves the same offline). Each address comes with its point
 * and a box around it to show it.
 */
import { runtimeConfig } from '@/config/runtime-config';

export interface Address {
  label: string;
  lat: number;
  lng: number;
  /** [[south, west], [north, east]] */
  bounds: [[number, number], [number, number]];
}

/** The geocoder did not answer, or answered something else than addresses. */
export class GeocoderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderError';
  }
}

/** The shortest query the geocoder takes (the national API refuses fewer than 3 characters). */
const GEOCODER_MIN_LENGTH = 3;
const LIMIT = 5;
/** half the side of the box shown around an address: a street, about 200 m */
const BOX = 0.002;

interface Feature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: { label?: unknown };
}

/** The addresses of a geocoder answer; what is not an address with a point is left out. */
export function parseAddresses(body: unknown): Address[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GeocoderError('not a FeatureCollection');
  return (features as Feature[]).flatMap((feature): Address[] => {
    const [lng, lat] = Array.isArray(feature.geometry?.coordinates) ? feature.geometry.coordinates : [];
    const label = feature.properties?.label;
    if (typeof lat !== 'number' || typeof lng !== 'number' || typeof label !== 'string') return [];
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    return [
      {
        label,
        lat,
        lng,
        bounds: [
          [lat - BOX, lng - BOX],
          [lat + BOX, lng + BOX],
        ],
      },
    ];
  });
}

/** Searches addresses; fewer than 3 characters find nothing without a call. */
export async function searchAddresses(query: string, signal?: AbortSignal): Promise<Address[]> {
  const q = query.trim();
  if (q.length < GEOCODER_MIN_LENGTH) return [];
  const url = `${runtimeConfig().geocoderUrl}/search/?${new URLSearchParams({ q, limit: String(LIMIT) })}`;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new GeocoderError('the geocoder did not answer');
  }
  if (!response.ok) throw new GeocoderError(`the geocoder answered ${response.status}`);
  return parseAddresses(await response.json().catch(() => null));
}
