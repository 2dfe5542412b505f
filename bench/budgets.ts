/**
 * Every budget of `npm run bench`, in one place: the table and bench.json judge each figure
 * against these (docs/decisions.md says why each is where it is). Sizes in KiB (1,024 bytes),
 * times in ms, memory in MB (10^6 bytes).
 */
import type { Budget } from './lib/figures.ts';

export const BUDGETS = {
  /** home dashboard after sign-in with every widget, JavaScript (gzip); axios and i18next included (docs/decisions.md) */
  homeJsKiB: { op: '<=', limit: 215 },
  /** every other route of the route table, JavaScript (gzip) */
  routeJsKiB: { op: '<=', limit: 230 },
  /** the field agent's routes (the report form, the signal list), opened on a phone: JavaScript (gzip) */
  fieldRouteJsKiB: { op: '<=', limit: 200 },
  /** the signed-out visit that leaves for single sign-on, JavaScript (gzip) */
  signInJsKiB: { op: '<', limit: 30 },
  /** every route, CSS (gzip) */
  routeCssKiB: { op: '<', limit: 15 },
  /** Lighthouse desktop preset */
  lighthousePerformance: { op: '>=', limit: 95 },
  /** Lighthouse's default (mobile) profile */
  lighthouseMobilePerformance: { op: '>=', limit: 90 },
  lighthouseMobileLcpMs: { op: '<=', limit: 2500 },
  /** the main thread's CPU (thread time) while a route loads, Lighthouse's mobile profile (simulated throttling: the trace is unthrottled) */
  mainThreadCpuMs: { op: '<=', limit: 500 },
  /** the same for the home page with every widget (dashboard-all) */
  homeMainThreadCpuMs: { op: '<=', limit: 900 },
  /** total blocking time, desktop and mobile */
  lighthouseTbtMs: { op: '<', limit: 200 },
  lighthouseAccessibility: { op: '>=', limit: 100 },
  lighthouseBestPractices: { op: '>=', limit: 95 },
  /** the main thread's CPU (thread time) of a keystroke in a search box: the task it blocks the page for must fit in a frame */
  keystrokeCpuMs: { op: '<', limit: 16 },
  /** the main thread's CPU from the click on a contract's users tab to its first row (10,000 users) */
  usersTabCpuMs: { op: '<', limit: 500 },
  /** the mock's CPU time per request (µs), a page of 50 users answered from its kept answers */
  mockCachedCpuUs: { op: '<=', limit: 150 },
  /** the same with kept answers defeated (a unique unused query parameter), and a page of 20 */
  mockUncachedCpuUs: { op: '<=', limit: 1000 },
  /** an uncached users search, by the search index */
  mockSearchCpuUs: { op: '<', limit: 1000 },
  /** a peer's CPU per request over the mock's, the mock with its kept answers */
  peerCpuRatioCached: { op: '>=', limit: 25 },
  /** the same with the mock's kept answers defeated */
  peerCpuRatioUncached: { op: '>=', limit: 8 },
  /** CPU of an uncached search at 20,000 users over at 1,250 (16× the users): under 16 is less than linear */
  searchCostGrowth: { op: '<', limit: 16 },
  /** CPU time of a cold build of the large scenario */
  scenarioLoadMs: { op: '<', limit: 1000 },
  rssMB: { op: '<', limit: 300 },
} as const satisfies Record<string, Budget>;
