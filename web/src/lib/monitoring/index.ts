/**
 * The usage tracker and the real-user monitoring (adapters.ts): their code loads only when the
 * runtime configuration names one of them, so a portal without them carries none of it. The page
 * views seen while it loads are passed on once it has.
 */
import type { RuntimeConfig } from '@/config/runtime-config';
import type { Monitoring } from './adapters';

let monitoring: Monitoring | null = null;
/** null: nothing configured, the page views go nowhere */
let pending: [path: string, title?: string][] | null = null;

/** Starts the monitoring the configuration names, if any (its code loads then). */
export function startMonitoring(config: RuntimeConfig): void {
  if (!config.rum && !config.tracker) return;
  const seen: [path: string, title?: string][] = (pending ??= []);
  import('./adapters').then(
    (adapters) => {
      const started = adapters.startMonitoring(config);
      monitoring = started;
      for (const [path, title] of seen.splice(0)) started.trackPageView(path, title);
    },
    (error: unknown) => {
      // no monitoring this time: the page views go nowhere rather than pile up
      pending = null;
      console.warn('the monitoring could not be loaded', error);
    },
  );
}

export function trackPageView(path: string, title?: string): void {
  if (monitoring) monitoring.trackPageView(path, title);
  else pending?.push([path, title]);
}
