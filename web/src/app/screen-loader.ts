/** The screen of an address, loaded ahead of the router: by startApp (main.tsx) and the link prefetch. */
import { matchRoute } from '@portal/contract/routes';
import { screens } from './screens';

const loading = new Set<string>();

/**
 * Starts loading the screen of a path, once (again after a failure): whether it loaded, or null
 * when the path is not a screen of the portal or its screen is already loading.
 */
export function loadScreenOf(pathname: string): Promise<boolean> | null {
  const rule = matchRoute(pathname);
  const load = rule ? screens[rule.path] : undefined;
  if (!rule || !load || loading.has(rule.path)) return null;
  loading.add(rule.path);
  return Promise.resolve(load()).then(
    () => true,
    () => {
      loading.delete(rule.path);
      return false;
    },
  );
}
