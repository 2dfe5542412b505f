// Calendars (/calendrier, /calendrier/{id}, /calendrier/{id}/evenement): the calendars a calendar
// user reaches, month and week views with French names, an event created and shown in the month,
// an end before the start refused with a clear message, category management for calendar admins,
// the category filter (the events of unticked categories hidden, back once cleared, kept in the
// address; 'Sans catégorie' an option of its own, ticked by default), the week as an agenda on a
// phone, and the refusal of a persona without a calendar role (route and calls).
import { test, expect, Dialog } from '../../fixtures/index.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long' }).format(now);
// French capitals: the first letter only ('Novembre 2026')
const monthTitle = `${monthName.charAt(0).toUpperCase()}${monthName.slice(1)} ${now.getFullYear()}`;

test('a calendar user reaches the calendars and reads the month and the week in French', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  test.setTimeout(90_000);
  // the calendars the persona reaches, as the server answers them: one row each under the header row
  const calendars = await mock.getAs('calendar-user', 'listCalendars', { query: { contract: 1 } });
  expect(calendars.length).toBeGreaterThan(0);
  // axe runs right after clicks: without transitions a button is never checked mid-fade between colours
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs('calendar-user', '/calendrier');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendriers');
  await expect(list.table).toHaveAccessibleName('Calendriers');
  await expect(list.rows).toHaveCount(calendars.length);
  await axe();

  await list.table.getByRole('link', { name: 'Calendrier Dijon Métropole', exact: true }).click();
  await expect(page).toHaveURL(/\/calendrier\/1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendrier Dijon Métropole');
  await expect(page.getByRole('heading', { level: 2, name: monthTitle, exact: true })).toBeVisible();
  const grid = page.getByRole('table', { name: monthTitle });
  for (const day of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']) {
    await expect(grid.getByRole('columnheader', { name: day, exact: true })).toBeVisible();
  }
  // the scenario's events of the displayed weeks are there, marked with their categories
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Semaine', exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(
    page.getByRole('heading', { level: 2, name: /^Semaine du \d+ \p{Ll}+ au \d+ \p{Ll}+ \d{4}$/u }),
  ).toBeVisible();
  await expect(page.getByRole('columnheader').first()).toHaveText(/^Lundi \d+ \p{Ll}+$/u);
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await axe();
});

test('an event is created and shows in the month view; an end before the start is refused', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  await signInAs('calendar-user', '/calendrier/1/evenement');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Nouvel événement – Calendrier Dijon Métropole',
  );
  await page.getByLabel('Titre').fill('Visite du chantier Monge');
  await page.getByLabel('Catégorie').selectOption({ label: 'Chantier' });
  await page.getByLabel('Début').fill(`${month}-15T14:00`);
  await page.getByLabel('Fin').fill(`${month}-15T09:30`);
  await page.getByRole('button', { name: "Créer l'événement" }).click();
  await expect(page.getByText('La date de fin ne peut pas précéder la date de début.')).toBeVisible();
  await expect(page.getByLabel('Fin')).toHaveAttribute('aria-invalid', 'true');
  await axe();
  // nothing was created
  const { token } = await mock.token('calendar-user');
  const saved = await request.get(
    `${mockUrl}/api/calendar/1/event?startDate=${month}-01&endDate=${month}-28`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(((await saved.json()) as { title: string }[]).map((e) => e.title)).not.toContain(
    'Visite du chantier Monge',
  );

  await page.getByLabel('Fin').fill(`${month}-15T16:30`);
  await page.getByRole('button', { name: "Créer l'événement" }).click();
  await expect(page).toHaveURL(new RegExp(`/calendrier/1\\?date=${month}-15$`));
  await expect(page.getByRole('alert').filter({ hasText: "L'événement a bien été créé." })).toBeVisible();
  const grid = page.getByRole('table', { name: monthTitle });
  const day = grid.getByRole('list', { name: new RegExp(`^Événements du 15 `) });
  await expect(day.getByRole('listitem').filter({ hasText: 'Visite du chantier Monge' })).toBeVisible();

  // still there when the month is opened afresh, and in the week with its hours
  await page.goto(`/calendrier/1?view=week&date=${month}-15`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Visite du chantier Monge' })).toContainText(
    '14:00 – 16:30',
  );
});

