/**
 * Every budget of `npm run bench`, in one place: the table and bench.json judge each figure
 * against these (docs/decisions.md says why each is where it is). Sizes in KiB (1,024 bytes),
 * times in ms, memory in MB (10^6 bytes).
 */
import type { Budget } from './lib/figures.ts';

export const BUDGETS = {
  /** home dashboard after sign-in with every widget, JavaScript (gzip); axios and i18next included (docs/decisions.md) */
  homeJsKiB: { op: '<=', limit: 215 },
  /** every other signed-in route, JavaScript (gzip) */
  routeJsKiB: { op: '<=', limit: 230 },
  /** the signed-out visit that leaves for single sign-on, JavaScript (gzip) */
  signInJsKiB: { op: '<', limit: 30 },
  /** every route, CSS (gzip) */
  routeCssKiB: { op: '<', limit: 15 },
  /** Lighthouse desktop preset */
  lighthousePerformance: { op: '>=', limit: 95 },
  /** Lighthouse's default (mobile) profile */
  lighthouseMobilePerformance: { op: '>=', limit: 90 },
  lighthouseMobileLcpMs: { op: '<=', limit: 2500 },
  /** total blocking time, desktop and mobile */
  lighthouseTbtMs: { op: '<', limit: 200 },
  lighthouseAccessibility: { op: '>=', limit: 100 },
  lighthouseBestPractices: { op: '>=', limit: 95 },
  keystrokeMs: { op: '<', limit: 16 },
  usersTabMs: { op: '<', limit: 500 },
  mockRps: { op: '>', limit: 4000 },
  mockP99Ms: { op: '<', limit: 20 },
  /** mock req/s divided by json-server req/s, every call through express (docs/decisions.md) */
  mockVsJsonServer: { op: '>', limit: 25 },
  scenarioLoadMs: { op: '<', limit: 1000 },
  rssMB: { op: '<', limit: 300 },
} as const satisfies Record<string, Budget>;
