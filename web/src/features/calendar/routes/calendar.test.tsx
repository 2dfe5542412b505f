import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { asPersona, fetchAs, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';
import { dayKey, visibleDays, visibleRange } from '../components/dates';

const mock = withMockBackend();

const apiGet = <T,>(persona: string, path: string): Promise<T> => asPersona<T>(mock, persona, path);

describe('calendars', { timeout: 60_000 }, () => {
  it('lists the calendars of the contract and opens one', async () => {
    await signInPersona(mock, 'calendar-user');
    const { router } = await openScreen('/calendrier');
    const table = await screen.findByRole('table', { name: 'Calendriers' });
    const link = await within(table).findByRole('link', { name: 'Calendrier Dijon Métropole' });
    expect(screen.getByText('4 calendriers accessibles')).toBeInTheDocument();
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendrier/1'));
  });

  it("names each place of the breadcrumb once, and the way back by the calendar's own name", async () => {
    await signInPersona(mock, 'calendar-admin');
    await openScreen('/calendrier/1/evenement');
    const back = await screen.findByRole('link', { name: /^Retour/ });
    expect(back).toHaveTextContent(/^Retour à Calendrier Dijon Métropole$/);
    const crumbs = within(screen.getByRole('navigation', { name: "Fil d'Ariane" }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(crumbs).toEqual([
      'Accueil',
      'Calendriers',
      'Calendrier',
      'Nouvel événement – Calendrier Dijon Métropole',
    ]);
  });

  it('shows the month with French day names and the events between the displayed dates, then the week', async () => {
    await signInPersona(mock, 'calendar-user');
    const days = visibleDays('month', new Date());
    const range = visibleRange(days);
    const expected = await apiGet<{ title: string }[]>(
      'calendar-user',
      `/api/calendar/1/event?startDate=${range.startDate}&endDate=${range.endDate}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const { router } = await openScreen('/calendrier/1');
    const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long' }).format(new Date());
    // French capitals: the first letter of the title only ('Novembre 2026')
    const title = `${monthName.charAt(0).toUpperCase()}${monthName.slice(1)} ${new Date().getFullYear()}`;
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: title });
    expect(within(grid).getByRole('columnheader', { name: 'Lundi' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Dimanche' })).toBeInTheDocument();
    expect(await within(grid).findByText(expected[0]!.title)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Semaine' }));
    await waitFor(() => expect(router.state.location.search).toContain('view=week'));
    // one capital: 'Semaine du 16 novembre au 22 novembre 2026', and 'Lundi 16 novembre' in the columns
    expect(
      await screen.findByRole('heading', { name: /^Semaine du \d+ [a-zéû]+ au \d+ [a-zéû]+ \d{4}$/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent(/^Lundi \d+ [a-zéû]+$/);
    await userEvent.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    const previousMonday = dayKey(visibleDays('week', new Date(Date.now() - 7 * 86_400_000))[0]!);
    await waitFor(() => expect(router.state.location.search).toContain(`date=`));
    expect(screen.getByRole('table').querySelector('thead')?.textContent).toContain(
      String(Number(previousMonday.slice(8))),
    );
  });

  it('filters by category in the URL', async () => {
    await signInPersona(mock, 'calendar-user');
    const { router } = await openScreen('/calendrier/1');
    const filter = await screen.findByRole('group', { name: 'Catégories' });
    await userEvent.click(await within(filter).findByRole('checkbox', { name: 'Réunion' }));
    // 'Sans catégorie' is an option of its own, ticked by default, and stays kept
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.search)).toContain('categories=2,3,none'),
    );
    expect(within(filter).getByRole('checkbox', { name: 'Réunion' })).not.toBeChecked();
    expect(within(filter).getByRole('checkbox', { name: 'Sans catégorie' })).toBeChecked();
    await userEvent.click(within(filter).getByRole('checkbox', { name: 'Sans catégorie' }));
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.search)).toMatch(/categories=2,3(&|$)/),
    );
    expect(within(filter).getByRole('checkbox', { name: 'Sans catégorie' })).not.toBeChecked();
    await userEvent.click(within(filter).getByRole('button', { name: 'Toutes les catégories' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('categories'));
  });

  it('refuses an end before the start, then creates the event and shows it in the month', async () => {
    await signInPersona(mock, 'calendar-user');
    const { router } = await openScreen('/calendrier/1/evenement');
    await userEvent.type(await screen.findByLabelText('Titre'), 'Comité de pilotage');
    await userEvent.selectOptions(screen.getByLabelText('Catégorie'), 'Réunion');
    const start = screen.getByLabelText('Début');
    const end = screen.getByLabelText('Fin');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-10T14:00');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-10T09:00');
    await userEvent.click(screen.getByRole('button', { name: "Créer l'événement" }));
    expect(
      await screen.findByText('La date de fin ne peut pas précéder la date de début.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/calendrier/1/evenement');

    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-10T16:00');
    await userEvent.click(screen.getByRole('button', { name: "Créer l'événement" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendrier/1'), { timeout: 10_000 });
    expect(router.state.location.search).toContain('date=2026-03-10');
    const grid = await screen.findByRole('table', { name: /Mars 2026/ });
    expect(await within(grid).findByText('Comité de pilotage')).toBeInTheDocument();
    expect(screen.getByText("L'événement a bien été créé.")).toBeInTheDocument();
  });

  it('lets a calendar admin add a category, shown at once in the filter', async () => {
    await signInPersona(mock, 'calendar-admin');
    await openScreen('/calendrier/1');
    const panel = await screen.findByRole('region', { name: 'Gérer les catégories' });
    await userEvent.type(within(panel).getByLabelText('Nouvelle catégorie'), 'Inspection');
    await userEvent.click(within(panel).getByRole('button', { name: 'Ajouter la catégorie' }));
    expect(await within(panel).findByRole('cell', { name: 'Inspection' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('group', { name: 'Catégories' })).findByRole('checkbox', {
        name: 'Inspection',
      }),
    ).toBeInTheDocument();
  });

  it('says a category was added, then that it was deleted (not that changes were saved)', async () => {
    await signInPersona(mock, 'calendar-admin');
    await openScreen('/calendrier/1');
    const panel = await screen.findByRole('region', { name: 'Gérer les catégories' });
    await userEvent.type(within(panel).getByLabelText('Nouvelle catégorie'), 'Inspection');
    await userEvent.click(within(panel).getByRole('button', { name: 'Ajouter la catégorie' }));
    expect(await screen.findByText('La catégorie a été ajoutée.')).toBeInTheDocument();
    await within(panel).findByRole('cell', { name: 'Inspection' });

    await userEvent.click(within(panel).getByRole('button', { name: 'Supprimer la catégorie Inspection' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer la catégorie Inspection' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La catégorie a été supprimée.')).toBeInTheDocument();
    expect(screen.queryByText('Les modifications ont bien été enregistrées.')).toBeNull();
  });

  it('hides the category panel from a calendar user', async () => {
    await signInPersona(mock, 'calendar-user');
    await openScreen('/calendrier/1');
    await screen.findByRole('group', { name: 'Catégories' });
    expect(screen.queryByRole('region', { name: 'Gérer les catégories' })).toBeNull();
  });
});

describe('calendar events', { timeout: 60_000 }, () => {
  async function createEvent(title: string): Promise<{ id: number; startDate: string }> {
    const start = new Date();
    start.setDate(15);
    start.setHours(10, 0, 0, 0);
    const end = new Date(start.getTime() + 3_600_000);
    const response = await fetchAs(mock, 'calendar-user', '/api/calendar/1/event', {
      method: 'POST',
      body: JSON.stringify({
        title,
        categoryId: null,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        description: 'Ordre du jour à venir',
      }),
    });
    return (await response.json()) as { id: number; startDate: string };
  }

  it('opens an event from the month, edits it, then deletes it after a confirmation', async () => {
    await signInPersona(mock, 'calendar-user');
    const created = await createEvent('Réunion de quartier');
    const { router } = await openScreen('/calendrier/1');
    await userEvent.click(await screen.findByRole('link', { name: 'Réunion de quartier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/calendrier/1/evenement/${created.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Réunion de quartier' })).toBeInTheDocument();
    expect(screen.getByText('Ordre du jour à venir')).toBeInTheDocument();
    expect(screen.getByText('Sans catégorie')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: "Modifier l'événement" }));
    const title = await screen.findByLabelText('Titre');
    expect(title).toHaveValue('Réunion de quartier');
    await userEvent.clear(title);
    await userEvent.type(title, 'Réunion de quartier Nord');
    await userEvent.selectOptions(screen.getByLabelText('Catégorie'), 'Réunion');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réunion de quartier Nord' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/calendrier/1/evenement/${created.id}`);
    expect(screen.getByText('Réunion')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: "Supprimer l'événement" }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendrier/1'));
    expect(router.state.location.search).toContain(`date=${dayKey(new Date(created.startDate))}`);
    await screen.findByRole('table');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Réunion de quartier Nord' })).toBeNull());
  });

  it('keeps the edit page on an end before the start, and nothing is saved', async () => {
    await signInPersona(mock, 'calendar-user');
    const created = await createEvent('Atelier vélo');
    const { router } = await openScreen(`/calendrier/1/evenement/${created.id}/modification`);
    const end = await screen.findByLabelText('Fin');
    await userEvent.clear(end);
    await userEvent.type(end, '2020-01-01T08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('La date de fin ne peut pas précéder la date de début.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/calendrier/1/evenement/${created.id}/modification`);
    const saved = await apiGet<{ endDate: string }>('calendar-user', `/api/calendar/1/event/${created.id}`);
    expect(saved.endDate.startsWith('2020')).toBe(false);
  });
});
