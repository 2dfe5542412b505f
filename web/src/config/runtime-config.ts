/**
 * The runtime configuration: fetched from /runtime-config.json before the app renders, so that one
 * build serves any backend. Tests set it with setRuntimeConfig().
 */
import type { RuntimeConfig } from '../../runtime-config.mjs';

export type { RuntimeConfig };

const DEFAULTS: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:3001',
  testApiBaseUrl: null,
  testEnv: false,
  defaultUrl: null,
  documentServiceUrl: 'http://localhost:3001/documents',
  tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  geocoderUrl: 'https://api-adresse.data.gouv.fr',
  siteCode: 'portal',
  requestTimeoutMs: 30_000,
  tracker: null,
  rum: null,
};

let current: RuntimeConfig = DEFAULTS;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/runtime-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`runtime configuration: HTTP ${response.status}`);
  const body = (await response.json()) as Partial<RuntimeConfig>;
  current = { ...DEFAULTS, ...body };
  return current;
}

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...DEFAULTS, ...config };
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}

/** The backend's base address: the test host when the test_env flag is on. */
export function apiBaseUrl(): string {
  return current.testEnv && current.testApiBaseUrl ? current.testApiBaseUrl : current.apiBaseUrl;
}
