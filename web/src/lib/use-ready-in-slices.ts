import { useDeferredValue } from 'react';

/**
 * `ready`, once React has rendered what it lets show as a transition. Stores and query answers
 * update synchronously, and a synchronous render is one task however large it is; the large
 * screens that wait on them (the shell behind the session, the dashboard behind its widget list)
 * use this so that React renders them in slices that leave the page responsive, keeping what showed
 * before (a spinner) until they are done. Turning false is never deferred.
 */
export function useReadyInSlices(ready: boolean): boolean {
  const shown = useDeferredValue(ready);
  return ready && shown;
}
