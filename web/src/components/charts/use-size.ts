import { useEffect, useRef, useState } from 'react';

/**
 * The size of an element, followed as it resizes (ResizeObserver): the charts draw in real pixels
 * so that their text keeps its size, and take the height their box is given (a widget's card
 * shares its height out between its text and its charts). Until it is measured (or without a
 * layout, as in tests) the fallback width and no height are used; the SVG's viewBox scales that
 * drawing to the box meanwhile. The observer reports the first size itself once the page is laid
 * out: reading it during the render's effects would force a layout per chart while the dashboard
 * is still being built.
 */
export function useSize<T extends HTMLElement>(fallbackWidth = 320) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<{ width: number; height: number | null }>({
    width: fallbackWidth,
    height: null,
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((current) => {
        const next = {
          width: width > 0 ? Math.round(width) : current.width,
          height: height > 0 ? Math.floor(height) : current.height,
        };
        return next.width === current.width && next.height === current.height ? current : next;
      });
    if (typeof ResizeObserver === 'undefined') {
      const box = element.getBoundingClientRect();
      update(box.width, box.height);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size.width, size.height] as const;
}
