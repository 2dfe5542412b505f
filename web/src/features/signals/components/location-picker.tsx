import { useTranslation } from 'react-i18next';
import { MapView, type MapFeature } from '@/components/map';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A map to pick a point: a click places it; the chosen point shows as a circle. */
export function LocationPicker({
  value,
  onChange,
  context = [],
  locate,
}: {
  value: LatLng | null;
  onChange: (point: LatLng) => void;
  context?: MapFeature[];
  /** finds an address: the map's search box then places the point on the first match */
  locate?: (query: string) => Promise<({ label: string } & LatLng)[]>;
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
      label={t('signals.location_map')}
      features={[...context, ...point]}
      fitIds={context.length ? context.map((f) => f.id) : []}
      height={320}
      search={!!locate}
      geocode={
        locate
          ? async (query) => {
              const found = await locate(query).catch(() => []);
              if (found[0]) onChange({ lat: found[0].lat, lng: found[0].lng });
              return found.map((f) => ({
                label: f.label,
                bounds: [
                  [f.lat - 0.001, f.lng - 0.001],
                  [f.lat + 0.001, f.lng + 0.001],
                ],
              }));
            }
          : undefined
      }
      onMapClick={(p) => onChange({ lat: Number(p.lat.toFixed(6)), lng: Number(p.lng.toFixed(6)) })}
    />
  );
}
