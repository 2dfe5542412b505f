import { vi } from 'vitest';

/**
 * Lays every observed element out at `width` pixels: a ResizeObserver that reports that width as
 * soon as an element is observed, as a browser does after the first layout (happy-dom lays nothing
 * out). Undone by vi.unstubAllGlobals().
 */
export function layOutAtWidth(width: number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report(
          [{ target, contentRect: new DOMRect(0, 0, width, 0) } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
