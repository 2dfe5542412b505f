// Signals (/signalement, /signalement/signaler, /signalement/signal/{id}) and the signal-to-request
// screen (/demande/signal-vers-demande/{id}): a signal created appears in the list and its detail;
// turning it into a request prefills the request and links them; a persona without a signal role
// is refused (route and calls); a photo sent with a new signal is kept and shown on its detail; the
// category filter of the list keeps only that category's signals. Every screen passes axe.
import type { Page } from '@playwright/test';
import { PAGING } from '@portal/contract/constants';
import { test, expect } from '../../fixtures/index.ts';
import { solidPng } from '../../fixtures/png.ts';
import { fillSignal, SignalForm } from '../../pages/signals.ts';
import { MapView } from '../../pages/map.ts';

interface SignalState {
  tables: {
    users: { personaId?: string; contractIds: number[] }[];
    signalCategories: { id: number; contractId: number; label: string }[];
    signals: { id: number; contractId: number; categoryId: number; description: string }[];
    signalPhotos: {
      id: number;
      ownerId: number;
      fileName: string;
      contentType: string;
      size: number;
      data: string;
    }[];
  };
}

async function reportSignal(page: Page, description: string) {
  await fillSignal(page, description);
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  return Number(page.url().split('/').pop());
}

test('a signal created appears in its detail and in the list', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  test.setTimeout(90_000);
  const contract = (await mock.personas()).find((p) => p.id === 'signal-agent')?.contractIds[0];
  const before = await mock.totalAs('signal-agent', 'listSignals', { query: { contract } });
  await signInAs('signal-agent', '/signalement/signaler');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  // no location: a clear message, nothing sent
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('Dépôt sauvage rue Monge');
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(
    page
      .getByText("Choisissez l'emplacement du signalement sur la carte ou saisissez ses coordonnées.")
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signalement\/signaler$/);
  await axe();

  const id = await reportSignal(page, 'Dépôt sauvage rue Monge');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Signalement n° ${id}`);
  const data = page.getByRole('region', { name: 'Informations' });
  await expect(data.getByText('Dépôt sauvage rue Monge')).toBeVisible();
  await expect(data.getByText('12 rue Monge, 21000 Dijon')).toBeVisible();
  await expect(data.getByText('Nouveau', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Carte de localisation du signalement' })).toBeVisible();
  await axe();

  await page.getByRole('link', { name: 'Retour aux signalements' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signalements');
  // the list's count: the signals before, and the new one
  await expect(page.getByText(`${before + 1} signalements`, { exact: true })).toBeVisible();
  await expect(list.searchBox).toHaveAccessibleName('Rechercher un signalement');
  await list.search('Dépôt sauvage rue Monge');
  await expect(list.table).toHaveAccessibleName('Signalements');
  await expect(list.table.getByRole('link', { name: `Voir le signalement ${id}` })).toBeVisible();
  await expect(page.getByText('1 signalement', { exact: true })).toBeVisible();
  await axe();
});

test('Enter in the map address search runs the search and keeps what was typed in the signal form', async ({
  page,
  signInAs,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInAs('signal-agent', '/signalement/signaler');
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('Conteneur renversé place Darcy');
  let navigated = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigated = true;
  });
  await new MapView(page).open();
  const search = page.getByRole('combobox', { name: 'Rechercher une adresse' });
  await search.fill('Dijon');
  await search.press('Enter');
  await expect(new MapView(page).status).toBeVisible();
  // no reload, no submission: the form still holds what was typed, and no signal was sent
  expect(navigated).toBe(false);
  await expect(page).toHaveURL(/\/signalement\/signaler$/);
  await expect(page.getByLabel('Description')).toHaveValue('Conteneur renversé place Darcy');
  await expect(page.getByLabel('Catégorie')).toHaveValue(/\d+/);
  expect(await new SignalForm(page).nestedForms.count(), 'no form inside another').toBe(0);
  expect(errors.filter((e) => /form/i.test(e))).toEqual([]);
});

test('turning a signal into a request prefills the request and links them', async ({
  page,
  signInAs,
  axe,
}) => {
  test.setTimeout(90_000);
  await signInAs('dashboard-all', '/signalement/signaler');
  const signalId = await reportSignal(page, 'Poubelle renversée place Wilson');
  await page.getByRole('link', { name: 'Transformer en demande' }).click();
  await expect(page).toHaveURL(new RegExp(`/demande/signal-vers-demande/${signalId}$`));
  await expect(page.getByLabel('Description')).toHaveValue('Poubelle renversée place Wilson');
  await expect(page.getByLabel('Objet')).toHaveValue(/12 rue Monge, 21000 Dijon/);
  await axe();

  await page.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(page).toHaveURL(/\/demande\/nouvelle-demande\/\d+$/);
  const requestId = Number(page.url().split('/').pop());
  await expect(page.getByText(`Demande issue du signalement n° ${signalId}.`)).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Poubelle renversée place Wilson');

  await page.goto(`/signalement/signal/${signalId}`);
  await expect(page.getByRole('link', { name: `Demande liée n° ${requestId}` })).toBeVisible();
  await page.getByRole('link', { name: `Demande liée n° ${requestId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/demande/${requestId}$`));
  await expect(page.getByRole('link', { name: `Signalement n° ${signalId}` })).toBeVisible();
});

test('a photo sent with a new signal is kept by the server and shown on the signal detail', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  test.setTimeout(90_000);
  const photo = solidPng(24, 16, [200, 40, 40]);
  await signInAs('signal-agent', '/signalement/signaler');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  await page
    .getByLabel('Photos')
    .setInputFiles({ name: 'trottoir-monge.png', mimeType: 'image/png', buffer: photo });
  const id = await reportSignal(page, 'Trottoir effondré rue Monge');

  const { tables } = await mock.exportState<SignalState>();
  const stored = tables.signalPhotos.filter((p) => p.ownerId === id);
  expect(stored.map((p) => ({ fileName: p.fileName, contentType: p.contentType, size: p.size }))).toEqual([
    { fileName: 'trottoir-monge.png', contentType: 'image/png', size: photo.length },
  ]);
  expect(
    Buffer.from(stored[0]?.data ?? '', 'base64').equals(photo),
    'the stored bytes are the bytes sent',
  ).toBe(true);

  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText('Aucune photo.')).toHaveCount(0);
  const image = photos.getByRole('img', { name: 'Photo trottoir-monge.png' });
  await expect(image).toBeVisible();
  // the image was decoded: the size of the sent PNG
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([24, 16]);
  await axe();

  // a signal sent without a photo says so
  await page.goto('/signalement/signaler');
  const other = await reportSignal(page, 'Banc cassé place Darcy');
  await expect(page.getByRole('region', { name: 'Photos' }).getByText('Aucune photo.')).toBeVisible();
  const after = await mock.exportState<SignalState>();
  expect(after.tables.signalPhotos.filter((p) => p.ownerId === other)).toEqual([]);
});

test('the category filter of the list keeps only the signals of that category', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  test.setTimeout(90_000);
  const { tables } = await mock.exportState<SignalState>();
  const contractId = tables.users.find((u) => u.personaId === 'signal-agent')?.contractIds[0];
  const inContract = tables.signals.filter((s) => s.contractId === contractId);
  const categories = tables.signalCategories.filter((c) => c.contractId === contractId);
  const countOf = (categoryId: number) => inContract.filter((s) => s.categoryId === categoryId).length;
  // the two categories with the most and the fewest signals (at least one), both on one page
  const used = categories.filter((c) => countOf(c.id) > 0).sort((a, b) => countOf(b.id) - countOf(a.id));
  const picked = [used[0], used[used.length - 1]].filter((c) => c !== undefined);
  expect(picked.length).toBe(2);
  const plural = (n: number) => (n === 1 ? `${n} signalement` : `${n} signalements`);

  await signInAs('signal-agent', '/signalement');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signalements');
  await expect(page.getByText(plural(inContract.length), { exact: true })).toBeVisible();
  const filter = page.getByLabel('Catégorie', { exact: true });
  await expect(list.table).toHaveAccessibleName('Signalements');
  const { table, rows: bodyRows } = list;

  for (const category of picked) {
    const count = countOf(category.id);
    expect(count, category.label).toBeLessThanOrEqual(PAGING.defaultItemsPerPage);
    await filter.selectOption({ label: category.label });
    await expect(page).toHaveURL(new RegExp(`category=${category.id}(&|$)`));
    await expect(page.getByText(plural(count), { exact: true })).toBeVisible();
    await expect(bodyRows).toHaveCount(count);
    // the category column (third) names this category on every row
    await expect(list.column(3)).toHaveText(Array.from({ length: count }, () => category.label));
    const ids = inContract.filter((s) => s.categoryId === category.id).map((s) => s.id);
    for (const id of ids)
      await expect(table.getByRole('link', { name: `Voir le signalement ${id}`, exact: true })).toBeVisible();
  }
  await axe();

  await filter.selectOption({ label: 'Toutes les catégories' });
  await expect(page).not.toHaveURL(/category=/);
  await expect(page.getByText(plural(inContract.length), { exact: true })).toBeVisible();
  await expect(bodyRows).toHaveCount(Math.min(PAGING.defaultItemsPerPage, inContract.length));
});
