import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { circleMarker } from 'leaflet';
import { GeoJSON, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { GeoJsonObject } from 'geojson';
import { useTranslation } from '@/lib/i18n';
import { MAP } from '@portal/contract/constants';
import { Icon } from '@/components/ui/icon';
import { runtimeConfig } from '@/config/runtime-config';
import { searchAddresses } from '@/lib/geocoder';
import { AddressSearch } from './address-search';
import { MapControls } from './map-controls';
import { boundsOf, searchFeatures, unionBounds } from './geometry';
import { useContractAreaBounds } from './use-contract-area-bounds';
import type { GeocodeResult, MapViewProps } from './types';

/**
 * A fit never zooms past the street's level (a single point would go to the map's maximum): the
 * level the offline work area keeps last (lib/offline/map-area.ts), so a point shows offline there.
 */
const FIT_MAX_ZOOM = 17;

/** Fits the map to the features (or France) after 1 s, as the spec says. */
function FitBounds({ bounds }: { bounds: [[number, number], [number, number]] }) {
  const map = useMap();
  // refit only when the bounds change, not on every render
  const key = JSON.stringify(bounds);
  useEffect(() => {
    const target = JSON.parse(key) as [[number, number], [number, number]];
    const timer = window.setTimeout(
      () => map.fitBounds(target, { padding: [16, 16], maxZoom: FIT_MAX_ZOOM }),
      MAP.fitBoundsDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [map, key]);
  return null;
}

/** Writes the map's centre and zoom on its container (data-center, data-zoom): what tests and QA read. */
function ViewProbe() {
  const map = useMapEvents({
    moveend: () => {
      const { lat, lng } = map.getCenter();
      const element = map.getContainer();
      element.dataset.center = `${lat.toFixed(4)},${lng.toFixed(4)}`;
      element.dataset.zoom = String(map.getZoom());
    },
  });
  return null;
}

function ClickHandler({ onMapClick }: { onMapClick: (point: { lat: number; lng: number }) => void }) {
  useMapEvents({ click: (event) => onMapClick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

function FlyTo({ target }: { target: GeocodeResult | null }) {
  const map = useMap();
  useEffect(() => {
    if (target) map.fitBounds(target.bounds, { padding: [16, 16] });
  }, [map, target]);
  return null;
}

function FullscreenButton({ container }: { container: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const map = useMap();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => {
      setFull(document.fullscreenElement === container.current);
      window.setTimeout(() => map.invalidateSize(), 50);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [container, map]);
  return (
    <div className="leaflet-top leaflet-right">
      <div className="leaflet-control leaflet-bar">
        <button
          type="button"
          className="map-fullscreen-button"
          aria-pressed={full}
          title={full ? t('map.exit_fullscreen') : t('map.fullscreen')}
          onClick={() => {
            const el = container.current;
            if (!el) return;
            if (document.fullscreenElement) void document.exitFullscreen();
            else void el.requestFullscreen?.();
          }}
        >
          <Icon name="fullscreen" />
          <span className="visually-hidden">{full ? t('map.exit_fullscreen') : t('map.fullscreen')}</span>
        </button>
      </div>
    </div>
  );
}

/** Takes the focus once drawn: the map the user just opened, in place of the button that opened it. */
function FocusOnOpen() {
  const map = useMap();
  useEffect(() => {
    map.getContainer().focus({ preventScroll: true });
  }, [map]);
  return null;
}

export default function LeafletMap({
  features,
  label,
  height = 360,
  geocode,
  search = true,
  onMapClick,
  fitIds,
  overlays = [],
  onAddress,
  focus = false,
}: MapViewProps & {
  /** takes the focus once drawn (opened by the user's button) */
  focus?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<GeocodeResult | null>(null);
  const home = useContractAreaBounds();
  const fitted = fitIds ? features.filter((f) => fitIds.includes(f.id)) : features;
  // the shown features, else the contract's area (the user's areas in it), else France
  const bounds = unionBounds(fitted.map((f) => boundsOf(f.geoJson))) ?? home ?? MAP.franceBounds;

  /** the shown features that match, then the geocoder's addresses (a screen may bring its own search) */
  const runSearch = async (query: string): Promise<GeocodeResult[]> => {
    if (geocode) return geocode(query);
    const addresses = await searchAddresses(query);
    return [
      ...searchFeatures(features, query),
      ...addresses.map(({ label, lat, lng, bounds: box }) => ({ label, bounds: box, point: { lat, lng } })),
    ];
  };
  const pick = (result: GeocodeResult) => {
    setTarget(result);
    onAddress?.(result);
  };

  return (
    <div className="map-view" ref={container}>
      {search ? <AddressSearch search={runSearch} onPick={pick} /> : null}
      <div role="region" aria-label={label}>
        <MapContainer
          center={[MAP.center.lat, MAP.center.lng]}
          zoom={MAP.zoom}
          minZoom={MAP.minZoom}
          maxZoom={MAP.maxZoom}
          zoomControl={false}
          attributionControl={false}
          style={{ height }}
          className="map-container"
        >
          <TileLayer url={runtimeConfig().tileUrl} attribution="&copy; OpenStreetMap" />
          {overlays.map((o) => (
            <TileLayer key={`${o.id}:${o.url}`} url={o.url} opacity={o.opacity ?? 0.6} />
          ))}
          <MapControls />
          <FullscreenButton container={container} />
          {features.map((f) =>
            f.geoJson ? (
              // GeoJSON layers do not follow new data: the key changes with it
              <GeoJSON
                key={`${f.id}:${JSON.stringify(f.geoJson)}`}
                data={f.geoJson as GeoJsonObject}
                pathOptions={{ weight: 2, ...(f.color ? { color: f.color } : {}) }}
                pointToLayer={(_point, latlng) =>
                  circleMarker(latlng, { radius: 8, ...(f.color ? { color: f.color } : {}) })
                }
              />
            ) : null,
          )}
          {onMapClick ? <ClickHandler onMapClick={onMapClick} /> : null}
          <FitBounds bounds={bounds} />
          <ViewProbe />
          <FlyTo target={target} />
          {focus ? <FocusOnOpen /> : null}
        </MapContainer>
      </div>
    </div>
  );
}
