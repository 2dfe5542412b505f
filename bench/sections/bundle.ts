/**
 * 1. Bundle: the gzipped JavaScript and CSS of every route of the route table, each opened by a
 * persona who may open it, and the largest chunks with what is in them. Chromium says which chunks
 * a route asks for (no cache, no service worker); the figure is those chunks closed over the build
 * manifest (their static imports and CSS, and the modules every signed-in page loads after its
 * first paint), so that one build gives the same rows whatever the timing of a run.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { granted } from '@portal/contract/permissions';
import { buildPath, paths, routeRules, type RouteRule } from '@portal/contract/routes';
import { MockControl } from '@portal/mock-server/control';
import { attributeBySource, describeShares, groupShares, type SourceMapLike } from '../lib/attribution.ts';
import {
  type AssetSize,
  type BuildManifest,
  buildPathOf,
  kindOf,
  largestChunks,
  precachedFiles,
  routeFiles,
  routeTotals,
  toKiB,
} from '../lib/chunks.ts';
import { type Budget, type Figure, figure, notAvailable } from '../lib/figures.ts';
import { BUDGETS } from '../budgets.ts';
import { mintToken, type Stack } from '../lib/stack.ts';
import { placeholderOf } from '../lib/browser.ts';

const SECTION = 'Bundle (gzip -9, production build)';

/** Every JS and CSS file of the build with its raw and gzip -9 size. */
export function buildSizes(dir: string): Map<string, AssetSize> {
  const sizes = new Map<string, AssetSize>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(m?js|css)$/.test(entry.name)) {
        const body = readFileSync(path);
        const file = relative(dir, path).split('\\').join('/');
        sizes.set(file, { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }
    }
  };
  walk(dir);
  return sizes;
}

/** What a chunk is made of, from its hidden source map ("react-dom 70%, ..."), or null. */
function chunkContents(dir: string, file: string): string | null {
  const mapPath = join(dir, `${file}.map`);
  if (!existsSync(mapPath)) return null;
  try {
    const code = readFileSync(join(dir, file), 'utf8');
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMapLike;
    return describeShares(groupShares(attributeBySource(code, map), 4));
  } catch {
    return null;
  }
}

/**
 * Chosen first for a route they may open: the field agent for the signals, the agents and admins
 * for their screens; the home page and the map by the persona with every widget.
 */
const PERSONA_ORDER = [
  'signal-agent',
  'request-agent',
  'contract-admin',
  'portal-admin',
  'works-planner',
  'calendar-user',
  'bi-analyst',
  'iot-agent',
  'site-user',
  'dashboard-all',
];
const EVERY_WIDGET: ReadonlySet<string> = new Set([paths.home, paths.map]);

/**
 * Modules every signed-in page loads once it has painted (the offline part, its new-version prompt
 * and its badge of waiting reports: app/layouts/use-offline-start.tsx), counted whether or not the
 * page asked for them before it went quiet.
 */
const AFTER_FIRST_PAINT = [
  'src/lib/offline/start.ts',
  'src/components/offline/new-version-prompt.tsx',
  'src/components/offline/waiting-badge.tsx',
];

export interface RouteCase {
  /** the route table's pattern, or "signed out" */
  pattern: string;
  /** the address opened (parameters set to 1) */
  path: string;
  /** null: signed out */
  persona: string | null;
  budget: Budget;
}

/** The field agent's routes: opened on a phone, often with a poor network. */
const FIELD_ROUTES: ReadonlySet<string> = new Set([paths.signals.list, paths.signals.create]);

function budgetOf(pattern: string): Budget {
  if (pattern === paths.home) return BUDGETS.homeJsKiB;
  if (FIELD_ROUTES.has(pattern)) return BUDGETS.fieldRouteJsKiB;
  return BUDGETS.routeJsKiB;
}

/**
 * One case per route of the route table (the logout route aside: it leaves at once), each opened
 * by the first persona of PERSONA_ORDER that may open it (any persona for the public routes,
 * signed in), its parameters set to 1; and the signed-out visit of /.
 */
