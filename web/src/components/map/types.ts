import type { GeoJson } from '@portal/contract';

export interface MapFeature {
  id: string | number;
  label: string;
  /** extra words the address search matches (postal codes, municipality names) */
  keywords?: string[];
  geoJson: GeoJson | null;
  /** stroke and fill colour (Leaflet's default blue otherwise); points show as circles */
  color?: string;
}

export interface GeocodeResult {
  label: string;
  /** [[south, west], [north, east]] */
  bounds: [[number, number], [number, number]];
  /** the address's point, when it is one (a geocoder's answer) */
  point?: { lat: number; lng: number };
}

export interface MapViewProps {
  features: MapFeature[];
  /** the map's accessible name */
  label: string;
  height?: number;
  /**
   * address search; by default the shown features' labels and keywords, then the configured
   * geocoder's addresses
   */
  geocode?: (query: string) => Promise<GeocodeResult[]>;
  /** called with the address chosen in the search (the first answer, then the one picked) */
  onAddress?: (result: GeocodeResult) => void;
  search?: boolean;
  /** called with the clicked position (picking a location, drawing a zone) */
  onMapClick?: (point: { lat: number; lng: number }) => void;
  /** the ids of the features the map fits to (all of them by default) */
  fitIds?: (string | number)[];
  /** extra tile layers drawn over the base map (e.g. an organization's map-server layer) */
  overlays?: { id: string; url: string; opacity?: number }[];
}
