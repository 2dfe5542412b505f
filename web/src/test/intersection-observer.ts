/**
 * happy-dom lays nothing out and its IntersectionObserver never reports: this one reports every
 * observed element as on screen, once, as a browser does for an element in view (a map that loads
 * when it comes near the screen then loads in the tests).
 */
class OnScreenObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  private observed = new Set<Element>();

  constructor(private readonly report: IntersectionObserverCallback) {}

  observe(target: Element): void {
    this.observed.add(target);
    queueMicrotask(() => {
      if (!this.observed.has(target)) return;
      const rect = target.getBoundingClientRect();
      const entry = {
        target,
        isIntersecting: true,
        intersectionRatio: 1,
        boundingClientRect: rect,
        intersectionRect: rect,
        rootBounds: null,
        time: performance.now(),
      } as IntersectionObserverEntry;
      this.report([entry], this as unknown as IntersectionObserver);
    });
  }

  unobserve(target: Element): void {
    this.observed.delete(target);
  }

  disconnect(): void {
    this.observed.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

globalThis.IntersectionObserver = OnScreenObserver as unknown as typeof IntersectionObserver;
