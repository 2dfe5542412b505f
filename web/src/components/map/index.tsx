/** The map, loaded on demand: Leaflet weighs nothing until a screen shows a map. */
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './types';
import { Spinner } from '../ui/spinner';

export type { MapFeature, MapViewProps } from './types';

const LeafletMap = lazy(() => import('./leaflet-map'));

export function MapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <div
          className="map-placeholder d-flex align-items-center justify-content-center"
          style={{ height: props.height ?? 360 }}
        >
          <Spinner />
        </div>
      }
    >
      <LeafletMap {...props} />
    </Suspense>
  );
}
