import { useCallback, useSyncExternalStore } from 'react';

/** Small screens (Bootstrap's md breakpoint): the side menu becomes a drawer over the page. */
export const NARROW_SCREEN = '(max-width: 767.98px)';

/** Whether the media query matches now, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
