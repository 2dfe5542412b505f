import 'leaflet/dist/leaflet.css';
import { useEffect, useId, useRef, useState } from 'react';
import { circleMarker } from 'leaflet';
import { GeoJSON, MapContainer, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import type { GeoJsonObject } from 'geojson';
import { useTranslation } from 'react-i18next';
import { MAP } from '@portal/contract/constants';
import { Icon } from '@/components/ui/icon';
import { runtimeConfig } from '@/config/runtime-config';
import { boundsOf, searchFeatures, unionBounds } from './geometry';
import type { GeocodeResult, MapViewProps } from './types';

/** Fits the map to the features (or France) after 1 s, as the spec says. */
function FitBounds({ bounds }: { bounds: [[number, number], [number, number]] }) {
  const map = useMap();
  // refit only when the bounds change, not on every render
  const key = JSON.stringify(bounds);
  useEffect(() => {
    const target = JSON.parse(key) as [[number, number], [number, number]];
    const timer = window.setTimeout(() => map.fitBounds(target, { padding: [16, 16] }), MAP.fitBoundsDelayMs);
    return () => window.clearTimeout(timer);
  }, [map, key]);
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

export default function LeafletMap({
  features,
  label,
  height = 360,
  geocode,
  search = true,
  onMapClick,
  fitIds,
  overlays = [],
}: MapViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[] | null>(null);
  const [target, setTarget] = useState<GeocodeResult | null>(null);
  const fitted = fitIds ? features.filter((f) => fitIds.includes(f.id)) : features;
  const bounds = unionBounds(fitted.map((f) => boundsOf(f.geoJson))) ?? MAP.franceBounds;

  const runSearch = async () => {
    const found = geocode ? await geocode(query) : searchFeatures(features, query);
    setResults(found);
    if (found[0]) setTarget(found[0]);
  };

  return (
    <div className="map-view" ref={container}>
      {search ? (
        // not a <form>: the map sits inside other forms (a signal's), and a nested form's Enter
        // would submit (and reload) the outer one; Enter in the field runs the search instead
        <div className="map-search d-flex gap-2 mb-2" role="search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('map.search_label')}
          </label>
          <input
            id={searchId}
            className="form-control form-control-sm"
            type="search"
            value={query}
            placeholder={t('map.search_label')}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void runSearch();
            }}
          />
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void runSearch()}>
            {t('common.search')}
          </button>
        </div>
      ) : null}
      {results ? (
        <p className="small mb-2" role="status">
          {results.length === 0
            ? t('map.no_result')
            : t('map.results', { count: results.length, label: results[0]?.label ?? '' })}
        </p>
      ) : null}
      <div role="region" aria-label={label}>
        <MapContainer
          center={[MAP.center.lat, MAP.center.lng]}
          zoom={MAP.zoom}
          minZoom={MAP.minZoom}
          maxZoom={MAP.maxZoom}
          zoomControl={false}
          style={{ height }}
          className="map-container"
        >
          <TileLayer url={runtimeConfig().tileUrl} attribution="&copy; OpenStreetMap" />
          {overlays.map((o) => (
            <TileLayer key={`${o.id}:${o.url}`} url={o.url} opacity={o.opacity ?? 0.6} />
          ))}
          <ZoomControl position="topleft" zoomInTitle={t('map.zoom_in')} zoomOutTitle={t('map.zoom_out')} />
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
          <FlyTo target={target} />
        </MapContainer>
      </div>
    </div>
  );
}
