/**
 * A map: Leaflet's drawing with its address search, loaded on demand (Leaflet's code and styles,
 * and the search's, weigh nothing until a screen shows a map). A screen whose map is one part
 * among others (a form's location, a detail's zone) passes `onDemand`: a box of the map's size
 * with a button stands in for it until the user opens it, so that the screen's first paint does
 * not wait for Leaflet and nothing moves when it arrives. The service worker precaches the map's
 * chunk like every other, so the map opens offline too.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '@/lib/i18n';
import { Spinner } from '../ui/spinner';
import type { MapViewProps } from './types';

export type { MapFeature, MapViewProps } from './types';

const loadMap = () => import('./leaflet-map');
const LeafletMap = lazy(loadMap);

/**
 * The height the address search takes above the map (a small input, its empty status line and
 * their margins): kept by the stand-in, so that the map takes exactly its place.
 */
const SEARCH_HEIGHT = 39;

/** The map's stand-in: the search's room, then the map's box and region, named as the map is. */
function MapBox({
  label,
  height,
  search,
  children,
}: {
  label: string;
  height: number;
  search: boolean;
  children: ReactNode;
}) {
  return (
    <div className="map-view" style={search ? { paddingTop: SEARCH_HEIGHT } : undefined}>
      <div
        role="region"
        aria-label={label}
        className="map-placeholder d-flex align-items-center justify-content-center border rounded"
        style={{ height }}
      >
        {children}
      </div>
    </div>
  );
}

export function MapView({
  onDemand = false,
  ...props
}: MapViewProps & {
  /** the map loads when the user opens it (a box of its size with a button until then) */
  onDemand?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(!onDemand);
  const height = props.height ?? 360;
  const search = props.search ?? true;
  if (!open)
    return (
      <MapBox label={props.label} height={height} search={search}>
        <Button
          variant="outline-primary"
          // the map's chunk starts on the pointer's way to the button: it shows sooner once clicked
          onPointerEnter={() => void loadMap()}
          onClick={() => setOpen(true)}
        >
          {t('map.show')}
        </Button>
      </MapBox>
    );
  return (
    <Suspense
      fallback={
        <MapBox label={props.label} height={height} search={search}>
          <Spinner />
        </MapBox>
      }
    >
      <LeafletMap {...props} focus={onDemand} />
    </Suspense>
  );
}
