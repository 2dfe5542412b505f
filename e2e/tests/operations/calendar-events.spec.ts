// Calendar events (/calendrier/{id}/evenement/{eventId}, …/modification): an event opened from the
// month, the week and the phone's agenda, its details, its edit (the server's 400 on the field,
// a toast once saved) and its delete behind a confirmation (a failure keeps the dialog; the
// event leaves the month and the mock's state).
import { test, expect, Dialog, UnsavedChangesQuestion, type MockClient } from '../../fixtures/index.ts';
import type { APIRequestContext } from '@playwright/test';

interface SavedEvent {
  id: number;
  title: string;
  categoryId: number | null;
  description: string;
  startDate: string;
}

/** An event today from 10:00 to 11:00 (so in the month and the week shown by default). */
async function createEvent(
  mock: MockClient,
  mockUrl: string,
  request: APIRequestContext,
  title: string,
): Promise<{ event: SavedEvent; token: string }> {
  const { token } = await mock.token('calendar-user');
  const start = new Date();
  start.setHours(10, 0, 0, 0);
  const end = new Date(start.getTime() + 3_600_000);
  const response = await request.post(`${mockUrl}/api/calendar/1/event`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      description: 'Salle du conseil',
    },
  });
  expect(response.status()).toBe(201);
  return { event: (await response.json()) as SavedEvent, token };
}

test('an event opened from the month is edited (the server 400 on its field) then deleted after a confirmation', async ({
  toasts,
  page,
  signInAs,
  mock,
  mockUrl,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const { event, token } = await createEvent(mock, mockUrl, request, 'Conseil de quartier');
  const eventUrl = `${mockUrl}/api/calendar/1/event/${event.id}`;
  const read = async () => request.get(eventUrl, { headers: { Authorization: `Bearer ${token}` } });
  await signInAs('calendar-user', '/calendrier/1');
  await page.getByRole('table').getByRole('link', { name: 'Conseil de quartier' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendrier/1/evenement/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conseil de quartier');
  await expect(page.getByText('Salle du conseil')).toBeVisible();
  await expect(page.getByText('Sans catégorie')).toBeVisible();
  await axe();

  await page.getByRole('link', { name: "Modifier l'événement" }).click();
  await expect(page).toHaveURL(/\/modification$/);
  await expect(page.getByLabel('Titre')).toHaveValue('Conseil de quartier');
  await page.getByLabel('Titre').fill('Conseil de quartier Nord');
  await page.getByLabel('Catégorie').selectOption({ label: 'Réunion' });
  // the server refuses the title once: its words land on the field, nothing is saved
  await mock.faults.add({
    method: 'PUT',
    path: `/api/calendar/1/event/${event.id}`,
    status: 400,
    body: {
      message: 'Validation failed',
      errors: [{ path: 'title', message: 'title already used that day' }],
    },
    times: 1,
  });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByLabel('Titre')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('title already used that day', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/modification$/);
  expect(((await (await read()).json()) as SavedEvent).title).toBe('Conseil de quartier');
  await axe();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendrier/1/evenement/${event.id}$`));
  await expect(toasts.success).toHaveText("L'événement a bien été enregistré.");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conseil de quartier Nord');
  await expect(page.getByText('Réunion', { exact: true })).toBeVisible();
  const saved = (await (await read()).json()) as SavedEvent;
  expect(saved).toMatchObject({ title: 'Conseil de quartier Nord', description: 'Salle du conseil' });
  expect(saved.categoryId).not.toBeNull();

  // a failed delete keeps the dialog with the reason; the retry deletes
  await mock.faults.add({
    method: 'DELETE',
    path: `/api/calendar/1/event/${event.id}`,
    status: 500,
    times: 1,
  });
  await page.getByRole('button', { name: "Supprimer l'événement" }).click();
  const dialog = new Dialog(page);
  await expect(dialog.root).toContainText("Supprimer l'événement « Conseil de quartier Nord »");
  await dialog.button('Supprimer').click();
  await expect(dialog.alert).toContainText('La suppression a échoué.');
  expect((await read()).status()).toBe(200);
  await dialog.button('Supprimer').click();
  await expect(page).toHaveURL(/\/calendrier\/1\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(toasts.saying("L'élément a bien été supprimé.")).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conseil de quartier Nord' })).toHaveCount(0);
  expect((await read()).status()).toBe(404);
});

test('leaving an edited event unsaved asks first, and Cancel keeps the event as it was', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
}) => {
  const { event } = await createEvent(mock, mockUrl, request, 'Atelier compost');
  await signInAs('calendar-user', `/calendrier/1/evenement/${event.id}/modification`);
  await page.getByLabel('Titre').fill('Atelier compost et paillage');
  await page.getByRole('link', { name: "Retour à l'événement" }).click();
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await question.stay();
  await expect(page).toHaveURL(/\/modification$/);
  await expect(page.getByLabel('Titre')).toHaveValue('Atelier compost et paillage');
});

test('an event opens from the week view, and from the agenda on a phone', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
  axe,
}) => {
  const { event } = await createEvent(mock, mockUrl, request, 'Visite de chantier');
  await signInAs('calendar-user', '/calendrier/1?view=week');
  await page.getByRole('table').getByRole('link', { name: 'Visite de chantier' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendrier/1/evenement/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visite de chantier');
  await page.getByRole('link', { name: /^Retour à Calendrier/ }).click();
  await expect(page).toHaveURL(/\/calendrier\/1\?date=/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/calendrier/1?view=week');
  const agenda = page.getByRole('region', { name: /^Semaine du / });
  await agenda.getByRole('link', { name: 'Visite de chantier' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visite de chantier');
  await expect(page.getByRole('link', { name: "Modifier l'événement" })).toBeVisible();
  await axe();
});