test(
  'the server refuses an event ending before it starts, with the field named',
  // the call breaks the contract on purpose: the server's refusal is the point
  { annotation: { type: 'contract-violations', description: 'an event ending before it starts' } },
  async ({ mock, mockUrl, request }) => {
    const { token } = await mock.token('calendar-user');
    const response = await request.post(`${mockUrl}/api/calendar/1/event`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: 'À rebours', startDate: `${month}-10T10:00:00Z`, endDate: `${month}-09T10:00:00Z` },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual([
      { path: 'endDate', message: 'the end is before the start' },
    ]);
  },
);

test('a calendar admin adds a category, filters by it, and deletes it', async ({
  toasts,
  page,
  signInAs,
  axe,
}) => {
  test.setTimeout(90_000);
  await signInAs('calendar-admin', '/calendrier/1');
  const panel = page.getByRole('region', { name: 'Gérer les catégories' });
  await panel.getByLabel('Nouvelle catégorie').fill('Inspection');
  await panel.getByRole('button', { name: 'Ajouter la catégorie' }).click();
  await expect(panel.getByRole('cell', { name: 'Inspection', exact: true })).toBeVisible();
  const filter = page.getByRole('group', { name: 'Catégories' });
  // the filter lives in the URL: the box shows the new state once the address has changed
  await filter.getByRole('checkbox', { name: 'Réunion' }).click();
  await expect(page).toHaveURL(/categories=/);
  await expect(filter.getByRole('checkbox', { name: 'Réunion' })).not.toBeChecked();
  await axe();

  await panel.getByRole('button', { name: 'Supprimer la catégorie Inspection' }).click();
  await new Dialog(page).button('Supprimer').click();
  await expect(panel.getByRole('cell', { name: 'Inspection', exact: true })).toHaveCount(0);
  await expect(toasts.saying('La catégorie a été supprimée.')).toBeVisible();
});

