// The offline portal's hard paths (docs/offline.md): an answer lost after the signal was created
// (one signal, thanks to the Idempotency-Key), a token that ends while the device is offline
// (held until the agent signs in again), a report the server refuses (kept for correction, the
// others sent), two users on one device (each sees and sends only their own), and a new version
// deployed while reports wait (offered, never applied by itself, nothing lost).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { externalPortal } from '../../fixtures/env.ts';
import { AGENT, countNamed, test, expect, type ReportState } from './offline-fixtures.ts';

test.use({ serviceWorkers: 'allow' });

/** The service worker of the build the production server serves (web/dist, playwright.config.ts). */
const SERVICE_WORKER_FILE = fileURLToPath(new URL('../../../web/dist/sw.js', import.meta.url));

test('an answer lost after the signal was made: sent again with its key, one signal', async ({
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(90_000);
  await fieldAgent.startOffline();
  await reports.report('Réponse perdue');
  await expect(reports.waitingItems).toHaveCount(1);
  await mock.faults.add({ method: 'POST', path: '/api/signal', dropAnswer: true, times: 1 });
  await device.goOnline();
  await expect.poll(() => countNamed(mock, 'Réponse perdue'), { timeout: 30_000 }).toBe(1);
  await expect(reports.waiting).toBeHidden();
  const creates = (await mock.journal({ method: 'POST', path: '/api/signal' })).filter(
    (e) => e.path === '/api/signal',
  );
  // the first answer never came back; the second call, with the same key, answered the first result
  expect(creates).toHaveLength(2);
  expect(creates[0]?.status).toBeNull();
  expect(creates[1]?.status).toBe(201);
});

test('a token ended while offline holds the reports until the agent signs in again', async ({
  fieldAgent,
  mock,
  mockUrl,
  partition,
  device,
  reports,
}) => {
  test.setTimeout(90_000);
  const minted = await fieldAgent.startOffline();
  await reports.report('Session expirée');
  // the session ends while the device is offline (the SSO logout of that token)
  const ended = await fetch(`${mockUrl}/saml/logout?realm=x`, {
    headers: { authorization: `Bearer ${minted.token}`, 'x-mock-partition': partition },
  });
  expect(ended.status).toBe(200);
  await device.goOnline();
  await expect(reports.waitingItems.first()).toContainText('En attente de reconnexion');
  await expect(
    reports.waiting.getByText(
      'Votre session a expiré : reconnectez-vous pour envoyer les signalements en attente.',
    ),
  ).toBeVisible();
  expect(await countNamed(mock, 'Session expirée')).toBe(0);
  // signed in again: sent at once
  await reports.signInAgain((await mock.token(AGENT)).token);
  await expect.poll(() => countNamed(mock, 'Session expirée'), { timeout: 20_000 }).toBe(1);
  await expect(reports.waiting).toBeHidden();
});

test('a report the server refuses stays for correction with its reason; the others go', async ({
  page,
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOffline();
  for (const name of ['Refus A', 'Refus B', 'Refus C']) await reports.report(name);
  await expect(reports.waitingItems).toHaveCount(3);
  const reason = 'La catégorie 1 a été supprimée';
  await mock.faults.add({
    method: 'POST',
    path: '/api/signal',
    bodyFields: { description: 'Refus B' },
    status: 400,
    body: { message: reason, errors: [{ path: 'categoryId', message: reason }] },
  });
  await device.goOnline();
  await expect(reports.waitingItems).toHaveCount(1, { timeout: 20_000 });
  await expect(reports.waitingItems.first()).toContainText('Refusé par le serveur');
  await expect(reports.waitingItems.first()).toContainText(
    "Les informations envoyées n'ont pas été acceptées.",
  );
  expect(await countNamed(mock, 'Refus A')).toBe(1);
  expect(await countNamed(mock, 'Refus C')).toBe(1);
  expect(await countNamed(mock, 'Refus B')).toBe(0);

  await mock.faults.clear();
  await reports.waitingItems.first().getByRole('link', { name: 'Corriger' }).click();
  await expect(reports.heading).toHaveText('Signaler');
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Refus B');
  await page.getByLabel('Description').fill('Refus B corrigé');
  await reports.sendAgain();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  expect(await countNamed(mock, 'Refus B corrigé')).toBe(1);
  const state = await mock.exportState<ReportState>();
  const corrected = state.tables.signals.find((s) => s.description === 'Refus B corrigé');
  // its photo, kept on the device, went with it
  expect(state.tables.signalPhotos.filter((p) => p.ownerId === corrected?.id)).toHaveLength(1);
  await reports.expectNothingWaiting();
});

test('another user of the device neither sees nor sends the reports; the logout asks first', async ({
  page,
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOffline();
  await reports.report('Rapport de Sophie');
  await expect(reports.waitingItems).toHaveCount(1);

  // the logout asks before leaving a report not sent
  await page.goto('/deconnexion');
  const question = page.getByRole('dialog', { name: 'Signalements non envoyés' });
  await expect(question).toContainText("1 signalement n'a pas encore été envoyé.");
  await question.getByRole('button', { name: 'Rester connecté' }).click();
  await expect(reports.heading).toHaveText('Signalements');
  await expect(reports.waitingItems).toHaveCount(1);

  // the network comes back while the server is in trouble: Sophie's report still waits
  await mock.faults.add({ method: 'POST', path: '/api/signal', status: 503 });
  await device.goOnline();
  await expect(reports.waitingItems).toHaveCount(1);
  // another agent signs in on this device
  await reports.signInAgain((await mock.token('dashboard-all')).token);
  await expect(page.getByRole('button', { name: 'Menu utilisateur : Camille Girard' })).toBeVisible();
  await expect(reports.waiting).toBeHidden();
  await mock.faults.clear();
  // the sending starts after the first paint: nothing leaves the device in the next seconds, and
  // nothing was sent as Camille
  await device.expectNoReportSent(3_000);
  const asCamille = await mock.journal({ method: 'POST', path: '/api/signal', persona: 'dashboard-all' });
  expect(asCamille).toEqual([]);
  expect(await countNamed(mock, 'Rapport de Sophie')).toBe(0);

  // back to Sophie: her report goes, as hers
  await reports.signInAgain((await mock.token(AGENT)).token);
  await expect.poll(() => countNamed(mock, 'Rapport de Sophie'), { timeout: 20_000 }).toBe(1);
  await expect(reports.waiting).toBeHidden();
  const created = await mock.journal({ method: 'POST', path: '/api/signal', status: 201 });
  expect(created.map((e) => e.persona)).toEqual(['signal-agent']);
});

test('a new version deployed while reports wait is offered, applied only when asked, nothing lost', async ({
  page,
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOffline();
  await reports.report('Avant la mise à jour');
  await expect(reports.waitingItems).toHaveCount(1);
  // the server is in trouble: the report keeps waiting once the network is back
  await mock.faults.add({ method: 'POST', path: '/api/signal', status: 503 });
  await device.goOnline();
  // a new version is deployed: its service worker differs (the production server reads it at
  // every request, as nginx does)
  test.skip(externalPortal, 'needs the build folder of the portal this run started');
  const original = readFileSync(SERVICE_WORKER_FILE, 'utf8');
  writeFileSync(SERVICE_WORKER_FILE, `${original}\n// version 2\n`);
  // the new version stays deployed until the test ends (the reload checks the server again)
  try {
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Nouvelle version disponible :' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // not applied by itself: the page still runs the version it opened with, the report still waits
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);
    await expect(reports.waitingItems).toHaveCount(1);
    await mock.faults.clear();
    await prompt.getByRole('button', { name: 'recharger' }).click();
    // the reload installs the new worker first: slower than a page's step on a busy machine
    await expect(prompt).toBeHidden({ timeout: 30_000 });
    await expect(reports.heading).toHaveText('Signalements');
    await expect.poll(() => countNamed(mock, 'Avant la mise à jour'), { timeout: 20_000 }).toBe(1);
    await expect(reports.waiting).toBeHidden();
  } finally {
    writeFileSync(SERVICE_WORKER_FILE, original);
  }
});
