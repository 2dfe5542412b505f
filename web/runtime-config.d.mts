export interface RuntimeConfig {
  /** the backend's base address */
  apiBaseUrl: string;
  /** the backend used when testEnv is on */
  testApiBaseUrl: string | null;
  testEnv: boolean;
  /** the permissions redirect check's default address (territorial-admin.md section 4) */
  defaultUrl: string | null;
  /** the document service's default address (a contract's mayanUrl wins) */
  documentServiceUrl: string;
  /** Leaflet tile URL template */
  tileUrl: string;
  /** the geocoder of the maps' address search, answering `/search/?q=` as the French national address API does */
  geocoderUrl: string;
  /** the portal code of the user configurations and the portal configuration */
  siteCode: string;
  /** how long a call may wait for its answer before it fails with the loading error (ms) */
  requestTimeoutMs: number;
  tracker: null | { url: string; siteId: string };
  rum: null | { applicationId: string; clientToken: string; site: string; service: string; env: string };
}
export function buildRuntimeConfig(env?: Record<string, string | undefined>): RuntimeConfig;
