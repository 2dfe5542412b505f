// A report is never lost and never doubled, on every path around the queue (docs/offline.md): on a
// phone, on the production build with its service worker, the report is kept on the device before
// its first call and every try sends the same bytes under the same keys. Each case ends with
// exactly one signal and every photo on the server, counted in the mock's state and journal.
import type { BrowserContext, Page } from '@playwright/test';
import { noisePng, solidPng } from '../../fixtures/png.ts';
import { ReportsPage } from '../../pages/offline.ts';
import { test, expect, type ReportState } from './offline-fixtures.ts';
import type { MockClient } from '../../fixtures/index.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

const CREATE = { method: 'POST', path: '/api/signal' } as const;
const PHOTO = { method: 'POST', path: '/api/signal/*/photo' } as const;

/** The signals of this description on the server, each with its photos' file names. */
async function onServer(mock: MockClient, description: string): Promise<string[][]> {
  const state = await mock.exportState<ReportState>();
  return state.tables.signals
    .filter((s) => s.description === description)
    .map((s) => state.tables.signalPhotos.filter((p) => p.ownerId === s.id).map((p) => p.fileName));
}

/** The calls of one kind the mock received (answered or not). */
async function calls(mock: MockClient, kind: 'create' | 'photo'): Promise<number> {
  const entries = await mock.journal({ method: 'POST' });
  return entries.filter((e) =>
    kind === 'create' ? e.path === '/api/signal' : /^\/api\/signal\/\d+\/photo$/.test(e.path),
  ).length;
}

/** Waits until the report form's call of this kind has left the page. */
function callLeaves(page: Page, kind: 'create' | 'photo') {
  return page.waitForRequest((request) => {
    const path = new URL(request.url()).pathname;
    return (
      request.method() === 'POST' &&
      (kind === 'create' ? path === '/api/signal' : /^\/api\/signal\/\d+\/photo$/.test(path))
    );
  });
}

/** The mock holds a call cut by a kill for this long before it handles it. */
const HANG_MS = 8_000;

/**
 * Waits until the call cut by the kill at `killedAt` has been handled by the mock (its delay over):
 * the journal lists it at the cut, so the clock is the only witness.
 */
async function cutCallOver(killedAt: number): Promise<void> {
  await expect
    .poll(() => Date.now() - killedAt, { timeout: HANG_MS + 10_000, intervals: [500] })
    .toBeGreaterThan(HANG_MS + 1_000);
}

/** A gateway that lets the backend make the first signal, loses its answer and says 502 instead. */
async function loseFirstCreationAnswer(context: BrowserContext): Promise<void> {
  let failed = false;
  await context.route('**/api/signal', async (route) => {
    if (failed || route.request().method() !== 'POST') return route.fallback();
    failed = true;
    await route.fetch();
    await route.fulfill({ status: 502, json: { message: 'Bad Gateway' } });
  });
}

