/**
 * A map: Leaflet's drawing with its address search, loaded on demand (Leaflet's code and styles,
 * and the search's, weigh nothing until a screen shows a map). A screen whose map is one part
 * among others (a form's location, a detail's zone) passes `onDemand`: a box of the map's size
 * stands in for it until the box comes near the screen, so that the screen's first paint does not
 * wait for Leaflet and nothing moves when it arrives. The service worker precaches the map's chunk
 * like every other, so the map shows offline too.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Spinner } from '../ui/spinner';
import type { MapViewProps } from './types';

export type { MapFeature, MapViewProps } from './types';

const LeafletMap = lazy(() => import('./leaflet-map'));

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
  box,
  children,
}: {
  label: string;
  height: number;
  search: boolean;
  box?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <div ref={box} className="map-view" style={search ? { paddingTop: SEARCH_HEIGHT } : undefined}>
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

/** Whether the element has come within a screen's margin of the viewport (at once where nothing can tell). */
function useNearScreen(box: RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [near, setNear] = useState(() => !watch || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, near]);
  return near;
}

export function MapView({
  onDemand = false,
  ...props
}: MapViewProps & {
  /** the map loads when its box comes near the screen (a box of its size until then) */
  onDemand?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box, onDemand);
  const height = props.height ?? 360;
  const search = props.search ?? true;
  const standIn = (
    <MapBox label={props.label} height={height} search={search} box={box}>
      <Spinner />
    </MapBox>
  );
  if (!near) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LeafletMap {...props} />
    </Suspense>
  );
}
