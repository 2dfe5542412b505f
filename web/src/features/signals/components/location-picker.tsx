import { useTranslation } from '@/lib/i18n';
import { MapView, type MapFeature } from '@/components/map';

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * A map to pick a point: a click places it, and so does an address found by the map's search (the
 * configured geocoder); the chosen point shows as a circle.
 */
export function LocationPicker({
  value,
  onChange,
  context = [],
  onAddress,
  focus = false,
}: {
  value: LatLng | null;
  /** the map centres on the chosen point (the agent's position, a typed coordinate) */
  focus?: boolean;
  onChange: (point: LatLng) => void;
  context?: MapFeature[];
  /** the address chosen in the map's search (the point is placed on it already) */
  onAddress?: (label: string) => void;
}) {
  const { t } = useTranslation();
  const point: MapFeature[] = value
    ? [
        {
          id: 'picked',
          label: t('signals.location'),
          geoJson: { type: 'Point', coordinates: [value.lng, value.lat] },
          color: '#d63384',
        },
      ]
    : [];
  return (
    <MapView
      onDemand
      label={t('signals.location_map')}
      features={[...context, ...point]}
      fitIds={focus && value ? ['picked'] : context.length ? context.map((f) => f.id) : []}
      height={320}
      onAddress={(result) => {
        if (!result.point) return;
        onChange({ lat: Number(result.point.lat.toFixed(6)), lng: Number(result.point.lng.toFixed(6)) });
        onAddress?.(result.label);
      }}
      onMapClick={(p) => onChange({ lat: Number(p.lat.toFixed(6)), lng: Number(p.lng.toFixed(6)) })}
    />
  );
}
