import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { asPersona, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';

const mock = withMockBackend();

describe('signals', { timeout: 60_000 }, () => {
  it('lists the signals of the contract, paged, and filters them by status in the URL', async () => {
    await signInPersona(mock, 'signal-agent');
    const { router } = await openScreen('/signalement');
    expect(await screen.findByText('40 signalements')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Signalements' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    await userEvent.selectOptions(screen.getByLabelText('Statut'), 'RESOLVED');
    await waitFor(() => expect(router.state.location.search).toContain('status=RESOLVED'));
    await waitFor(() => {
      const badges = within(table).getAllByText(/Nouveau|En cours|Résolu|Rejeté/);
      expect(badges.length).toBeGreaterThan(0);
      expect(badges.every((b) => b.textContent === 'Résolu')).toBe(true);
    });
  });

  it('refuses a signal without a location, then creates one and opens its detail', async () => {
    await signInPersona(mock, 'signal-agent');
    const { router } = await openScreen('/signalement/signaler');
    await userEvent.selectOptions(
      screen.getByLabelText('Catégorie'),
      await screen.findByRole('option', { name: 'Propreté' }),
    );
    await userEvent.type(screen.getByLabelText('Description'), 'Dépôt sauvage rue Monge');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await screen.findByText(/Choisissez l'emplacement/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Latitude'), '47.318');
    await userEvent.type(screen.getByLabelText('Longitude'), '5.035');
    await userEvent.type(screen.getByLabelText('Adresse'), '12 rue Monge, Dijon');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/signalement\/signal\/\d+$/), {
      timeout: 10_000,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Signalement n° \d+/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Dépôt sauvage rue Monge')).toBeInTheDocument();
    expect(screen.getByText('12 rue Monge, Dijon')).toBeInTheDocument();
    expect(screen.getByText('Signalement créé')).toBeInTheDocument();
  });

  it('finds an address with the geocoder of the map search and places the point there', async () => {
    await signInPersona(mock, 'signal-agent');
    await openScreen('/signalement/signaler');
    // the map, with its search, loads when the agent opens it
    await userEvent.click(await screen.findByRole('button', { name: 'Afficher la carte' }));
    await userEvent.type(
      await screen.findByRole('combobox', { name: 'Rechercher une adresse' }, { timeout: 10_000 }),
      'Talant',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    const option = await screen.findByRole('option', { name: /^Talant 21240/ }, { timeout: 10_000 });
    expect(option).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText('Adresse')).toHaveValue(option.textContent));
    expect(screen.getByLabelText('Latitude')).not.toHaveValue(null);
    expect(screen.getByLabelText('Longitude')).not.toHaveValue(null);
    expect(screen.getByRole('status')).toHaveTextContent('Talant 21240');
  });

  it('lets a signal operator move a new signal with a comment, then reject it with a confirmed reason', async () => {
    const [signal] = await asPersona<{ id: number }[]>(
      mock,
      'signal-agent',
      '/api/signal?contract=1&status=NEW',
    );
    await signInPersona(mock, 'signal-agent');
    await openScreen(`/signalement/signal/${signal!.id}`);
    const panel = await screen.findByRole('region', { name: 'Traitement du signalement' });
    // every status but the current one
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Prendre en charge', 'Marquer comme résolu', 'Rejeter le signalement']);
    const history = screen.getByRole('table', { name: 'Historique du signalement' });
    const before = within(history).getAllByRole('row').length;
    await userEvent.type(within(panel).getByLabelText('Commentaire (facultatif)'), 'Nid-de-poule rebouché');
    await userEvent.click(within(panel).getByRole('button', { name: 'Marquer comme résolu' }));
    expect(await screen.findByText('Le signalement est maintenant : Résolu.')).toBeInTheDocument();
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(before + 1));
    expect(within(history).getByText('Nid-de-poule rebouché')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Commentaire (facultatif)')).toHaveValue('');

    // rejecting asks for a reason first, as for a request
    await userEvent.click(within(panel).getByRole('button', { name: 'Rejeter le signalement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter le signalement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rejeter le signalement' }));
    expect(await within(dialog).findByText('Indiquez le motif du rejet.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Motif du rejet'), 'Doublon du signalement voisin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rejeter le signalement' }));
    expect(await screen.findByText('Le signalement est maintenant : Rejeté.')).toBeInTheDocument();
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(before + 2));
    expect(within(history).getByText('Doublon du signalement voisin')).toBeInTheDocument();
  });
});
