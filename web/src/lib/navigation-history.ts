/**
 * The in-app history: the locations of this tab's visit in order, kept in step with the router
 * (a push adds one, a replace changes the last, Back and Forward move within them). It lets a
 * "Retour" link go back to the list exactly as the user left it (page, search, tab) when the list
 * is where the user came from, instead of opening it afresh.
 */
import type { Location, NavigationType } from 'react-router-dom';

interface VisitedLocation {
  key: string;
  pathname: string;
  search: string;
  hash: string;
}

let entries: VisitedLocation[] = [];
let index = -1;

const visited = (location: Location): VisitedLocation => ({
  key: location.key,
  pathname: location.pathname,
  search: location.search,
  hash: location.hash,
});

/** Follows one navigation of the router. */
export function recordNavigation(location: Location, type: NavigationType): void {
  const entry = visited(location);
  if (type === 'POP') {
    const found = entries.findIndex((e) => e.key === entry.key);
    if (found >= 0) {
      index = found;
      return;
    }
    // a page load or an entry from before this visit: it starts the known history
    entries = [entry];
    index = 0;
    return;
  }
  if (type === 'REPLACE' && index >= 0) {
    entries[index] = entry;
    return;
  }
  entries = [...entries.slice(0, index + 1), entry];
  index = entries.length - 1;
}

/**
 * How many steps back the latest visit of a page is (its pathname, and its fragment when the
 * target names one), or null when the user did not come from there in this visit.
 */
export function stepsBackTo(target: string): number | null {
  const url = new URL(target, 'http://portal.invalid');
  for (let i = index - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (!entry) continue;
    if (entry.pathname !== url.pathname) continue;
    if (url.hash && entry.hash !== url.hash) return null;
    return index - i;
  }
  return null;
}

/** For tests: forgets the history. */
export function resetNavigationHistory(): void {
  entries = [];
  index = -1;
}
