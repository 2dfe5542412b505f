import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { GeoJson } from '@portal/contract';
import { MapView, type MapFeature } from '@/components/map';

type Position = [number, number];

/** Describes a zone for the status line: its kind and how many points it has. */
function describe(zone: GeoJson): { kind: string; points: number } {
  const count = (value: unknown): number =>
    Array.isArray(value)
      ? typeof value[0] === 'number'
        ? 1
        : value.reduce((n: number, v) => n + count(v), 0)
      : 0;
  if (zone.type === 'FeatureCollection')
    return {
      kind: 'FeatureCollection',
      points: zone.features.reduce((n, f) => n + (f.geometry ? count(f.geometry.coordinates) : 0), 0),
    };
  if (zone.type === 'Feature')
    return {
      kind: zone.geometry?.type ?? 'Feature',
      points: zone.geometry ? count(zone.geometry.coordinates) : 0,
    };
  return { kind: zone.type, points: count(zone.coordinates) };
}

/**
 * The site's geographic zone: drawn point by point on the map (a click adds a point, "Terminer"
 * closes the polygon) or imported from a GeoJSON file; the map shows the current zone.
 */
export function ZoneEditor({
  value,
  onChange,
}: {
  value: GeoJson | null;
  onChange: (zone: GeoJson | null) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const [drawing, setDrawing] = useState<Position[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const features: MapFeature[] = [];
  if (value) features.push({ id: 'zone', label: t('industrial_sites_admin.zone.label'), geoJson: value });
  if (drawing && drawing.length > 0) {
    features.push({
      id: 'drawing',
      label: t('industrial_sites_admin.zone.drawing'),
      color: '#b02a37',
      geoJson:
        drawing.length === 1
          ? { type: 'Point', coordinates: drawing[0]! }
          : { type: 'LineString', coordinates: drawing },
    });
  }

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setError(t('industrial_sites_admin.zone.not_json'));
      return;
    }
    // the contract's GeoJSON schema (and zod) load with the first file imported, not with the form
    const { geoJson: geoJsonSchema } = await import('@portal/contract/common');
    const result = geoJsonSchema.safeParse(parsed);
    if (!result.success) {
      setError(t('industrial_sites_admin.zone.not_geojson'));
      return;
    }
    setError(null);
    setDrawing(null);
    onChange(result.data);
  };

  const finish = () => {
    if (!drawing || drawing.length < 3) return;
    onChange({ type: 'Polygon', coordinates: [[...drawing, drawing[0]!]] });
    setDrawing(null);
  };

  const summary = value ? describe(value) : null;
  return (
    <fieldset className="zone-editor mb-3">
      <legend className="form-label fs-6">{t('industrial_sites_admin.zone.legend')}</legend>
      <p className="small mb-2" role="status">
        {drawing
          ? t('industrial_sites_admin.zone.drawing_status', { count: drawing.length })
          : summary
            ? t('industrial_sites_admin.zone.current', {
                kind: t(`industrial_sites_admin.zone.kinds.${summary.kind}`, {
                  defaultValue: t('industrial_sites_admin.zone.kinds.Feature'),
                }),
                count: summary.points,
              })
            : t('industrial_sites_admin.zone.none')}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-2">
        {drawing ? (
          <>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={finish}
              disabled={drawing.length < 3}
            >
              {t('industrial_sites_admin.zone.finish')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setDrawing((d) => (d ? d.slice(0, -1) : d))}
              disabled={drawing.length === 0}
            >
              {t('industrial_sites_admin.zone.undo')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setDrawing(null)}
            >
              {t('common.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setDrawing([])}>
            {t('industrial_sites_admin.zone.draw')}
          </button>
        )}
        {value && !drawing ? (
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => onChange(null)}>
            {t('industrial_sites_admin.zone.clear')}
          </button>
        ) : null}
        <label htmlFor={fileId} className="btn btn-sm btn-outline-secondary mb-0">
          {t('industrial_sites_admin.zone.import')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          className="visually-hidden"
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      ) : null}
      <MapView
        onDemand
        label={t('industrial_sites_admin.zone.map')}
        features={features}
        fitIds={value ? ['zone'] : []}
        search={false}
        height={320}
        {...(drawing
          ? {
              onMapClick: (p: { lat: number; lng: number }) =>
                setDrawing((d) => [...(d ?? []), [p.lng, p.lat]]),
            }
          : {})}
      />
    </fieldset>
  );
}
