// The portal's HTTP client as a user meets it: a call that never answers ends after the run-time
// timeout with the spec's loading error and a retry (portal.md section 8, alert.loading_error);
// uploads show their progress; every file is checked against the accepted image types (section 5)
// before anything is sent, an SVG photo goes through (stored sanitised); the server's own words
// stay under "Détails techniques", the sentence is French.
import type { Page, Request } from '@playwright/test';
import { test, expect } from '../../fixtures/index.ts';
import { solidPng } from '../../fixtures/png.ts';
import { fillSignal } from '../../pages/signals.ts';

interface PhotoState {
  tables: {
    signals: { id: number; description: string }[];
    signalPhotos: { ownerId: number; fileName: string; contentType: string; data: string }[];
  };
}

/** Serves the portal's runtime configuration with a short request timeout, for this page only. */
async function withRequestTimeout(page: Page, requestTimeoutMs: number) {
  await page.route('**/runtime-config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, requestTimeoutMs } });
  });
}

/** The calls that write (POST, PUT, PATCH, DELETE) to these API paths, from now on. */
function writes(page: Page, path: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (
      request.method() !== 'GET' &&
      request.method() !== 'OPTIONS' &&
      path.test(new URL(request.url()).pathname)
    )
      sent.push(request);
  });
  return sent;
}

test('a list whose call never answers shows the loading error after the timeout; Réessayer loads it', async ({
  page,
  signInAs,
  mock,
}) => {
  await withRequestTimeout(page, 1500);
  const fault = await mock.faults.add({ method: 'GET', path: '/api/signal', delayMs: 20_000 });
  await signInAs('signal-agent', '/signalement');
  const warning = page
    .getByRole('alert')
    .filter({ hasText: 'Une erreur est survenue lors du chargement des données.' });
  await expect(warning).toBeVisible();
  // no English words of the client ("timeout of 1500ms exceeded") on the screen
  await expect(page.getByText(/timeout of/i)).toHaveCount(0);
  await mock.faults.remove(fault.id);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Signalements' }).getByRole('row').nth(1)).toBeVisible();
});

test('a slow signal photo upload shows its progress, then the signal opens', async ({
  page,
  signInAs,
  mock,
}) => {
  await signInAs('signal-agent', '/signalement/signaler');
  await page
    .getByLabel('Photos')
    .setInputFiles({ name: 'trottoir.png', mimeType: 'image/png', buffer: solidPng(8, 8, [10, 120, 200]) });
  await fillSignal(page, 'Trottoir abîmé, photo lente');
  await mock.faults.add({ method: 'POST', path: '/api/signal/*/photo', delayMs: 2500, times: 1 });
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page.getByRole('progressbar', { name: 'Envoi de « trottoir.png »' })).toBeVisible();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('a slow favicon save shows its progress', async ({ toasts, page, signInAs, mock }) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  // the title and favicon form, beside the colours and logos form of the same section
  const section = page.getByRole('form', { name: 'Apparence du portail' });
  await expect(section.getByLabel('Titre de la page')).not.toHaveValue('');
  await section
    .getByLabel('Favicon')
    .setInputFiles({ name: 'icone.png', mimeType: 'image/png', buffer: solidPng(16, 16, [0, 90, 0]) });
  await mock.faults.add({ method: '*', path: '/api/contract/1/siteConfiguration', delayMs: 2500, times: 1 });
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section.getByRole('progressbar', { name: 'Envoi de « Favicon »' })).toBeVisible();
  await expect(toasts.success.last()).toHaveText("L'apparence du contrat a été enregistrée.");
  await expect(section.getByRole('progressbar')).toHaveCount(0);
});

test('a file that is no accepted image is named in French and nothing is sent; the form stays filled', async ({
  page,
  signInAs,
  mock,
}) => {
  const sent = writes(page, /^\/api\/signal/);
  await signInAs('signal-agent', '/signalement/signaler');
  const before = (await mock.exportState<PhotoState>()).tables.signals.length;
  await fillSignal(page, 'Tag sur le mur du lavoir');
  await page.getByLabel('Photos').setInputFiles([
    { name: 'lavoir.png', mimeType: 'image/png', buffer: solidPng(4, 4, [1, 2, 3]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') },
  ]);
  const refusal = page.getByText("« notes.txt » n'est pas une image acceptée (text/plain)", {
    exact: false,
  });
  await expect(refusal).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(refusal).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Tag sur le mur du lavoir');
  await expect(page).toHaveURL(/\/signalement\/signaler$/);
  expect((await mock.exportState<PhotoState>()).tables.signals.length).toBe(before);
  expect(sent.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
});

test('a favicon that is no accepted image is named in French and nothing is sent', async ({
  page,
  signInAs,
}) => {
  const sent = writes(page, /\/siteConfiguration$/);
  await signInAs('contract-admin', '/gestion-territoriale');
  const section = page.getByRole('region', { name: 'Apparence du portail' });
  await expect(section.getByLabel('Titre de la page')).not.toHaveValue('');
  await section
    .getByLabel('Favicon')
    .setInputFiles({ name: 'favicon.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(
    section.getByText("« favicon.txt » n'est pas une image acceptée", { exact: false }),
  ).toBeVisible();
  expect(sent.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
});

test('an SVG photo goes through, stored without its script', async ({ page, signInAs, mock }) => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(1)"><script>alert(2)</script><rect width="8" height="8" fill="green"/></svg>',
  );
  await signInAs('signal-agent', '/signalement/signaler');
  await page.getByLabel('Photos').setInputFiles({ name: 'plan.svg', mimeType: 'image/svg+xml', buffer: svg });
  await fillSignal(page, 'Plan du carrefour en SVG');
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(
    page.getByRole('region', { name: 'Photos' }).getByRole('img', { name: 'Photo plan.svg' }),
  ).toBeVisible();
  const stored = (await mock.exportState<PhotoState>()).tables.signalPhotos.filter((p) => p.ownerId === id);
  expect(stored.map((p) => p.contentType)).toEqual(['image/svg+xml']);
  const text = Buffer.from(stored[0]?.data ?? '', 'base64').toString();
  expect(text).toContain('fill="green"');
  expect(text).not.toMatch(/script|onload/);
});

test("a server failure reads in French; the server's words only under Détails techniques", async ({
  page,
  signInAs,
  mock,
}) => {
  await signInAs('signal-agent', '/signalement/signaler');
  await fillSignal(page, 'Lampadaire éteint');
  await mock.faults.add({
    method: 'POST',
    path: '/api/signal',
    status: 500,
    body: { message: 'Internal Server Error' },
    times: 1,
  });
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  const failure = page.getByRole('alert').filter({ hasText: "Le signalement n'a pas pu être enregistré." });
  await expect(failure).toContainText('Le serveur a rencontré une erreur.');
  await expect(failure.getByText('Internal Server Error')).toBeHidden();
  await failure.getByText('Détails techniques').click();
  await expect(failure.getByText('500 Internal Server Error')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Lampadaire éteint');
});
