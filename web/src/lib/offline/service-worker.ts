/**
 * Registers the portal's service worker (/sw.js, service-worker/sw.ts) and offers its new versions
 * (docs/offline.md): a new version waits until the user chooses "recharger" in the prompt
 * (`useNewVersion`), so it never takes over in the middle of a form; the waiting reports are in
 * IndexedDB and survive the reload.
 */
import { Workbox } from 'workbox-window';
import { createStore, useStore } from '../store';

const newVersion = createStore(false);
let workbox: Workbox | null = null;

/** Registers the worker once; nothing where the browser has none (or forbids it). */
export async function registerServiceWorker(): Promise<void> {
  if (workbox || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // a worker installed while this page runs an older one: the prompt
  workbox.addEventListener('waiting', () => newVersion.set(true));
  try {
    await workbox.register();
  } catch (error) {
    console.warn('the service worker could not be registered', error);
  }
}

/** Whether a new version waits for the user's go-ahead. */
export const useNewVersion = (): boolean => useStore(newVersion);

/** Lets the waiting version take over, then reloads the page with it. */
export function applyNewVersion(): void {
  const current = workbox;
  if (!current) return;
  current.addEventListener('controlling', () => window.location.reload());
  current.messageSkipWaiting();
}
