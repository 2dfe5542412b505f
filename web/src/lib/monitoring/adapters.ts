/**
 * The usage tracker and the real-user monitoring of portal.md section 9: adapters that stay off
 * unless the runtime configuration names them. Loaded by index.ts only then (nothing in tests).
 * The tracker is a Matomo-style `_paq` queue; the cookie-consent opt-out cookie disables it.
 * Real-user monitoring samples 100 % of sessions and 20 % of replays, and masks user input.
 */
import { RUM } from '@portal/contract/constants';
import type { RuntimeConfig } from '@/config/runtime-config';

/** Cookies by which the visitor refused tracking (the consent banner's and the tracker's own). */
const OPT_OUT_COOKIES = ['mtm_consent_removed', 'cookieconsent_status=deny'] as const;

export function hasOptedOut(cookie: string): boolean {
  const jar = cookie.split(';').map((part) => part.trim());
  return OPT_OUT_COOKIES.some((name) =>
    name.includes('=')
      ? jar.includes(name)
      : jar.some((entry) => entry === name || entry.startsWith(`${name}=`)),
  );
}

/** The monitoring service's browser agent (loaded only when configured). */
const RUM_SCRIPT = 'https://www.datadoghq-browser-agent.com/datadog-rum-v5.js';

export type ScriptLoader = (src: string) => void;
const loadScript: ScriptLoader = (src) => {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
};

type Queue = unknown[][];
interface MonitoringWindow {
  _paq?: Queue;
  DD_RUM?: { onReady(cb: () => void): void; init(options: Record<string, unknown>): void; q?: unknown[] };
}

export interface Monitoring {
  trackPageView(path: string, title?: string): void;
}

const NONE: Monitoring = { trackPageView: () => undefined };

export function startTracker(
  tracker: RuntimeConfig['tracker'],
  options: { cookie?: string; win?: MonitoringWindow; load?: ScriptLoader } = {},
): Monitoring {
  if (!tracker) return NONE;
  if (hasOptedOut(options.cookie ?? document.cookie)) return NONE;
  const win = options.win ?? (window as unknown as MonitoringWindow);
  const paq: Queue = (win._paq ??= []);
  const base = tracker.url.endsWith('/') ? tracker.url : `${tracker.url}/`;
  paq.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', tracker.siteId], ['enableLinkTracking']);
  (options.load ?? loadScript)(`${base}matomo.js`);
  return {
    trackPageView(path, title) {
      paq.push(['setCustomUrl', path]);
      if (title) paq.push(['setDocumentTitle', title]);
      paq.push(['trackPageView']);
    },
  };
}

export function rumInitOptions(rum: NonNullable<RuntimeConfig['rum']>): Record<string, unknown> {
  return {
    applicationId: rum.applicationId,
    clientToken: rum.clientToken,
    site: rum.site,
    service: rum.service,
    env: rum.env,
    sessionSampleRate: RUM.sessionSampleRate,
    sessionReplaySampleRate: RUM.sessionReplaySampleRate,
    defaultPrivacyLevel: RUM.defaultPrivacyLevel,
    trackUserInteractions: true,
  };
}

export function startRum(
  rum: RuntimeConfig['rum'],
  options: { win?: MonitoringWindow; load?: ScriptLoader } = {},
): boolean {
  if (!rum) return false;
  const win = options.win ?? (window as unknown as MonitoringWindow);
  const queue: unknown[] = [];
  win.DD_RUM ??= { q: queue, onReady: (cb) => void queue.push(cb), init: () => undefined };
  win.DD_RUM.onReady(() => win.DD_RUM?.init(rumInitOptions(rum)));
  (options.load ?? loadScript)(RUM_SCRIPT);
  return true;
}

/** Starts what the configuration names (index.ts loads this module only when it names one). */
export function startMonitoring(config: RuntimeConfig): Monitoring {
  startRum(config.rum);
  return startTracker(config.tracker);
}