export function routeCases(
  rules: readonly RouteRule[],
  personas: readonly { id: string; roles: readonly string[] }[],
): RouteCase[] {
  const ordered = [
    ...PERSONA_ORDER.map((id) => personas.find((p) => p.id === id)).filter((p) => p !== undefined),
    ...personas.filter((p) => !PERSONA_ORDER.includes(p.id)),
  ];
  const cases: RouteCase[] = [
    { pattern: 'signed out', path: '/', persona: null, budget: BUDGETS.signInJsKiB },
  ];
  for (const rule of rules) {
    if (rule.path === paths.logout) continue;
    const persona =
      (EVERY_WIDGET.has(rule.path) ? ordered.find((p) => p.id === 'dashboard-all') : undefined) ??
      ordered.find((p) => granted(p, rule.rights));
    if (!persona) continue;
    const names = [...rule.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
    cases.push({
      pattern: rule.path,
      path: buildPath(rule.path, Object.fromEntries(names.map((n) => [n, 1]))),
      persona: persona.id,
      budget: budgetOf(rule.path),
    });
  }
  return cases;
}

/** Routes measured first: the signed-out visit, the home page, the field agent's, the territorial tab, the map. */
const FIRST: readonly string[] = [
  'signed out',
  paths.home,
  paths.signals.create,
  paths.signals.list,
  paths.admin.territorial,
  paths.map,
  paths.admin.contracts,
];

export function byPriority(cases: readonly RouteCase[]): RouteCase[] {
  const rank = (c: RouteCase) => {
    const index = FIRST.indexOf(c.pattern);
    return index === -1 ? FIRST.length : index;
  };
  return [...cases].sort((a, b) => rank(a) - rank(b));
}

/**
 * Routes opened at the same time (each in a page of its persona's context): on a machine shared
 * with other work, the scheduler shares the cores per runnable thread, so more pages at once also
 * get the bench a larger share of them.
 */
const ROUTES_AT_ONCE = 5;

const nameOf = (c: RouteCase) =>
  c.persona ? `${c.pattern} (${c.persona})` : 'sign-in redirect (signed out, /)';

/** Waits until the route has shown and asked for nothing more for a while. */
async function settle(page: Page, c: RouteCase, mockUrl: string, lastRequest: () => number): Promise<void> {
  if (!c.persona) {
    await page.waitForURL((url) => url.href.startsWith(mockUrl), { timeout: 20_000 });
    return;
  }
  await page.waitForSelector('main', { timeout: 20_000 });
  // what a screen loads as it renders (its tabs, widgets, map) comes after its first paint
  const deadline = Date.now() + 5_000;
  while (Date.now() - lastRequest() < 750 && Date.now() < deadline) await page.waitForTimeout(150);
}

export interface Opened {
  requested: string[];
  prefetched: string[];
  finalPath: string;
  placeholder: string | null;
  problem: string | null;
}

async function openRoute(context: BrowserContext, stack: Stack, c: RouteCase): Promise<Opened> {
  const origin = new URL(stack.portal.url).origin;
  const page = await context.newPage();
  const requested: string[] = [];
  const prefetched: string[] = [];
  let last = Date.now();
  page.on('request', (request) => {
    const file = buildPathOf(request.url(), origin);
    if (!file || kindOf(file) === 'other') return;
    last = Date.now();
    // what the page fetches ahead for the next route when idle (<link rel=prefetch>) is not what it shows
    if (request.headers()['sec-purpose']?.startsWith('prefetch')) prefetched.push(file);
    else requested.push(file);
  });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let problem: string | null = null;
    try {
      await page.goto(new URL(c.path, stack.portal.url).href, { waitUntil: 'load', timeout: 30_000 });
      await settle(page, c, stack.mock.url, () => last);
    } catch (error) {
      problem = `did not settle: ${(error as Error).message.split('\n')[0]}`;
    }
    const url = page.url();
    return {
      requested,
      prefetched,
      finalPath: url.startsWith(origin) ? new URL(url).pathname : (url.split('?')[0] ?? url),
      placeholder: c.persona ? await placeholderOf(page) : null,
      problem,
    };
  } finally {
    await page.close();
  }
}

/** A route's rows: its JavaScript against its budget, its CSS against the CSS budget, unknown files. */
export function routeFigures(
  c: RouteCase,
  opened: Opened,
  files: readonly string[],
  sizes: Map<string, AssetSize>,
): Figure[] {
  const name = nameOf(c);
  const totals = routeTotals(files, sizes);
  const where = c.persona && opened.finalPath !== c.path ? `ended on ${opened.finalPath}; ` : '';
  const detail = `${where}${totals.jsFiles} JS files, ${totals.cssFiles} CSS files`;
  const figures: Figure[] = [];
  if (opened.problem && totals.jsFiles === 0) {
    figures.push(notAvailable(SECTION, `${name}: JS`, 'KiB', opened.problem, c.budget));
  } else if (opened.placeholder) {
    figures.push(
      notAvailable(
        SECTION,
        `${name}: JS`,
        'KiB',
        `screen not built yet (placeholder "${opened.placeholder}"); shell + placeholder load ${toKiB(totals.jsGzip)} KiB`,
        c.budget,
      ),
    );
  } else {
    figures.push(
      figure(
        SECTION,
        `${name}: JS`,
        toKiB(totals.jsGzip),
        'KiB',
        c.budget,
        opened.problem ? `${detail}; ${opened.problem}` : detail,
      ),
    );
  }
  const js = figures[figures.length - 1];
  if (js)
    js.details = {
      path: c.path,
      finalPath: opened.finalPath,
      files: files.map((file) => ({ file, gzipKiB: toKiB(sizes.get(file)?.gzip ?? 0) })),
    };
  figures.push(figure(SECTION, `${name}: CSS`, toKiB(totals.cssGzip), 'KiB', BUDGETS.routeCssKiB));
  if (totals.unknown.length > 0)
    figures.push(notAvailable(SECTION, `${name}: files not in the build`, '', totals.unknown.join(', ')));
  return figures;
}

