/**
 * The interventions on a Leaflet map (loaded only by the map screen): the spec's centre and zooms,
 * fitted after 1 s to the interventions (France without any), one circle marker and popup each.
 * It keeps its own markers and popups rather than the shared MapView, which draws GeoJSON areas.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from '@/lib/i18n';
import type { Intervention } from '@portal/contract';
import { MAP } from '@portal/contract/constants';
import { runtimeConfig } from '@/config/runtime-config';
import { MapControls } from '@/components/map/map-controls';
import { STATUS_TEXT } from '../api/interventions';

type Bounds = [[number, number], [number, number]];

const STATUS_COLORS: Record<Intervention['status'], string> = {
  Enc: '#c05800',
  Pla: '#1f4e79',
  Rea: '#2e7d32',
};

function boundsOfInterventions(items: readonly Intervention[]): Bounds {
  if (items.length === 0) return MAP.franceBounds;
  const lats = items.map((i) => i.location.lat);
  const lngs = items.map((i) => i.location.lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

function FitBounds({ bounds }: { bounds: Bounds }) {
  const map = useMap();
  const key = JSON.stringify(bounds);
  useEffect(() => {
    const target = JSON.parse(key) as Bounds;
    const timer = window.setTimeout(
      () => map.fitBounds(target, { padding: [24, 24], maxZoom: 15 }),
      MAP.fitBoundsDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [map, key]);
  return null;
}

export default function InterventionMap({
  interventions,
  label,
  height = 480,
}: {
  interventions: Intervention[];
  label: string;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const day = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div role="region" aria-label={label} className="intervention-map">
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
        <MapControls />
        {interventions.map((i) => (
          <CircleMarker
            key={i.id}
            center={[i.location.lat, i.location.lng]}
            radius={9}
            pathOptions={{ color: STATUS_COLORS[i.status], fillOpacity: 0.6 }}
          >
            <Popup>
              <strong>{i.label}</strong>
              <br />
              {t(`dashboard.intervention_status.${STATUS_TEXT[i.status]}`)} — {i.address}
              <br />
              {t('dashboard.from_to', { start: day(i.startDate), end: day(i.endDate) })}
              {i.outcome.waterSupplyStopped ? (
                <>
                  <br />
                  {t('dashboard.water_supply_stopped')}
                </>
              ) : null}
              {i.outcome.streetClosed ? (
                <>
                  <br />
                  {t('dashboard.street_closed')}
                </>
              ) : null}
            </Popup>
          </CircleMarker>
        ))}
        <FitBounds bounds={boundsOfInterventions(interventions)} />
      </MapContainer>
    </div>
  );
}