test('a calendar user sees no category management, and the server refuses it', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
}) => {
  await signInAs('calendar-user', '/calendrier/1');
  await expect(page.getByRole('group', { name: 'Catégories' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gérer les catégories' })).toHaveCount(0);
  const { token } = await mock.token('calendar-user');
  const response = await request.post(`${mockUrl}/api/calendar/1/category`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { label: 'Pirate', color: '#000000' },
  });
  expect(response.status()).toBe(403);
});

interface CalendarState {
  tables: {
    calendarCategories: { id: number; calendarId: number; label: string }[];
    calendarEvents: {
      id: number;
      calendarId: number;
      title: string;
      categoryId: number | null;
      startDate: string;
      endDate: string;
    }[];
  };
}

/** The year and month of an instant in the browser's time zone (Europe/Paris), as YYYY-MM. */
const parisMonth = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(
    new Date(iso),
  );

/** Calendar 1's categories and the events that start and end within the displayed month, from the state. */
async function monthOfCalendar1(mock: { exportState<T>(): Promise<T> }) {
  const { tables } = await mock.exportState<CalendarState>();
  const categories = tables.calendarCategories.filter((c) => c.calendarId === 1);
  const events = tables.calendarEvents.filter(
    (e) => e.calendarId === 1 && parisMonth(e.startDate) === month && parisMonth(e.endDate) === month,
  );
  const titlesOf = (categoryId: number | null) =>
    events.filter((e) => e.categoryId === categoryId).map((e) => e.title);
  return { categories, events, titlesOf };
}

test('the category filter hides the events of the unticked categories and shows them again once cleared', async ({
  page,
  signInAs,
  mock,
}) => {
  test.setTimeout(90_000);
  const { categories, events, titlesOf } = await monthOfCalendar1(mock);
  const [hidden, ...kept] = categories;
  if (!hidden || kept.length === 0)
    throw new Error('calendar 1 needs at least two categories in the scenario');
  const hiddenTitles = titlesOf(hidden.id);
  const keptTitles = kept.flatMap((c) => titlesOf(c.id));
  expect(hiddenTitles.length, `events of ${hidden.label} this month`).toBeGreaterThan(0);
  expect(keptTitles.length, 'events of the other categories this month').toBeGreaterThan(0);

  await signInAs('calendar-user', '/calendrier/1');
  const grid = page.getByRole('table', { name: monthTitle });
  const event = (title: string) => grid.getByText(title, { exact: true });
  for (const title of events.map((e) => e.title)) await expect(event(title)).toBeVisible();

  const filter = page.getByRole('group', { name: 'Catégories' });
  // the box is driven by the address: it shows the new state once the address has changed
  await filter.getByRole('checkbox', { name: hidden.label }).click();
  await expect(page).toHaveURL(/categories=/);
  await expect(filter.getByRole('checkbox', { name: hidden.label })).not.toBeChecked();
  for (const title of hiddenTitles) await expect(event(title), title).toHaveCount(0);
  for (const title of keptTitles) await expect(event(title), title).toBeVisible();

  // only one category kept: the others' events go too
  const [only, ...others] = kept;
  if (!only) throw new Error('unreachable');
  for (const other of others) {
    await filter.getByRole('checkbox', { name: other.label }).click();
    await expect(filter.getByRole('checkbox', { name: other.label })).not.toBeChecked();
  }
  for (const title of titlesOf(only.id)) await expect(event(title), title).toBeVisible();
  for (const title of others.flatMap((c) => titlesOf(c.id))) await expect(event(title), title).toHaveCount(0);

  // cleared: every category ticked, every event of the month back (those without a category too)
  await filter.getByRole('button', { name: 'Toutes les catégories' }).click();
  await expect(page).not.toHaveURL(/categories=/);
  for (const c of categories) await expect(filter.getByRole('checkbox', { name: c.label })).toBeChecked();
  await expect(filter.getByRole('button', { name: 'Toutes les catégories' })).toHaveCount(0);
  for (const title of events.map((e) => e.title)) await expect(event(title), title).toBeVisible();

  // the filter lives in the address: reopening the page with one category shows only its events
  await page.goto(`/calendrier/1?categories=${hidden.id}`);
  for (const title of hiddenTitles) await expect(event(title), title).toBeVisible();
  for (const title of keptTitles) await expect(event(title), title).toHaveCount(0);
});

test('the events without a category have an option of their own, ticked by default, never hidden silently', async ({
  page,
  signInAs,
  mock,
}) => {
  test.setTimeout(90_000);
  const { categories, titlesOf } = await monthOfCalendar1(mock);
  const uncategorized = titlesOf(null);
  const [first] = categories;
  if (!first) throw new Error('calendar 1 needs a category in the scenario');
  const firstTitles = titlesOf(first.id);
  expect(uncategorized.length, 'events without a category this month').toBeGreaterThan(0);

  await signInAs('calendar-user', '/calendrier/1');
  const grid = page.getByRole('table', { name: monthTitle });
  const event = (title: string) => grid.getByText(title, { exact: true });
  const filter = page.getByRole('group', { name: 'Catégories' });
  const none = filter.getByRole('checkbox', { name: 'Sans catégorie' });
  await expect(none).toBeChecked();
  for (const title of uncategorized) await expect(event(title), title).toBeVisible();

  // a category unticked: the events without one stay
  await filter.getByRole('checkbox', { name: first.label }).click();
  await expect(filter.getByRole('checkbox', { name: first.label })).not.toBeChecked();
  for (const title of firstTitles) await expect(event(title), title).toHaveCount(0);
  for (const title of uncategorized) await expect(event(title), title).toBeVisible();

  // only when the user unticks 'Sans catégorie' do they go
  await none.click();
  await expect(none).not.toBeChecked();
  for (const title of uncategorized) await expect(event(title), title).toHaveCount(0);
  await none.click();
  await expect(none).toBeChecked();
  for (const title of uncategorized) await expect(event(title), title).toBeVisible();
});

test('on a phone the week is an agenda: one heading per day, no sideways scrolling', async ({
  page,
  signInAs,
  axe,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('calendar-user', '/calendrier/1?view=week');
  const agenda = page.getByRole('region', { name: /^Semaine du / });
  await expect(agenda).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const days = agenda.getByRole('heading', { level: 3 });
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveText(/^Lundi \d+ \p{Ll}+$/u);
  await expect(days.last()).toHaveText(/^Dimanche \d+ \p{Ll}+$/u);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await axe();
});
