/**
 * 1. Bundle: the gzipped JavaScript and CSS each route really loads from the production build, as
 * Chromium requests them (fresh context, no cache), and the largest chunks with what is in them.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { attributeBySource, describeShares, groupShares, type SourceMapLike } from '../lib/attribution.ts';
import { type AssetSize, buildPathOf, kindOf, largestChunks, routeTotals, toKiB } from '../lib/chunks.ts';
import { type Budget, type Figure, figure, notAvailable } from '../lib/figures.ts';
import { BUDGETS } from '../budgets.ts';
import { mintToken, type Stack } from '../lib/stack.ts';
import { openSignedIn, placeholderOf } from '../lib/browser.ts';

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

interface RouteCase {
  name: string;
  path: string;
  /** null: signed out */
  persona: string | null;
  budget: Budget;
  /** a CSS selector or a URL predicate telling that the route has shown */
  ready: (page: Page, mockUrl: string) => Promise<void>;
}

const ROUTES: RouteCase[] = [
  {
    name: 'sign-in redirect (signed out, /)',
    path: '/',
    persona: null,
    budget: BUDGETS.signInJsKiB,
    ready: async (page, mockUrl) => {
      await page.waitForURL((url) => url.href.startsWith(mockUrl), { timeout: 20_000 });
    },
  },
  {
    name: 'home dashboard (dashboard-all, /)',
    path: '/',
    persona: 'dashboard-all',
    budget: BUDGETS.homeJsKiB,
    ready: settled,
  },
  {
    name: 'territorial list tab (contract-admin, /gestion-territoriale)',
    path: '/gestion-territoriale',
    persona: 'contract-admin',
    budget: BUDGETS.routeJsKiB,
    ready: settled,
  },
  {
    name: 'map (dashboard-all, /cartographie)',
    path: '/cartographie',
    persona: 'dashboard-all',
    budget: BUDGETS.routeJsKiB,
    ready: settled,
  },
];

async function settled(page: Page): Promise<void> {
  await page.waitForSelector('main', { timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
}

export async function measureBundle(browser: Browser, stack: Stack): Promise<Figure[]> {
  const figures: Figure[] = [];
  const sizes = buildSizes(stack.build.dir);
  const origin = new URL(stack.portal.url).origin;
  const everything = new Set<string>();

  for (const route of ROUTES) {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    try {
      const loaded: string[] = [];
      // what the page fetches ahead for the next route when idle (<link rel=prefetch>) is not what it shows
      const prefetched: string[] = [];
      // nor what the service worker precaches for offline use once the page has painted
      const precached: string[] = [];
      context.on('requestfinished', (request) => {
        const file = buildPathOf(request.url(), origin);
        if (!file) return;
        if (request.serviceWorker()) precached.push(file);
        else if (request.headers()['sec-purpose']?.startsWith('prefetch')) prefetched.push(file);
        else loaded.push(file);
      });
      const session = route.persona ? await mintToken(stack.mock.url, route.persona) : null;
      const page = await openSignedIn(context, stack.portal.url, route.path, session);
      let problem: string | null = null;
      try {
        await route.ready(page, stack.mock.url);
      } catch (error) {
        problem = `did not settle: ${(error as Error).message.split('\n')[0]}`;
      }
      const finalPath = page.url().startsWith(origin)
        ? new URL(page.url()).pathname
        : page.url().split('?')[0];
      const placeholder = route.persona ? await placeholderOf(page) : null;
      const totals = routeTotals(loaded, sizes);
      for (const file of loaded) everything.add(file);
      const where = finalPath !== route.path ? `ended on ${finalPath}; ` : '';
      const detail = `${where}${totals.jsFiles} JS files, ${totals.cssFiles} CSS files`;
      const files = [...new Set(loaded)].map((file) => ({
        file,
        gzipKiB: toKiB(sizes.get(file)?.gzip ?? 0),
      }));
      if (problem && totals.jsFiles === 0) {
        figures.push(notAvailable(SECTION, `${route.name}: JS`, 'KiB', problem, route.budget));
      } else if (placeholder) {
        figures.push(
          notAvailable(
            SECTION,
            `${route.name}: JS`,
            'KiB',
            `screen not built yet (placeholder "${placeholder}"); shell + placeholder load ${toKiB(totals.jsGzip)} KiB`,
            route.budget,
          ),
        );
      } else {
        figures.push(
          figure(
            SECTION,
            `${route.name}: JS`,
            toKiB(totals.jsGzip),
            'KiB',
            route.budget,
            problem ? `${detail}; ${problem}` : detail,
          ),
        );
      }
      const last = figures[figures.length - 1];
      if (last) last.details = { finalUrl: page.url(), files };
      figures.push(figure(SECTION, `${route.name}: CSS`, toKiB(totals.cssGzip), 'KiB', BUDGETS.routeCssKiB));
      if (prefetched.length > 0) {
        const ahead = routeTotals(prefetched, sizes);
        figures.push(
          figure(
            SECTION,
            `${route.name}: prefetched when idle`,
            toKiB(ahead.jsGzip + ahead.cssGzip),
            'KiB',
            undefined,
            `${ahead.jsFiles} JS, ${ahead.cssFiles} CSS files fetched ahead for the likely next route, not counted above`,
          ),
        );
      }
      if (precached.length > 0) {
        const offline = routeTotals(precached, sizes);
        figures.push(
          figure(
            SECTION,
            `${route.name}: precached by the service worker`,
            toKiB(offline.jsGzip + offline.cssGzip),
            'KiB',
            undefined,
            `${offline.jsFiles} JS, ${offline.cssFiles} CSS files the service worker fetches for offline use after the first paint, not counted above`,
          ),
        );
      }
      if (totals.unknown.length > 0) {
        figures.push(
          notAvailable(SECTION, `${route.name}: files not in the build`, '', totals.unknown.join(', ')),
        );
      }
    } finally {
      await context.close();
    }
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