test.describe('one signal, every photo', () => {
  test.beforeEach(async ({ fieldAgent }) => {
    await fieldAgent.startOnline();
  });

  test('D1: the answer of a photo lost twice online: sent again with the same bytes and key', async ({
    page,
    context,
    mock,
    reports,
  }) => {
    test.setTimeout(90_000);
    let lost = 0;
    // the server does the work, then its answer is lost on the way back, twice
    await context.route(/\/api\/signal\/\d+\/photo$/, async (route) => {
      if (lost >= 2) return route.fallback();
      lost++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await reports.report('D1 lost photo answer');
    await expect(page.getByText("Le serveur n'a pas répondu")).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => onServer(mock, 'D1 lost photo answer'), { timeout: 40_000 })
      .toEqual([['D1 lost photo answer.png']]);
    await expect(reports.waiting).toBeHidden();
    // three tries of the photo (two answers lost), one creation; never "refused"
    expect(await calls(mock, 'photo')).toBe(3);
    expect(await calls(mock, 'create')).toBe(1);
    const replayed = await mock.journal({ method: 'POST', status: 422 });
    expect(replayed).toEqual([]);
  });

  test('D2: the app killed during the photo upload sends the photo at its next start', async ({
    page,
    context,
    mock,
  }) => {
    test.setTimeout(90_000);
    await mock.faults.add({ ...PHOTO, delayMs: HANG_MS, times: 1 });
    const leaves = callLeaves(page, 'photo');
    await new ReportsPage(page).report('D2 killed during the photo');
    await leaves;
    const killedAt = Date.now();
    await page.close();
    const relaunched = new ReportsPage(await context.newPage());
    await relaunched.openList();
    await expect
      .poll(() => onServer(mock, 'D2 killed during the photo'), { timeout: 30_000 })
      .toEqual([['D2 killed during the photo.png']]);
    // the call cut by the kill, once its delay is over, makes nothing more
    await cutCallOver(killedAt);
    expect(await onServer(mock, 'D2 killed during the photo')).toEqual([['D2 killed during the photo.png']]);
    await expect(relaunched.waiting).toBeHidden();
  });

  test('D2: the app killed while the creation hangs sends the report at its next start', async ({
    page,
    context,
    mock,
  }) => {
    test.setTimeout(90_000);
    await mock.faults.add({ ...CREATE, delayMs: HANG_MS, times: 1 });
    const leaves = callLeaves(page, 'create');
    await new ReportsPage(page).report('D2 killed during the creation');
    await leaves;
    const killedAt = Date.now();
    await page.close();
    const relaunched = new ReportsPage(await context.newPage());
    await relaunched.openList();
    await expect
      .poll(() => onServer(mock, 'D2 killed during the creation'), { timeout: 30_000 })
      .toEqual([['D2 killed during the creation.png']]);
    await cutCallOver(killedAt);
    expect(await onServer(mock, 'D2 killed during the creation')).toEqual([
      ['D2 killed during the creation.png'],
    ]);
    await expect(relaunched.waiting).toBeHidden();
  });

  test('D3: a photo refused after its signal exists: the correction sends only the new photo', async ({
    page,
    mock,
    device,
    reports,
  }) => {
    test.setTimeout(90_000);
    await device.goOffline();
    await reports.report('D3 photo refusée');
    await expect(reports.waitingItems).toHaveCount(1);
    await mock.faults.add({ ...PHOTO, status: 415, body: { message: 'Unsupported media type' }, times: 1 });
    await device.goOnline();
    const item = reports.waitingItems.first();
    await expect(item).toContainText('Refusé par le serveur', { timeout: 20_000 });
    await expect(item).toContainText('Photo « D3 photo refusée.png » refusée');
    // said in French; the server's words only under the technical details
    await expect(item.getByText('Unsupported media type')).toBeHidden();
    expect(await onServer(mock, 'D3 photo refusée')).toEqual([[]]);

    await item.getByRole('link', { name: 'Corriger' }).click();
    await expect(page.getByText('seules les photos qui manquent')).toBeVisible();
    await expect(page.getByLabel('Description')).toBeDisabled();
    await page.getByLabel('Photos').setInputFiles({
      name: 'D3 autre photo.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 48, [10, 120, 10]),
    });
    await reports.sendAgain();
    await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
    expect(await onServer(mock, 'D3 photo refusée')).toEqual([['D3 autre photo.png']]);
    expect(await calls(mock, 'create')).toBe(1);
    await reports.expectNothingWaiting();
  });

  test('D3 online: a photo refused after its signal exists: one signal, nothing left waiting', async ({
    page,
    mock,
    reports,
  }) => {
    await mock.faults.add({ ...PHOTO, status: 415, body: { message: 'Unsupported media type' }, times: 1 });
    await reports.report('D3 en ligne');
    await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
    await expect(page.getByText("la photo « D3 en ligne.png » n'a pas pu être envoyée")).toBeVisible();
    expect(await onServer(mock, 'D3 en ligne')).toEqual([[]]);
    await reports.expectNothingWaiting();
  });

  test('D4: a 5xx after the backend made the signal: sent again under its key, one signal', async ({
    context,
    mock,
    reports,
  }) => {
    test.setTimeout(90_000);
    await loseFirstCreationAnswer(context);
    await reports.report('D4 erreur serveur');
    // said on the form, which stays; a second press sends the same report under the same key
    await reports.expectServerErrorOnForm();
    await reports.sendAgain();
    await expect
      .poll(() => onServer(mock, 'D4 erreur serveur'), { timeout: 30_000 })
      .toEqual([['D4 erreur serveur.png']]);
    // every later call, under the same key, was answered the signal of the first
    expect(await calls(mock, 'create')).toBeGreaterThanOrEqual(2);
    await reports.expectNothingWaiting();
  });

  test('D5: a queued photo on a slow uplink (8 KB/s) takes the time it needs and arrives once', async ({
    page,
    mock,
    device,
    reports,
  }) => {
    // 341 KB at 8 KB/s: about 43 s, past the 30 s a call may wait for its answer
    test.setTimeout(240_000);
    const photo = noisePng(336, 338);
    expect(photo.length).toBeGreaterThan(340_000);
    await device.goOffline();
    await reports.openForm();
    await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
    await page.getByLabel('Description').fill('D5 liaison lente');
    await page.getByLabel('Latitude').fill('47.318');
    await page.getByLabel('Longitude').fill('5.035');
    await page
      .getByLabel('Photos')
      .setInputFiles({ name: 'éclairage-rue.png', mimeType: 'image/png', buffer: photo });
    await reports.sendAgain();
    await expect(reports.waitingItems).toHaveCount(1);
    // the uplink of a phone at the edge of the network: the mock reads the photo at 8,000 bytes a second
    await mock.faults.add({ ...PHOTO, uplinkBytesPerSecond: 8_000 });
    await device.goOnline();
    await expect
      .poll(() => onServer(mock, 'D5 liaison lente'), { timeout: 150_000, intervals: [2_000] })
      .toEqual([['éclairage-rue.png']]);
    await expect(reports.waiting).toBeHidden();
    // one creation, one upload: never cut by a fixed time limit and sent again
    expect(await calls(mock, 'create')).toBe(1);
    const uploads = (await mock.journal({ method: 'POST' })).filter((e) => /\/photo$/.test(e.path));
    expect(uploads.map((e) => [e.status, e.file?.name])).toEqual([[201, 'éclairage-rue.png']]);
    expect(uploads[0]?.durationMs).toBeGreaterThan(30_000);
    // the portal names the photo as the agent chose it
    await page.goto(`/signalement/signal/${/\d+/.exec(uploads[0]?.path ?? '')?.[0]}`);
    await expect(page.getByRole('img', { name: /éclairage-rue\.png/ })).toBeVisible();
  });

  test('D6: edited after a 5xx that made nothing, a second press sends the text on screen, once', async ({
    page,
    mock,
    device,
    reports,
  }) => {
    test.setTimeout(90_000);
    await mock.faults.add({ ...CREATE, status: 500, times: 1 });
    await reports.report('D6 premier texte');
    await reports.expectServerErrorOnForm();
    // the form holds its report: the queue does not send the first text behind the agent's back
    await device.expectNoReportSent(5_000);
    await page.getByLabel('Description').fill('D6 texte corrigé');
    await reports.sendAgain();
    await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
    await expect(page.getByText('D6 texte corrigé')).toBeVisible();
    expect(await onServer(mock, 'D6 texte corrigé')).toEqual([['D6 premier texte.png']]);
    expect(await onServer(mock, 'D6 premier texte')).toEqual([]);
    // the failed creation and the one that made the signal; one photo
    const creations = (await mock.journal({ method: 'POST', path: '/api/signal' })).map((e) => e.status);
    expect(creations).toEqual([500, 201]);
    expect(await calls(mock, 'photo')).toBe(1);
    await reports.expectNothingWaiting();
  });

  test('D6: edited after a 5xx where the backend made the signal: one signal, and the agent is told', async ({
    page,
    context,
    mock,
    reports,
  }) => {
    test.setTimeout(90_000);
    await loseFirstCreationAnswer(context);
    await reports.report('D6 fait par le serveur');
    await reports.expectServerErrorOnForm();
    await page.getByLabel('Description').fill('D6 modifié après coup');
    await reports.sendAgain();
    await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
    await expect(page.getByText('avait déjà été enregistré par le serveur')).toBeVisible();
    expect(await onServer(mock, 'D6 fait par le serveur')).toEqual([['D6 fait par le serveur.png']]);
    expect(await onServer(mock, 'D6 modifié après coup')).toEqual([]);
    expect(await calls(mock, 'create')).toBe(1);
    await reports.expectNothingWaiting();
  });
});
