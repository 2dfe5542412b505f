import { lazy, Suspense, useEffect, useState } from 'react';

const NewVersionPrompt = lazy(() =>
  import('@/components/offline/new-version-prompt').then((m) => ({ default: m.NewVersionPrompt })),
);
const WaitingBadge = lazy(() =>
  import('@/components/offline/waiting-badge').then((m) => ({ default: m.WaitingBadge })),
);

/**
 * Once a signed-in page has painted (and the session is ready: the waiting reports are the user's),
 * loads the offline part (lib/offline/start.ts: the service worker and the sending of the waiting
 * reports) in a task of its own, and then its "new version" prompt and the badge of the waiting
 * reports. A signed-out visit never
 * reaches the shell, so it never loads them (docs/offline.md, docs/bench.md's budget).
 */
export function useOfflineStart(ready: boolean): { prompt: React.ReactNode; badge: React.ReactNode } {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!ready || started) return;
    let cancelled = false;
    let begun = false;
    const begin = () => {
      if (begun) return;
      begun = true;
      void import('@/lib/offline/start').then(({ startOffline }) => {
        if (cancelled) return;
        startOffline();
        setStarted(true);
      });
    };
    // after the next frame is painted, then out of the way of its input; a page drawn in the
    // background gets no frame: a second at the latest
    const frame = requestAnimationFrame(() => setTimeout(begin, 0));
    const latest = setTimeout(begin, 1_000);
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      clearTimeout(latest);
    };
  }, [ready, started]);
  if (!started) return { prompt: null, badge: null };
  return {
    prompt: (
      <Suspense fallback={null}>
        <NewVersionPrompt />
      </Suspense>
    ),
    badge: (
      <Suspense fallback={null}>
        <WaitingBadge />
      </Suspense>
    ),
  };
}
