import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@/test/render';
import {
  controlOf,
  createPersona,
  openScreen,
  resetMock,
  signInPersona,
  startMockBackend,
} from '@/test/mock-backend';

let mock: Awaited<ReturnType<typeof startMockBackend>>;
beforeAll(async () => {
  await setupI18n();
  mock = await startMockBackend();
}, 60_000);
afterAll(() => mock.close());
beforeEach(() => resetMock(mock));

const setZone = (text: string) =>
  fireEvent.change(screen.getByLabelText(/Sommets de la zone/), { target: { value: text } });

describe('public works', { timeout: 60_000 }, () => {
  it('shows the counts by status, refuses an end before the start and a zone outside the shape, then plans a work', async () => {
    await signInPersona(mock, 'works-planner');
    await openScreen('/travaux');
    const planned = await screen.findByTestId('work-stat-PLANNED');
    await waitFor(() => expect(planned).toHaveTextContent('Planifiés 3'));
    expect(await screen.findByText('15 chantiers')).toBeInTheDocument();

    cleanup();
    const { router } = await openScreen('/travaux/nouveau');
    await waitFor(() => expect(screen.getByLabelText('Organisation')).toHaveDisplayValue('Ville de Dijon'), {
      timeout: 10_000,
    });
    await waitFor(
      () =>
        expect(screen.getByLabelText('Organisation')).toHaveAccessibleDescription(/UUID-2 \(espace UUID-1\)/),
      { timeout: 5000 },
    );
    await userEvent.type(screen.getByLabelText('Intitulé'), 'Reprise de trottoir rue Musette');
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2027-04-10' } });
    fireEvent.change(screen.getByLabelText('Date de fin'), { target: { value: '2027-04-01' } });
    await screen.findByText(/en vert/);
    setZone('47.32, 5.04\n47.32, 5.042\n47.40, 5.042');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les travaux' }));
    expect(
      await screen.findByText('La date de fin ne peut pas être antérieure à la date de début.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/La zone sort de votre secteur/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Date de fin'), { target: { value: '2027-04-20' } });
    setZone('47.32, 5.04\n47.32, 5.042\n47.322, 5.042');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les travaux' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/travaux\/\d+$/), {
      timeout: 10_000,
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Reprise de trottoir rue Musette' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const data = screen.getByRole('region', { name: 'Informations' });
    expect(within(data).getByText('Planifié')).toBeInTheDocument();
    expect(within(data).getByText('Ville de Dijon')).toBeInTheDocument();
  });

  it('edits a work and puts the server refusal of a zone on the zone field', async () => {
    await signInPersona(mock, 'works-planner');
    await controlOf(mock).faults.add({
      method: 'PUT',
      path: '/api/public-work/*',
      status: 400,
      times: 1,
      body: {
        message: 'Invalid body',
        errors: [
          { path: 'zone', message: 'the work zone leaves your geographic area (1 point(s) outside it)' },
        ],
      },
    });
    try {
      const { router } = await openScreen('/travaux/edition/1');
      expect(await screen.findByLabelText('Intitulé', {}, { timeout: 10_000 })).toHaveValue(
        'Aménagement de carrefour 1',
      );
      expect(screen.getByLabelText('Organisation')).toHaveDisplayValue('Ville de Dijon');
      // the zone's four vertices, one "latitude, longitude" a line
      expect(screen.getByLabelText<HTMLTextAreaElement>(/Sommets de la zone/).value).toMatch(
        /^(47\.\d+, 5\.\d+\n){3}47\.\d+, 5\.\d+$/,
      );
      await screen.findByText(/en vert/);
      await userEvent.selectOptions(screen.getByLabelText('Statut'), 'IN_PROGRESS');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les travaux' }));
      // the field says it in French; the server's words only under the technical details
      expect(
        await screen.findByText(/Refusé par le serveur : Les informations envoyées n'ont pas été acceptées/),
      ).toBeInTheDocument();
      const failure = screen
        .getByText("Les travaux n'ont pas été enregistrés.")
        .closest<HTMLElement>('[role="alert"]')!;
      expect(within(failure).getByText('Détails techniques')).toBeInTheDocument();
      expect(within(failure).getByText(/zone: the work zone leaves your geographic area/)).not.toBeVisible();
      expect(screen.getByLabelText(/Sommets de la zone/)).toHaveAttribute('aria-invalid', 'true');
      expect(router.state.location.pathname).toBe('/travaux/edition/1');
      // the fault served once: the same save now goes through
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les travaux' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/travaux/1'), { timeout: 10_000 });
      // in the detail's data: the edit form's status option says 'En cours' too until the detail route has loaded
      const data = await screen.findByRole('region', { name: 'Informations' }, { timeout: 10_000 });
      expect(within(data).getByText('En cours')).toBeInTheDocument();
    } finally {
      await controlOf(mock).faults.clear();
    }
  });

  it("starts a new work with the planner's organization service id when the planner has several organizations", async () => {
    // Ville de Dijon (2) does not offer the public space planner service, Ville de Quetigny (5) does
    await createPersona(mock, {
      id: 'planner-two-orgs',
      roles: ['ROLE_PUBLIC_SPACE_PLANNER'],
      contractIds: [1],
      organizationIds: [2, 5],
    });
    await signInPersona(mock, 'planner-two-orgs');
    await openScreen('/travaux/nouveau');
    const select = await screen.findByLabelText('Organisation', {}, { timeout: 10_000 });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Ville de Dijon', 'Ville de Quetigny']));
    expect(select).toHaveDisplayValue('Ville de Quetigny');
  });
});