/**
 * `deadline` (epoch ms): routes not opened by then are reported as not measured, so that a busy
 * machine still gets the figures of the routes it got to.
 */
export async function measureBundle(
  browser: Browser,
  stack: Stack,
  deadline = Number.POSITIVE_INFINITY,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const sizes = buildSizes(stack.build.dir);
  const manifest = JSON.parse(
    readFileSync(join(stack.build.dir, '.vite', 'manifest.json'), 'utf8'),
  ) as BuildManifest;
  const personas = await new MockControl(stack.mock.url).personas();
  const cases = routeCases(routeRules, personas);
  const everything = new Set<string>();
  const prefetchedEverywhere = new Set<string>();

  // one context per persona (its session in the origin's storage), no service worker: what it
  // precaches comes from its own manifest below, not from what it fetched by a given moment
  const contexts = new Map<string | null, Promise<BrowserContext>>();
  const newContext = async (persona: string | null): Promise<BrowserContext> => {
    const context = await browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'block',
    });
    if (persona) {
      const session = await mintToken(stack.mock.url, persona);
      await context.addInitScript(
        ({ token, refreshToken, origin }) => {
          if (window.location.origin !== origin) return;
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('refresh_token', refreshToken);
        },
        {
          token: session.token,
          refreshToken: session.refreshToken,
          origin: new URL(stack.portal.url).origin,
        },
      );
    }
    return context;
  };
  const contextOf = (persona: string | null): Promise<BrowserContext> => {
    const open = contexts.get(persona) ?? newContext(persona);
    contexts.set(persona, open);
    return open;
  };
  const results = new Map<RouteCase, Figure[]>();
  // the budgeted routes first: on a machine too busy to open them all, those get measured
  const queue = byPriority(cases);
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      if (Date.now() > deadline) {
        results.set(c, [
          notAvailable(
            SECTION,
            `${nameOf(c)}: JS`,
            'KiB',
            "not measured: the section's time ran out",
            c.budget,
          ),
        ]);
        continue;
      }
      const started = Date.now();
      const opened = await openRoute(await contextOf(c.persona), stack, c);
      console.error(`[bench] bundle: ${c.path} (${c.persona ?? 'signed out'}) in ${Date.now() - started} ms`);
      const files = routeFiles(opened.requested, manifest, c.persona ? AFTER_FIRST_PAINT : []);
      for (const file of files) everything.add(file);
      for (const file of opened.prefetched) prefetchedEverywhere.add(file);
      results.set(c, routeFigures(c, opened, files, sizes));
    }
  };
  try {
    // most of a route's time is waiting for it to go quiet: a few open at once; the figure is the
    // manifest's closure of what each asked for, which does not depend on when the chunks arrive
    await Promise.all(Array.from({ length: ROUTES_AT_ONCE }, worker));
  } finally {
    for (const context of contexts.values()) await (await context).close();
  }
  for (const c of cases) figures.push(...(results.get(c) ?? []));

  const swPath = join(stack.build.dir, 'sw.js');
  if (existsSync(swPath)) {
    const precached = routeTotals(
      precachedFiles(readFileSync(swPath, 'utf8')).filter((f) => kindOf(f) !== 'other'),
      sizes,
    );
    figures.push(
      figure(
        SECTION,
        'precached by the service worker (its manifest)',
        toKiB(precached.jsGzip + precached.cssGzip),
        'KiB',
        undefined,
        `${precached.jsFiles} JS, ${precached.cssFiles} CSS files Workbox fetches for offline use after the first signed-in paint, not counted in the routes`,
      ),
    );
  }
  if (prefetchedEverywhere.size > 0) {
    figures.push(
      figure(
        SECTION,
        'prefetched when idle (every route together)',
        prefetchedEverywhere.size,
        'files',
        undefined,
        'fetched ahead for a likely next route (<link rel=prefetch>), not counted in the routes',
      ),
    );
  }

  const scripts = [...everything].filter((file) => kindOf(file) === 'js');
  for (const chunk of largestChunks(scripts, sizes, 5)) {
    const contents = stack.build.sourceMaps ? chunkContents(stack.build.dir, chunk.file) : null;
    figures.push(
      figure(
        SECTION,
        `largest JS chunk loaded: ${chunk.file}`,
        toKiB(chunk.gzip),
        'KiB',
        undefined,
        contents ?? `${toKiB(chunk.bytes)} KiB raw; contents unknown (no source map: web/dist reused)`,
      ),
    );
  }
  return figures;
}
