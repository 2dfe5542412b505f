/**
 * The zoom buttons and the attribution of every map, in the user's language: Leaflet's own are in
 * English ('Zoom in', and a Leaflet link titled 'A JavaScript library for interactive maps').
 * Drawn again when the language changes (Leaflet's controls do not follow their props).
 */
import { AttributionControl, ZoomControl } from 'react-leaflet';
import { useTranslation } from '@/lib/i18n';

/** Put inside a MapContainer made with `zoomControl={false}` and `attributionControl={false}`. */
export function MapControls() {
  const { t, i18n } = useTranslation();
  const prefix = `<a href="https://leafletjs.com" title="${t('map.leaflet_title')}" target="_blank" rel="noopener noreferrer">Leaflet</a>`;
  return (
    <>
      <ZoomControl
        key={`zoom-${i18n.language}`}
        position="topleft"
        zoomInTitle={t('map.zoom_in')}
        zoomOutTitle={t('map.zoom_out')}
      />
      <AttributionControl key={`attribution-${i18n.language}`} prefix={prefix} />
    </>
  );
}
