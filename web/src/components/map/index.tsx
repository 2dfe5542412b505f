/**
 * A map: its address search, then Leaflet's drawing, loaded on demand (Leaflet's code and styles
 * weigh nothing until a screen shows a map). A screen whose map is one part among others (a form's
 * location, a detail's zone) passes `onDemand`: a box of the map's size with a button stands in
 * for the drawing until the user opens it, so that the screen's first paint does not wait for
 * Leaflet and nothing moves when it arrives. The address search works before: an address chosen
 * there reaches the screen (`onAddress`), and the map, once open, goes to it. The service worker
 * precaches the drawing's chunk like every other, so the map opens offline too.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '@/lib/i18n';
import { searchAddresses } from '@/lib/geocoder';
import { Spinner } from '../ui/spinner';
import { AddressSearch } from './address-search';
import { searchFeatures } from './geometry';
import type { GeocodeResult, MapViewProps } from './types';

export type { MapFeature, MapViewProps } from './types';

const loadDrawing = () => import('./leaflet-map');
const LeafletMap = lazy(loadDrawing);

/** The drawing's stand-in: its box and its region, named as the map is, with what it holds. */
function MapBox({ label, height, children }: { label: string; height: number; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      className="map-placeholder d-flex align-items-center justify-content-center border rounded"
      style={{ height }}
    >
      {children}
    </div>
  );
}

export function MapView({
  onDemand = false,
  ...props
}: MapViewProps & {
  /** the drawing loads when the user opens it (a box of its size with a button until then) */
  onDemand?: boolean;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(!onDemand);
  const [target, setTarget] = useState<GeocodeResult | null>(null);
  const { features, geocode, label, onAddress, search = true } = props;
  const height = props.height ?? 360;

  /** the shown features that match, then the geocoder's addresses (a screen may bring its own search) */
  const runSearch = async (query: string): Promise<GeocodeResult[]> => {
    if (geocode) return geocode(query);
    const addresses = await searchAddresses(query);
    return [
      ...searchFeatures(features, query),
      ...addresses.map(({ label: name, lat, lng, bounds }) => ({ label: name, bounds, point: { lat, lng } })),
    ];
  };

  return (
    <div className="map-view" ref={container}>
      {search ? (
        <AddressSearch
          search={runSearch}
          onPick={(result) => {
            setTarget(result);
            onAddress?.(result);
          }}
        />
      ) : null}
      {open ? (
        <Suspense
          fallback={
            <MapBox label={label} height={height}>
              <Spinner />
            </MapBox>
          }
        >
          <LeafletMap {...props} height={height} target={target} container={container} focus={onDemand} />
        </Suspense>
      ) : (
        <MapBox label={label} height={height}>
          <Button
            variant="outline-primary"
            // the drawing's chunk starts on the pointer's way to the button: it shows sooner once clicked
            onPointerEnter={() => void loadDrawing()}
            onClick={() => setOpen(true)}
          >
            {t('map.show')}
          </Button>
        </MapBox>
      )}
    </div>
  );
}
