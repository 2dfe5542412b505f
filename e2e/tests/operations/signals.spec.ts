// Signals (/signalement, /signalement/signaler, /signalement/signal/{id}) and the signal-to-request
// screen (/demande/signal-vers-demande/{id}): a signal created appears in the list and its detail;
// turning it into a request prefills the request and links them; a persona without a signal role
// is refused (route and calls). Every screen passes axe.
import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures/index.ts';

async function reportSignal(page: Page, description: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue Monge, 21000 Dijon');
  await page.getByLabel('Latitude').fill('47.318');
  await page.getByLabel('Longitude').fill('5.035');
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  return Number(page.url().split('/').pop());
}

test('a signal created appears in its detail and in the list', async ({ page, signInAs, axe }) => {
  test.setTimeout(90_000);
  await signInAs('signal-agent', '/signalement/signaler');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signaler');
  // no location: a clear message, nothing sent
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('Dépôt sauvage rue Monge');
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page.getByText("Choisissez l'emplacement du signalement sur la carte ou saisissez ses coordonnées.").first()).toBeVisible();
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
  await expect(page.getByText('41 signalements')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher un signalement' }).fill('Dépôt sauvage rue Monge');
  await page.getByRole('searchbox', { name: 'Rechercher un signalement' }).press('Enter');
  const table = page.getByRole('table', { name: 'Signalements' });
  await expect(table.getByRole('link', { name: `Voir le signalement ${id}` })).toBeVisible();
  await expect(page.getByText('1 signalement', { exact: true })).toBeVisible();
  await axe();
});

test('turning a signal into a request prefills the request and links them', async ({ page, signInAs, axe }) => {
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

test('signals are refused to a persona without a signal role (route and calls)', async ({ page, signInAs, mock, mockUrl, request }) => {
  await signInAs('agent', '/signalement/signaler');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas les droits" })).toBeVisible();
  const { token } = await mock.token('agent');
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get(`${mockUrl}/api/signal?contract=1`, { headers })).status()).toBe(403);
  const created = await request.post(`${mockUrl}/api/signal`, {
    headers,
    data: { contractId: 1, categoryId: 1, description: 'x', location: { lat: 47.3, lng: 5 } },
  });
  expect(created.status()).toBe(403);
});
