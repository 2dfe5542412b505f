import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element, followed as it resizes (ResizeObserver): the charts draw in real
 * pixels so that their text keeps its size. Until it is measured (or without a layout, as in
 * tests) the fallback width is used; the SVG's viewBox scales that drawing to the box meanwhile.
 * The observer reports the first width itself once the page is laid out: reading it during the
 * render's effects would force a layout per chart while the dashboard is still being built.
 */
export function useWidth<T extends HTMLElement>(fallback = 320) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    if (typeof ResizeObserver === 'undefined') {
      update(element.getBoundingClientRect().width);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
