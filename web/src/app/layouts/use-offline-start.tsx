import { lazy, Suspense, useEffect, useState } from 'react';

const NewVersionPrompt = lazy(() =>
  import('@/components/offline/new-version-prompt').then((m) => ({ default: m.NewVersionPrompt })),
);

/**
 * Once a signed-in page has painted (and the session is ready: the waiting reports are the user's),
 * loads the offline part (lib/offline/start.ts: the service worker and the sending of the waiting
 * reports) in a task of its own, and then its "new version" prompt. A signed-out visit never
 * reaches the shell, so it never loads them (docs/offline.md, docs/bench.md's budget).
 */
export function useOfflineStart(ready: boolean): React.ReactNode {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!ready || started) return;
    let cancelled = false;
    // after the next frame is painted, then out of the way of its input
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        void import('@/lib/offline/start').then(({ startOffline }) => {
          if (cancelled) return;
          startOffline();
          setStarted(true);
        });
      }, 0),
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [ready, started]);
  return started ? (
    <Suspense fallback={null}>
      <NewVersionPrompt />
    </Suspense>
  ) : null;
}
