// Start-up: the calls that need only the token (token check, saved configuration, the user's
// contracts, and the contract this browser used last) run together, so a slow backend costs one
// round trip before the page's own calls instead of three. Measured with the mock's latency and
// its journal (each entry's start is its end minus its duration), not with wall-clock budgets.
import type { Page } from '@playwright/test';
import { test, expect, type JournalEntry } from '../../fixtures/index.ts';

/** Holds back the page's requests to `url` until the function returned is called. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.unroute(url);
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The files index.html's first-load hint names for `path` (null: the app's own, for every page). */
async function hintedFiles(page: Page, portalUrl: string, path: string | null): Promise<string[]> {
  const html = await (await page.request.get(`${portalUrl}/`)).text();
  return [...html.matchAll(/<meta name="portal-preload"( data-path="([^"]*)")? content="([^"]*)"/g)]
    .filter((m) => (m[2] ?? null) === path)
    .flatMap((m) => (m[3] ?? '').split(' '));
}

/** The portal's own files the page asks for from now on, in order. */
function assetsAsked(page: Page, portalUrl: string): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(portalUrl).origin && url.pathname.startsWith('/assets/'))
      asked.push(url.pathname);
  });
  return asked;
}

const span = (entry: JournalEntry) => {
  const end = Date.parse(entry.time);
  return { start: end - entry.durationMs, end };
};

test('a returning user: the start-up calls all start before the first of them has answered', async ({
  page,
  mock,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await signInAs('agent', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');

  // long enough that a busy machine's parsing between two calls does not pass for a second round trip
  await mock.latency.set({ minMs: 1500, maxMs: 1500 });
  await mock.clearJournal();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');

  const entries = await mock.journal({ method: 'GET' });
  const first = (test: (path: string) => boolean, name: string) => {
    const entry = entries.find((e) => test(e.path));
    expect(entry, `${name} was called`).toBeDefined();
    return span(entry!);
  };
  const startup = [
    first((p) => p === '/api/token-check', 'the token check'),
    first((p) => /^\/api\/user\/portal\/[^/]+\/configuration/.test(p), 'the user configuration'),
    first((p) => p === '/api/user/contracts', "the user's contracts"),
    first((p) => /^\/api\/contract\/\d+$/.test(p), 'the current contract'),
  ];
  const lastStart = Math.max(...startup.map((s) => s.start));
  const firstEnd = Math.min(...startup.map((s) => s.end));
  expect(lastStart, 'every start-up call started before the first answer came back').toBeLessThan(firstEnd);
  // and the contract was not asked a second time once the session knew it
  expect(entries.filter((e) => /^\/api\/contract\/\d+$/.test(e.path))).toHaveLength(1);
});

test('a refused token still logs out, with no error page from the calls started beside it', async ({
  page,
  mock,
  signInAs,
}) => {
  await signInAs('agent', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await mock.faults.add({ method: 'GET', path: '/api/token-check', status: 401, times: 1 });
  await page.reload();
  // the logout goes to the single sign-on (the mock's page), never to an error page of the portal
  await expect(page).toHaveURL(/\/saml\/logout/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes déconnecté');
});

test("while the app's code loads, the page shows the portal's frame and says it is loading, in the chosen language", async ({
  portalDocument,
  page,
  signInAs,
}) => {
  await signInAs('agent', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  // a slow network: the app's main chunk arrives late
  let release = await holdBack(page, /\/assets\/main-[^/]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Chargement du portail…' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await expect(page.getByText('Chargement du portail…')).toHaveCount(0);

  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  release = await holdBack(page, /\/assets\/main-[^/]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading the portal…' })).toBeVisible();
  await expect(portalDocument.root).toHaveAttribute('lang', 'en');
  release();
  await expect(page.getByText('Loading the portal…')).toHaveCount(0);
});

test("the report form's first load asks for its screen's code with the app's, before the boot script has run", async ({
  page,
  signInAs,
  portalUrl,
}) => {
  test.skip(process.env.E2E_WEB === 'dev', 'the hint is written into index.html by the production build');
  await signInAs('signal-agent', '/signalement/signaler');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  const formFiles = await hintedFiles(page, portalUrl, '/signalement/signaler');
  expect(formFiles.some((file) => /^\/assets\/signal-create-[^/]+\.js$/.test(file))).toBe(true);

  const asked = assetsAsked(page, portalUrl);
  // the boot script held back: what is asked meanwhile is the hint's doing
  const release = await holdBack(page, /\/assets\/boot-[^/]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => formFiles.filter((file) => !asked.includes(file))).toEqual([]);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  await expect(page.getByLabel('Description')).toBeVisible();
});

test("signed in, index.html asks for the app's code and the home page's once its frame is painted, without waiting for the boot script; each file is fetched once", async ({
  page,
  signInAs,
  portalUrl,
}) => {
  test.skip(process.env.E2E_WEB === 'dev', 'the hint is written into index.html by the production build');
  await signInAs('contract-admin', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  const appFiles = await hintedFiles(page, portalUrl, null);
  const homeFiles = await hintedFiles(page, portalUrl, '/');
  expect(appFiles.some((file) => /^\/assets\/main-[^/]+\.js$/.test(file))).toBe(true);
  expect(homeFiles.some((file) => /^\/assets\/home-[^/]+\.js$/.test(file))).toBe(true);

  const asked = assetsAsked(page, portalUrl);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  // the boot script held back: what is asked meanwhile is the hint's doing
  const release = await holdBack(page, /\/assets\/boot-[^/]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => [...appFiles, ...homeFiles].filter((file) => !asked.includes(file))).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: 'Chargement du portail…' })).toBeVisible();
  release();
  // the administrator has no widget: the page says so, drawn without the grid's code
  await expect(page.getByText(/^Aucun widget à afficher/)).toBeVisible();
  expect(asked.filter((path) => /\/dashboard-grid-/.test(path))).toEqual([]);
  for (const file of [...appFiles, ...homeFiles])
    expect(
      asked.filter((path) => path === file),
      file,
    ).toHaveLength(1);
  expect(violations).toEqual([]);
});

test("the contract's site configuration, asked by the boot script, failing once: the page opens, and the retry gives the tab its title", async ({
  page,
  mock,
  signInAs,
}) => {
  await signInAs('agent', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await mock.faults.add({ method: 'GET', path: '/api/contract/1/siteConfiguration', status: 500, times: 1 });
  await mock.clearJournal();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await expect(page).toHaveTitle('Portail Dijon Métropole');
  // no error page, no alert: the theme is not the page's business
  await expect(page.getByRole('alert')).toHaveCount(0);
  const asked = await mock.journal({ method: 'GET' });
  expect(asked.filter((e) => e.path === '/api/contract/1/siteConfiguration').map((e) => e.status)).toEqual([
    500, 200,
  ]);
});
